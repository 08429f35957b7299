import { addDays } from '@puribox/contract/time'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSharpImages } from '../../ports/images'
import { accountDeletedEvent } from '../../test/events'
import { createMachine, createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { DEMO_ACCOUNTS } from '../accounts/accounts.demo'
import { DEMO_MACHINE_ID, seedDemoBooth } from '../booth/booth.demo'
import { createBoothRepository } from '../booth/booth.repository'
import { machineModels } from '../booth/booth.schema'
import { DEMO_COUPON_IDS, seedDemoCoupons } from './coupons.demo'
import { createCouponsRepository } from './coupons.repository'
import { couponTickets } from './coupons.schema'
import { type CouponDraft, createCouponsService } from './coupons.service'

const LIST = '/sp/2/coupon/self/tickets'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const useUrl = (id: string) => `/sp/2/coupon/self/tickets/${encodeURIComponent(id)}/use`
const ids = {
  welcome: '7a000000-0000-4000-8000-000000000001',
  monthly: '7a000000-0000-4000-8000-000000000002',
  given: '7a000000-0000-4000-8000-000000000003',
  shop: '7a000000-0000-4000-8000-000000000004',
  models: '7a000000-0000-4000-8000-000000000005',
}

describe('coupons', () => {
  const ctx = useTestApp()

  function repo() {
    return createCouponsRepository(ctx().db)
  }
  function service() {
    return createCouponsService({ repo: repo() })
  }

  function coupon(overrides: Partial<CouponDraft> & Pick<CouponDraft, 'id'>): CouponDraft {
    return {
      title: 'テストクーポン',
      benefit: '1回 100円引き',
      conditions: 'どのお店でも使えます。',
      grant: 'INDIVIDUAL',
      validDays: 30,
      scope: 'EVERY_BOOTH',
      shopId: null,
      modelIds: [],
      startsAt: addDays(TEST_NOW, -100),
      endsAt: null,
      ...overrides,
    }
  }

  /** A member holding a usable INDIVIDUAL ticket (valid from a day ago for ten days); its id. */
  async function memberWithTicket(
    validity: { from?: number; until?: number; usedAt?: Date } = {},
    overrides: Parameters<typeof createMember>[2] = {},
  ) {
    await service().publishMissing([coupon({ id: ids.given })])
    const member = await createMember(ctx().db, ctx().clock, overrides)
    await service().give({
      accountId: member.account.id,
      couponId: ids.given,
      grantedAt: addDays(TEST_NOW, validity.from ?? -1),
      validFrom: addDays(TEST_NOW, validity.from ?? -1),
      validUntil: addDays(TEST_NOW, validity.until ?? 10),
      ...(validity.usedAt ? { usedAt: validity.usedAt } : {}),
    })
    const [ticket] = await ctx()
      .db.select()
      .from(couponTickets)
      .where(eq(couponTickets.accountId, member.account.id))
    return { ...member, ticketId: ticket!.id }
  }

  function list(cookie?: string) {
    return ctx().app.inject({ url: LIST, headers: cookie ? { cookie } : {} })
  }
  function use(id: string, cookie?: string, app = ctx().app) {
    return app.inject({ method: 'POST', url: useUrl(id), headers: { ...XHR, ...(cookie ? { cookie } : {}) } })
  }

  it('grants the welcome coupon to a member who joined during its campaign, once, from the registration', async () => {
    await service().publishMissing([
      coupon({ id: ids.welcome, grant: 'SIGN_UP', validDays: 30, startsAt: addDays(TEST_NOW, -10) }),
    ])
    const joined = await createMember(ctx().db, ctx().clock, { registeredAt: addDays(TEST_NOW, -2) })
    const before = await createMember(ctx().db, ctx().clock, { registeredAt: addDays(TEST_NOW, -20) })

    const first = await list(joined.cookie)
    expect(first.statusCode).toBe(200)
    const [ticket] = first.json().entity.tickets
    expect(ticket).toMatchObject({
      couponId: ids.welcome,
      title: 'テストクーポン',
      benefit: '1回 100円引き',
      scope: 'EVERY_BOOTH',
      shop: null,
      models: [],
      validFrom: '2026-11-18T12:00:00',
      validUntil: '2026-12-18T12:00:00',
      usedAt: null,
      code: null,
      state: 'USABLE',
    })
    // Opening the list again (or from two devices at once) grants nothing more.
    await Promise.all([list(joined.cookie), list(joined.cookie)])
    expect((await list(joined.cookie)).json().entity.tickets).toHaveLength(1)
    // Someone who joined before the campaign is not its newcomer.
    expect((await list(before.cookie)).json().entity.tickets).toEqual([])
  })

  it('grants the monthly coupon to premium members once per Japan month, valid to the month end', async () => {
    await service().publishMissing([coupon({ id: ids.monthly, grant: 'PREMIUM_MONTHLY' })])
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    const mini = await createMember(ctx().db, ctx().clock)

    expect((await list(mini.cookie)).json().entity.tickets).toEqual([])
    const [november] = (await list(premium.cookie)).json().entity.tickets
    expect(november).toMatchObject({ validFrom: '2026-11-20T12:00:00', validUntil: '2026-12-01T00:00:00' })
    expect((await list(premium.cookie)).json().entity.tickets).toHaveLength(1)

    // December (Japan time) brings December's; November's is listed expired below it.
    ctx().clock.set(new Date('2026-11-30T15:00:00Z'))
    const tickets = (await list(premium.cookie)).json().entity.tickets
    expect(tickets.map((t: { state: string; validUntil: string }) => [t.state, t.validUntil])).toEqual([
      ['USABLE', '2027-01-01T00:00:00'],
      ['EXPIRED', '2026-12-01T00:00:00'],
    ])
  })

  it("names a shop's coupon's shop and a models coupon's models", async () => {
    const { machine } = await createMachine(ctx().db)
    await ctx()
      .db.insert(machineModels)
      .values(
        ['milky-2', 'milky-1'].map((id, i) => ({
          id,
          name: `ミルキー ${i}`,
          nameKana: 'みるきー',
          seriesId: 'milky',
          seriesName: 'ミルキー',
          version: '1',
          releasedOn: '2026-01-01',
          description: '説明',
          supportsRawPuri: true,
          supportsIdFederation: true,
          shots: 6,
          sampleCount: 0,
        })),
      )
    await service().publishMissing([
      coupon({ id: ids.shop, scope: 'SHOP', shopId: machine.shopId }),
      coupon({ id: ids.models, scope: 'MODELS', modelIds: ['milky-1', 'milky-2'] }),
    ])
    const member = await createMember(ctx().db, ctx().clock)
    for (const id of [ids.shop, ids.models]) {
      await service().give({
        accountId: member.account.id,
        couponId: id,
        grantedAt: TEST_NOW,
        validFrom: TEST_NOW,
        validUntil: addDays(TEST_NOW, id === ids.shop ? 3 : 5),
      })
    }
    const [shop, models] = (await list(member.cookie)).json().entity.tickets
    expect(shop.shop).toMatchObject({ id: machine.shopId })
    expect(shop.models).toEqual([])
    expect(models.shop).toBeNull()
    expect(models.models).toEqual([
      { id: 'milky-1', name: 'ミルキー 1' },
      { id: 'milky-2', name: 'ミルキー 0' },
    ])
  })

  it('uses a ticket once: the code and the time used come back, and the list shows them', async () => {
    const member = await memberWithTicket()
    const used = await use(member.ticketId, member.cookie)
    expect(used.statusCode).toBe(200)
    expect(used.json().entity).toMatchObject({
      id: member.ticketId,
      state: 'USED',
      usedAt: '2026-11-20T12:00:00',
    })
    expect(used.json().entity.code).toMatch(/^[234679ACDEFGHJKMNPQRTWXYZ]{8}$/)

    ctx().clock.set(new Date(TEST_NOW.getTime() + 60_000))
    const again = await use(member.ticketId, member.cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({ code: 'COUPON_ALREADY_USED', usedAt: '2026-11-20T12:00:00' })
    const [listed] = (await list(member.cookie)).json().entity.tickets
    expect(listed).toMatchObject({
      state: 'USED',
      usedAt: '2026-11-20T12:00:00',
      code: used.json().entity.code,
    })
  })

  it('of two racing uses, and of a use from a second server process, exactly one succeeds', async () => {
    const member = await memberWithTicket()
    const second = await ctx().secondProcess()
    const answers = await Promise.all([
      use(member.ticketId, member.cookie),
      use(member.ticketId, member.cookie),
      use(member.ticketId, member.cookie, second),
    ])
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, 409, 409])
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().entity
    for (const loser of answers.filter((answer) => answer.statusCode === 409)) {
      expect(loser.json().error).toMatchObject({ code: 'COUPON_ALREADY_USED', usedAt: winner.usedAt })
    }
    const rows = await ctx().db.select().from(couponTickets).where(eq(couponTickets.id, member.ticketId))
    expect(rows.map((row) => row.usedAt)).toEqual([TEST_NOW])
  })

  it('refuses a ticket outside its validity, and leaves it unused', async () => {
    const expired = await memberWithTicket({ from: -10, until: -1 })
    const early = await memberWithTicket({ from: 2, until: 10 })
    const late = await use(expired.ticketId, expired.cookie)
    expect([late.statusCode, late.json().error.code]).toEqual([410, 'COUPON_EXPIRED'])
    const soon = await use(early.ticketId, early.cookie)
    expect([soon.statusCode, soon.json().error.code]).toEqual([409, 'COUPON_NOT_YET_VALID'])
    expect((await list(expired.cookie)).json().entity.tickets[0]).toMatchObject({
      state: 'EXPIRED',
      usedAt: null,
    })
    expect((await list(early.cookie)).json().entity.tickets[0]).toMatchObject({
      state: 'NOT_YET_VALID',
      code: null,
    })
    // The very end of the validity is already too late.
    const edge = await memberWithTicket({ from: -10, until: 0 })
    expect((await use(edge.ticketId, edge.cookie)).json().error.code).toBe('COUPON_EXPIRED')
  })

  it('answers NOT_FOUND for an unknown, malformed or someone else’s ticket, and never uses it', async () => {
    const owner = await memberWithTicket()
    const other = await createMember(ctx().db, ctx().clock)
    for (const id of [
      '7a000000-0000-4000-8000-00000000ffff',
      'not-a-uuid',
      "1' or '1'='1",
      'x'.repeat(64),
      // The owner's id with its last digit changed (to another digit, whatever it was).
      owner.ticketId.toUpperCase().replace(/.$/, (last) => (last === '0' ? '1' : '0')),
    ]) {
      const answer = await use(id, owner.cookie)
      expect([id, answer.statusCode, answer.json().error.code]).toEqual([id, 404, 'NOT_FOUND'])
    }
    const theirs = await use(owner.ticketId, other.cookie)
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'NOT_FOUND'])
    expect((await use('x'.repeat(65), owner.cookie)).json().error.code).toBe('VALIDATION_FAILED')
    // The owner still has it, unused, and may use it (an upper-case id is the same ticket).
    expect((await use(owner.ticketId.toUpperCase(), owner.cookie)).statusCode).toBe(200)
  })

  it('is for members: a guest is UNAUTHENTICATED, and a use without the CSRF header is refused', async () => {
    const member = await memberWithTicket()
    expect((await list()).json().error.code).toBe('UNAUTHENTICATED')
    expect((await use(member.ticketId)).json().error.code).toBe('UNAUTHENTICATED')
    const noHeader = await ctx().app.inject({
      method: 'POST',
      url: useUrl(member.ticketId),
      headers: { cookie: member.cookie },
    })
    expect(noHeader.json().error.code).toBe('CSRF_REJECTED')
  })

  it("drops a deleted account's tickets and keeps the coupon and the others' tickets", async () => {
    const leaving = await memberWithTicket()
    const staying = await memberWithTicket()
    await repo().accountDeleted(ctx().db, accountDeletedEvent(leaving.account.id, TEST_NOW))
    const left = await ctx().db.select().from(couponTickets)
    expect(left.map((row) => row.accountId)).toEqual([staying.account.id])
  })

  it('seeds the demo: usable, used, expired and shop tickets, the models one once the series has models', async () => {
    // The demo booth's machine first, with no models yet (as before the booth seed had any).
    await createMachine(ctx().db, { id: DEMO_MACHINE_ID })
    const accounts = await Promise.all(
      DEMO_ACCOUNTS.map((demo) =>
        createMember(ctx().db, ctx().clock, {
          mailAddress: demo.mailAddress,
          registeredAt: TEST_NOW,
          ...(demo.membershipStatus === 'PREMIUM' ? { membershipStatus: 'PREMIUM' as const } : {}),
        }),
      ),
    )
    const seed = () => seedDemoCoupons({ coupons: service(), repo: repo() }, TEST_NOW)
    await seed()
    await seed()
    const states = (tickets: Array<{ couponId: string; state: string }>) =>
      Object.fromEntries(tickets.map((ticket) => [ticket.couponId, ticket.state]))
    const mini = states((await list(accounts[0]!.cookie)).json().entity.tickets)
    expect(mini).toEqual({
      [DEMO_COUPON_IDS.welcome]: 'USABLE',
      [DEMO_COUPON_IDS.shop]: 'USABLE',
      [DEMO_COUPON_IDS.winter]: 'USED',
      [DEMO_COUPON_IDS.autumn]: 'EXPIRED',
    })
    const premium = states((await list(accounts[1]!.cookie)).json().entity.tickets)
    expect(premium[DEMO_COUPON_IDS.premiumMonthly]).toBe('USABLE')

    // The booth seed's models arrive later: the next start adds the series' coupon and its tickets.
    await seedDemoBooth({
      repo: createBoothRepository(ctx().db),
      storage: ctx().storage,
      images: createSharpImages(),
    })
    await seed()
    const tickets = (await list(accounts[0]!.cookie)).json().entity.tickets
    expect(tickets.find((t: { couponId: string }) => t.couponId === DEMO_COUPON_IDS.models)).toMatchObject({
      state: 'USABLE',
      models: [
        { id: 'milky-girl', name: expect.any(String) },
        { id: 'milky-puff', name: expect.any(String) },
      ],
    })
  })
})
