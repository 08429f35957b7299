import { adminNumbersApi } from '@puribox/contract/admin-numbers'
import { api } from '@puribox/contract/routes'
import { addDays, japanDay } from '@puribox/contract/time'
import { describe, expect, it } from 'vitest'
import { injectOptions } from '../../test/contract-requests'
import { addSealLookups, createAccount, createMember } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { createOperator, createOperatorSession } from '../../test/operators'
import { subscribe } from '../../test/payments'
import { createSeal } from '../../test/seals'
import { OPERATOR_ROLES, type OperatorRole } from '../actor'

const today = japanDay(TEST_NOW)
const yesterday = japanDay(addDays(TEST_NOW, -1))

/** The console cookie of a signed-in operator with this role. */
async function operatorCookie(ctx: TestContext, role: OperatorRole = 'viewer'): Promise<string> {
  const { operator } = await createOperator(ctx.db, { role })
  return (await createOperatorSession(ctx.db, ctx.clock, operator.id)).cookie
}

function get(ctx: TestContext, path: string, query: Record<string, string>, cookie?: string) {
  return ctx.app.inject({
    url: `${path}?${new URLSearchParams(query)}`,
    headers: cookie ? { cookie } : {},
  })
}

const json = adminNumbersApi.numbers.path
const csv = adminNumbersApi.numbersCsv.path

describe('GET /admin/api/numbers', () => {
  const ctx = useTestApp()

  it.each(OPERATOR_ROLES)('answers an operator with the role %s every day of the range', async (role) => {
    await createAccount(ctx().db, { registeredAt: TEST_NOW })
    await addSealLookups(ctx().db, yesterday, 'qr', 3)
    const response = await get(ctx(), json, { from: yesterday, to: today }, await operatorCookie(ctx(), role))
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const { entity, error } = response.json()
    expect(error).toBeNull()
    expect(entity.from).toBe(yesterday)
    expect(entity.to).toBe(today)
    expect(entity.days.map((day: { day: string }) => day.day)).toEqual([yesterday, today])
    expect(entity.days[0]).toMatchObject({ sealLookups: { inputSealId: 0, qr: 3, other: 0 }, newMembers: 0 })
    expect(entity.days[1]).toMatchObject({ sealLookups: { inputSealId: 0, qr: 0, other: 0 }, newMembers: 1 })
  })

  it('counts what members did through the app: a seal saved, premium by card then cancelled, the au trial', async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const card = await createMember(db, clock, { registeredAt: clock.now() })
    const au = await createMember(db, clock, { registeredAt: clock.now() })
    // A mini member saves the free puri; becoming premium saves the seal's other two.
    const saved = await ctx().app.inject(
      injectOptions(api.sealRegistration, { params: { id: sealId } }, { cookie: card.cookie }),
    )
    expect(saved.statusCode).toBe(200)
    const { subscriptionId } = await subscribe(ctx(), card.cookie)
    const cancelled = await ctx().app.inject(
      injectOptions(api.cancelSubscription, { params: { id: subscriptionId } }, { cookie: card.cookie }),
    )
    expect(cancelled.statusCode).toBe(200)
    await subscribe(ctx(), au.cookie, { kind: 'AU', trial: true, carrier: 'ezweb' })

    const response = await get(ctx(), json, { from: today, to: today }, await operatorCookie(ctx()))
    expect(response.json().entity.days).toEqual([
      {
        day: today,
        sealLookups: { inputSealId: 0, qr: 0, other: 0 },
        picturesSaved: 3,
        sealsRegistered: 1,
        newMembers: 2,
        premiumStarts: { CREDIT: 1, AU: 1, DOCOMO: 0, SOFTBANK: 0 },
        auTrialStarts: 1,
        premiumCancellations: { CREDIT: 1, AU: 0, DOCOMO: 0, SOFTBANK: 0 },
        adImpressions: 0,
        adClicks: 0,
      },
    ])
  })

  it('refuses nobody signed in to the console, a member included (OPERATOR_UNAUTHENTICATED)', async () => {
    const member = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    for (const cookie of [undefined, member.cookie]) {
      for (const path of [json, csv]) {
        const response = await get(ctx(), path, { from: today, to: today }, cookie)
        expect(response.statusCode).toBe(401)
        expect(response.json().error.code).toBe('OPERATOR_UNAUTHENTICATED')
      }
    }
  })

  it.each([
    ['reversed', { from: today, to: yesterday }],
    ['longer than 366 days', { from: '2025-11-19', to: today }],
    ['an impossible date', { from: '2026-02-29', to: '2026-03-01' }],
    ['not a day', { from: 'yesterday', to: today }],
    ['without its end', { from: today }],
  ])('refuses a range %s (VALIDATION_FAILED), the CSV too', async (_what, query) => {
    const cookie = await operatorCookie(ctx())
    for (const path of [json, csv]) {
      const response = await get(ctx(), path, query, cookie)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
    }
  })

  it('refuses a parameter it does not know; the download, a link a browser opens, lets it by as pages do', async () => {
    const cookie = await operatorCookie(ctx())
    const query = { from: today, to: today, days: '7' }
    const refused = await get(ctx(), json, query, cookie)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.code).toBe('VALIDATION_FAILED')
    expect((await get(ctx(), csv, query, cookie)).statusCode).toBe(200)
  })

  it('stays out of /openapi.json, the native app’s contract', async () => {
    const document = (await ctx().app.inject({ url: '/openapi.json' })).json()
    const paths = Object.keys(document.paths)
    expect(paths.some((path) => path.startsWith('/admin/'))).toBe(false)
  })
})

describe('GET /admin/api/numbers.csv', () => {
  const ctx = useTestApp()

  it('downloads the numbers as a file Excel opens: UTF-8 with a byte order mark, CRLF, a row a day', async () => {
    await createAccount(ctx().db, { registeredAt: TEST_NOW })
    await addSealLookups(ctx().db, yesterday, 'inputSealId', 12)
    const response = await get(
      ctx(),
      csv,
      { from: yesterday, to: today },
      await operatorCookie(ctx(), 'support'),
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="puribox-numbers-${yesterday}-${today}.csv"`,
    )
    expect(response.headers['cache-control']).toBe('private, no-store')
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^日付,シール検索（ID入力）,/)
    expect(lines[1]).toBe(`${yesterday},12,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0`)
    expect(lines[2]).toBe(`${today},0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0`)
    expect(lines[3]).toBe('')
  })
})
