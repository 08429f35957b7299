import { adminApi } from '@puribox/contract/admin-api'
import { describe, expect, it } from 'vitest'
import { injectOptions } from '../../test/contract-requests'
import { createMember } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { createOperator, createOperatorSession, OPERATOR_PASSWORD } from '../../test/operators'
import type { OperatorRole } from '../actor'

async function signedIn(ctx: TestContext, role: OperatorRole) {
  const made = await createOperator(ctx.db, { role, mailAddress: `${role}@team.puribox.jp` })
  const { cookie } = await createOperatorSession(ctx.db, ctx.clock, made.operator.id)
  return { ...made, cookie }
}

function readLog(ctx: TestContext, cookie: string | null, query: Record<string, unknown> = {}) {
  return ctx.app.inject(injectOptions(adminApi.auditLog, { query }, cookie ? { cookie } : {}))
}

/** A failed console sign-in: a stranger's try, which the log keeps with the address it came from. */
function failedSignIn(ctx: TestContext, mailAddress: string) {
  return ctx.app.inject(
    injectOptions(
      adminApi.operatorSignIn,
      { body: { mailAddress, password: OPERATOR_PASSWORD, code: '000000' } },
      { 'x-forwarded-for': '203.0.113.9' },
    ),
  )
}

describe('GET /admin/api/audit', () => {
  const ctx = useTestApp({ trustProxy: true })

  it("shows every operator the log, newest first, with who acted and from where; a viewer sees a stranger's address and the mail tried masked", async () => {
    const admin = await signedIn(ctx(), 'admin')
    const viewer = await signedIn(ctx(), 'viewer')
    expect((await failedSignIn(ctx(), 'admin@team.puribox.jp')).statusCode).toBe(401)
    ctx().clock.set(new Date(TEST_NOW.getTime() + 60_000))
    expect((await failedSignIn(ctx(), 'nobody@example.jp')).statusCode).toBe(401)

    const seen = await readLog(ctx(), admin.cookie)
    expect(seen.statusCode).toBe(200)
    const { entries, next } = seen.json().entity
    expect(next).toBeNull()
    expect(entries.map((entry: { action: string; target: unknown }) => [entry.action, entry.target])).toEqual(
      [
        ['operator.sign-in-failed', { kind: 'operator-mail', id: 'nobody@example.jp' }],
        ['operator.sign-in-failed', { kind: 'operator', id: admin.operator.id }],
      ],
    )
    expect(entries[1]).toMatchObject({
      at: TEST_NOW.toISOString(),
      actor: { kind: 'anonymous', operatorId: null },
      clientIp: '203.0.113.9',
    })

    const masked = (await readLog(ctx(), viewer.cookie)).json().entity.entries
    expect(masked[0]).toMatchObject({ target: { kind: 'operator-mail', id: '***' }, clientIp: '***' })
    expect(masked[1]).toMatchObject({ target: { kind: 'operator', id: admin.operator.id } })
  })

  it('filters by target, action and Japan day, and pages on from the cursor it gave', async () => {
    const admin = await signedIn(ctx(), 'support')
    for (let i = 0; i < 3; i++) {
      ctx().clock.set(new Date(TEST_NOW.getTime() + i * 60_000))
      await failedSignIn(ctx(), `stranger${i}@example.jp`)
    }
    const first = (await readLog(ctx(), admin.cookie, { limit: 2 })).json().entity
    expect(first.entries.map((entry: { target: { id: string } }) => entry.target.id)).toEqual([
      'stranger2@example.jp',
      'stranger1@example.jp',
    ])
    const second = (await readLog(ctx(), admin.cookie, { limit: 2, after: first.next })).json().entity
    expect(second.entries.map((entry: { target: { id: string } }) => entry.target.id)).toEqual([
      'stranger0@example.jp',
    ])
    expect(second.next).toBeNull()

    const one = await readLog(ctx(), admin.cookie, {
      targetKind: 'operator-mail',
      targetId: 'stranger1@example.jp',
    })
    expect(one.json().entity.entries).toHaveLength(1)
    expect((await readLog(ctx(), admin.cookie, { action: 'news.published' })).json().entity.entries).toEqual(
      [],
    )
    // TEST_NOW is 12:00 in Japan on 2026-11-20: the day before has nothing, the day itself all three.
    expect(
      (await readLog(ctx(), admin.cookie, { from: '2026-11-19', to: '2026-11-19' })).json().entity.entries,
    ).toEqual([])
    expect(
      (await readLog(ctx(), admin.cookie, { from: '2026-11-20', to: '2026-11-20' })).json().entity.entries,
    ).toHaveLength(3)
  })

  it('refuses a malformed filter with VALIDATION_FAILED', async () => {
    const admin = await signedIn(ctx(), 'admin')
    for (const query of [
      { from: '2026-02-30' },
      { from: '2026-11-21', to: '2026-11-20' },
      { after: 'yesterday' },
      { limit: 1000 },
      { operatorId: 'not-a-uuid' },
    ]) {
      const response = await readLog(ctx(), admin.cookie, query)
      expect(response.statusCode, JSON.stringify(query)).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
    }
  })

  it("is never shown to a member's session nor to nobody", async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    for (const tried of [cookie, null]) {
      const response = await readLog(ctx(), tried)
      expect(response.statusCode).toBe(401)
      expect(response.json().error.code).toBe('OPERATOR_UNAUTHENTICATED')
    }
  })
})
