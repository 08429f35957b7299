import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq, isTable } from 'drizzle-orm'
import { getTableConfig } from 'drizzle-orm/pg-core'
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildImage, createAccount, createSession } from '../../test/factories'
import { useTestApp } from '../../test/harness'
import { subscribe } from '../../test/payments'
import { mailVerifications, passwordResets } from '../auth/auth.schema'
import { hashPassword } from '../auth/passwords'
import type { EventEnvelope } from '../events'
import { createFileDeletions } from '../files/file-deletions'
import { storageDeletions } from '../files/files.schema'
import { profileImages, profiles } from '../profile/profile.schema'
import { sessions } from '../sessions/sessions.schema'
import { throttleBuckets } from '../throttle/throttle.schema'
import { accounts } from './accounts.schema'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const PASSWORD = 'sakura-purikura-7'

let passwordHash: string
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD)
})

describe('leaving: account deletion', () => {
  const ctx = useTestApp()

  async function member(overrides: Parameters<typeof createAccount>[1] = {}) {
    const account = await createAccount(ctx().db, { passwordHash, ...overrides })
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    return { account, cookie }
  }

  function call(options: InjectOptions & { cookie?: string }) {
    const { cookie, headers, ...rest } = options
    return ctx().app.inject({
      remoteAddress: '192.0.2.20',
      ...rest,
      headers: { ...XHR, ...headers, ...(cookie ? { cookie } : {}) },
    })
  }

  const leave = (cookie: string | undefined, payload: unknown) =>
    call({ method: 'POST', url: '/sp/2/account/leave', cookie, payload: payload as object })

  const login = (mailAddress: string, password: string) =>
    call({ method: 'POST', url: '/sp//ajax/login/', payload: { mailAddress, password } })

  async function uploadProfileImage(cookie: string) {
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(await buildImage())], { type: 'image/jpeg' }), 'me.jpg')
    const body = new Response(form)
    const response = await call({
      method: 'POST',
      url: '/sp/profile/image',
      cookie,
      headers: { 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    })
    expect(response.statusCode).toBe(200)
    return response.json().entity as { imageId: string }
  }

  async function accountExists(id: string) {
    return (await ctx().db.select().from(accounts).where(eq(accounts.id, id))).length === 1
  }

  describe('what the page is told first', () => {
    it('answers who may leave and whether the password is asked', async () => {
      const cases = [
        [{}, { status: 'ALLOWED', passwordRequired: true, premiumUntil: null }],
        [{ passwordHash: null }, { status: 'ALLOWED', passwordRequired: false, premiumUntil: null }],
        [{ official: true }, { status: 'OFFICIAL', passwordRequired: true, premiumUntil: null }],
        // Premium without paying for it (nothing renews): may leave, giving up the rest of it.
        [
          { membershipStatus: 'PREMIUM' as const },
          { status: 'ALLOWED', passwordRequired: true, premiumUntil: '2100-01-01T09:00:00' },
        ],
        // The junior-high free premium: nothing renews, so it may leave (the page says what ends);
        // `premiumUntil` is the paid premium's alone.
        [
          { membershipStatus: 'JHS_PREMIUM' as const },
          { status: 'ALLOWED', passwordRequired: true, premiumUntil: null },
        ],
        // Premium that has run out is nothing to give up.
        [
          { premiumUntil: new Date('2026-11-01T00:00:00Z') },
          { status: 'ALLOWED', passwordRequired: true, premiumUntil: null },
        ],
      ] as const
      const answer = async (cookie: string) => (await call({ url: '/sp/2/account/leave', cookie })).json()
      for (const [overrides, expected] of cases) {
        const { cookie } = await member(overrides)
        expect(await answer(cookie), JSON.stringify(overrides)).toEqual({
          entity: expected,
          error: null,
          clock: null,
        })
      }
      const paying = await member()
      await subscribe(ctx(), paying.cookie)
      expect((await answer(paying.cookie)).entity).toEqual({
        status: 'PREMIUM_ACTIVE',
        passwordRequired: true,
        premiumUntil: '2026-12-20T12:00:00',
      })
    })

    it('is not for guests', async () => {
      const check = await call({ url: '/sp/2/account/leave' })
      expect(check.statusCode).toBe(401)
      const post = await leave(undefined, { confirmed: true, password: PASSWORD })
      expect(post.statusCode).toBe(401)
      expect(post.json().error.code).toBe('UNAUTHENTICATED')
    })
  })

  it('removes every row and file of the account, ends all its sessions, and signs this one out', async () => {
    const { account, cookie } = await member({ mailAddress: 'bye@example.jp' })
    const otherDevice = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    await call({
      method: 'PUT',
      url: '/sp/profile',
      cookie,
      payload: { nickname: 'ばいばい', birthday: '2000-01-01', gender: null, prefectureName: '大阪府' },
    })
    await uploadProfileImage(cookie)
    // Rows that only name the address: an old verification, and rate-limit windows.
    await ctx()
      .db.insert(mailVerifications)
      .values([
        { mailAddress: 'bye@example.jp', codeHash: 'x', linkTokenHash: 'y', expiresAt: ctx().clock.now() },
        { mailAddress: 'stay@example.jp', codeHash: 'x', linkTokenHash: 'y', expiresAt: ctx().clock.now() },
      ])
    // Password resets: one for the account, one that only names the address, one of someone else.
    const reset = { codeHash: 'x', linkTokenHash: 'y', expiresAt: ctx().clock.now() }
    await ctx()
      .db.insert(passwordResets)
      .values([
        { ...reset, mailAddress: 'bye@example.jp', accountId: account.id },
        { ...reset, mailAddress: 'bye@example.jp' },
        { ...reset, mailAddress: 'stay@example.jp' },
      ])
    await ctx()
      .db.insert(throttleBuckets)
      .values(
        ['regmail:to:', 'regmail:to:x', 'pwreset:to:', 'pwreset:wrong:', 'pwreset:to:x'].map((prefix) => ({
          key: `${prefix}bye@example.jp`,
          windowStart: ctx().clock.now(),
          hits: 1,
        })),
      )
    // Someone else's profile and image stay untouched.
    const other = await member()
    const othersImage = await uploadProfileImage(other.cookie)
    expect(ctx().storage.keys()).toHaveLength(2)

    const response = await leave(cookie, { confirmed: true, password: PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      entity: { account: null, membershipStatus: 'GUEST' },
      error: null,
      clock: null,
    })
    const cleared = response.cookies.find((c) => c.name === 'pbx_session')
    expect(cleared?.value).toBe('')

    expect(await accountExists(account.id)).toBe(false)
    expect(await ctx().db.select().from(sessions).where(eq(sessions.accountId, account.id))).toEqual([])
    expect(await ctx().db.select().from(profiles).where(eq(profiles.accountId, account.id))).toEqual([])
    expect(
      await ctx().db.select().from(profileImages).where(eq(profileImages.accountId, account.id)),
    ).toEqual([])
    expect((await ctx().db.select().from(mailVerifications)).map((row) => row.mailAddress)).toEqual([
      'stay@example.jp',
    ])
    expect((await ctx().db.select().from(passwordResets)).map((row) => row.mailAddress)).toEqual([
      'stay@example.jp',
    ])
    const keys = (await ctx().db.select().from(throttleBuckets)).map((row) => row.key)
    for (const gone of ['regmail:to:', 'pwreset:to:', 'pwreset:wrong:']) {
      expect(keys).not.toContain(`${gone}bye@example.jp`)
    }
    expect(keys).toEqual(expect.arrayContaining(['regmail:to:xbye@example.jp', 'pwreset:to:xbye@example.jp']))
    // The files are really gone from the storage, and nothing is left to sweep.
    expect(ctx().storage.keys()).toEqual([`profile/${othersImage.imageId}.jpg`])
    expect(await ctx().db.select().from(storageDeletions)).toEqual([])

    // Both devices are guests now; the address and password sign in to nothing.
    for (const session of [cookie, otherDevice.cookie]) {
      const self = await call({ url: '/sp/2/account/self', cookie: session })
      expect(self.json().entity.membershipStatus).toBe('GUEST')
      expect((await call({ url: '/sp/profile', cookie: session })).statusCode).toBe(401)
    }
    const again = await login('bye@example.jp', PASSWORD)
    expect(again.statusCode).toBe(401)
    expect(again.json().error.code).toBe('LOGIN_FAILED')
    expect(await accountExists(other.account.id)).toBe(true)
  })

  it('the address is free again: it can register anew', async () => {
    const { cookie } = await member({ mailAddress: 'again@example.jp' })
    await leave(cookie, { confirmed: true, password: PASSWORD })
    const sent = await call({
      method: 'POST',
      url: '/sp/2/api/account/mail_address',
      payload: { mailAddress: 'again@example.jp' },
    })
    expect(sent.statusCode).toBe(200)
    expect(ctx().mailer.last()!.subject).toMatch(/確認コード/)
  })

  it('an account without a password (LINE, Twitter, carrier) confirms by the tick alone', async () => {
    const { account, cookie } = await member({ passwordHash: null, mailAddress: null })
    const response = await leave(cookie, { confirmed: true, password: null })
    expect(response.statusCode).toBe(200)
    expect(await accountExists(account.id)).toBe(false)
  })

  it('official accounts cannot leave', async () => {
    const { account, cookie } = await member({ official: true })
    const response = await leave(cookie, { confirmed: true, password: PASSWORD })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('OFFICIAL_ACCOUNT_CANNOT_LEAVE')
    expect(await accountExists(account.id)).toBe(true)
  })

  it('a member paying for premium is told to cancel first', async () => {
    const { account, cookie } = await member()
    await subscribe(ctx(), cookie)
    const response = await leave(cookie, { confirmed: true, password: PASSWORD })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('PREMIUM_ACTIVE')
    expect(await accountExists(account.id)).toBe(true)
  })

  it('needs the tick', async () => {
    const { account, cookie } = await member()
    const response = await leave(cookie, { confirmed: false, password: PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('CONFIRMATION_REQUIRED')
    expect(await accountExists(account.id)).toBe(true)
  })

  it('refuses malformed bodies and requests without the CSRF header', async () => {
    const { account, cookie } = await member()
    for (const payload of [
      {},
      { confirmed: 'yes', password: PASSWORD },
      { confirmed: true },
      { confirmed: true, password: 12345678 },
      { confirmed: true, password: 'x'.repeat(1001) },
    ]) {
      const response = await leave(cookie, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
    }
    const forged = await ctx().app.inject({
      method: 'POST',
      url: '/sp/2/account/leave',
      headers: { cookie, origin: 'https://evil.example', ...XHR },
      payload: { confirmed: true, password: PASSWORD },
    })
    expect(forged.statusCode).toBe(403)
    expect(forged.json().error.code).toBe('CSRF_REJECTED')
    expect(await accountExists(account.id)).toBe(true)
  })

  describe('the password', () => {
    it('a wrong or missing password deletes nothing', async () => {
      const { account, cookie } = await member()
      for (const password of ['wrong-password', '', null]) {
        const response = await leave(cookie, { confirmed: true, password })
        expect(response.statusCode, String(password)).toBe(403)
        expect(response.json().error.code).toBe('PASSWORD_WRONG')
      }
      expect(await accountExists(account.id)).toBe(true)
      expect((await call({ url: '/sp/2/account/self', cookie })).json().entity.membershipStatus).toBe('MINI')
    })

    it("counts wrong passwords per session: 5 hold this browser's leaving for 15 minutes, strangers' sign-ins hold nothing", async () => {
      const { account, cookie } = await member({ mailAddress: 'locked@example.jp' })
      // Strangers failing to sign in to the account do not stop its owner from leaving.
      for (let i = 0; i < 12; i++) await login('locked@example.jp', 'nope-nope')
      for (let i = 0; i < 5; i++) {
        expect((await leave(cookie, { confirmed: true, password: 'nope-nope' })).statusCode).toBe(403)
      }
      const held = await leave(cookie, { confirmed: true, password: PASSWORD })
      expect(held.statusCode).toBe(429)
      expect(held.json().error.code).toBe('RATE_LIMITED')
      expect(held.headers['retry-after']).toBeDefined()
      expect(await accountExists(account.id)).toBe(true)

      ctx().clock.advance(15 * 60_000)
      expect((await leave(cookie, { confirmed: true, password: PASSWORD })).statusCode).toBe(200)
    })
  })

  it('a file that cannot be deleted at once stays listed, and the housekeeping deletes it later', async () => {
    const { account, cookie } = await member()
    const { imageId } = await uploadProfileImage(cookie)
    const storage = ctx().storage
    const realDelete = storage.delete
    storage.delete = async () => {
      throw new Error('object storage is down')
    }
    try {
      const response = await leave(cookie, { confirmed: true, password: PASSWORD })
      expect(response.statusCode).toBe(200)
    } finally {
      storage.delete = realDelete
    }
    expect(await accountExists(account.id)).toBe(false)
    expect(storage.keys()).toEqual([`profile/${imageId}.jpg`])
    expect((await ctx().db.select().from(storageDeletions)).map((row) => row.storageKey)).toEqual([
      `profile/${imageId}.jpg`,
    ])

    const swept = await createFileDeletions({ db: ctx().db, storage }).sweep()
    expect(swept).toEqual({ deleted: 1, failed: 0 })
    expect(storage.keys()).toEqual([])
    expect(await ctx().db.select().from(storageDeletions)).toEqual([])
  })

  it('tells account.deleted in its transaction: who deleted which account, and what it was', async () => {
    const { account, cookie } = await member({ mailAddress: 'leaving@example.jp' })
    const told: EventEnvelope<'account.deleted'>[] = []
    ctx().events.on('account.deleted', 'test', async (tx, event) => {
      told.push(event)
      // The row is still there, locked by the deletion's transaction, when the subscribers run.
      expect(
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.id)),
      ).toHaveLength(1)
    })
    expect((await leave(cookie, { confirmed: true, password: PASSWORD })).statusCode).toBe(200)
    expect(told).toEqual([
      expect.objectContaining({
        name: 'account.deleted',
        actor: expect.objectContaining({ kind: 'member', accountId: account.id }),
        at: ctx().clock.now(),
        target: { kind: 'account', id: account.id },
        before: { mailAddress: 'leaving@example.jp', registeredAt: account.registeredAt },
        after: null,
        payload: expect.objectContaining({ accountId: account.id, mailAddress: 'leaving@example.jp' }),
      }),
    ])
    expect(await accountExists(account.id)).toBe(false)
  })

  it('no module that keeps rows about an account is left out of deleting one', async () => {
    // Every table with an account_id column belongs to a module that subscribes to account.deleted:
    // a new module's table cannot be forgotten (decisions 0021, 0069).
    const schemaFiles = readdirSync(join(import.meta.dirname, '..'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((file) => file.endsWith('.schema.ts'))
    const keepingModules = new Set<string>()
    for (const file of schemaFiles) {
      const exports: Record<string, unknown> = await import(/* @vite-ignore */ `../${file}`)
      for (const value of Object.values(exports)) {
        if (!isTable(value)) continue
        if (getTableConfig(value).columns.some((column) => column.name === 'account_id')) {
          keepingModules.add(file.split('/')[0]!)
        }
      }
    }
    expect(keepingModules.size).toBeGreaterThan(5)
    const taking = ctx().events.subscribersOf('account.deleted')
    expect([...keepingModules].filter((module) => !taking.includes(module))).toEqual([])
  })
})
