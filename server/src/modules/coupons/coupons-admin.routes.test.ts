import { adminApi } from '@puribox/contract/admin-api'
import type { CouponWrite } from '@puribox/contract/admin-coupons'
import { describe, expect, it } from 'vitest'
import { auditTrail, CONSOLE_IP, consoleOperator } from '../../test/console'
import { createMachineModel, createMember, createShop } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import type { OperatorRole } from '../actor'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const MEMBERS_TICKETS = '/sp/2/coupon/self/tickets'
const UNKNOWN_ID = '00000000-0000-4000-8000-0000000000ff'

/** A coupon as an editor writes it in the console: for premium members, at every booth, open now. */
function write(overrides: Partial<CouponWrite> = {}): CouponWrite {
  return {
    title: 'プレミアム会員さまへ',
    benefit: '1回 100円引き',
    conditions: 'どのお店でも使えます。\n1回だけ使えます。',
    grant: 'PREMIUM',
    validDays: 7,
    scope: 'EVERY_BOOTH',
    shopId: null,
    modelIds: [],
    startsAt: new Date(TEST_NOW.getTime() - HOUR).toISOString(),
    endsAt: null,
    ...overrides,
  }
}

describe('the console makes coupons and gives tickets: /admin/api/coupons', () => {
  const ctx = useTestApp()

  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** The titles of the tickets a member holds, as the members' coupons page asks for them. */
  async function ticketsOf(cookie: string): Promise<string[]> {
    const response = await ctx().app.inject({ url: MEMBERS_TICKETS, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    return response.json().entity.tickets.map((ticket: { title: string }) => ticket.title)
  }

  it('publishes a coupon that reaches the members it targets, and no one else, until it is withdrawn', async () => {
    const editor = await signedIn('editor')
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    const free = await createMember(ctx().db, ctx().clock)
    const created = await editor.call(adminApi.adminCouponCreate, {
      body: write({ title: '下書きのタイトル', reason: 'winter campaign' }),
    })
    expect(created.statusCode).toBe(200)
    const coupon = created.json().entity
    expect(coupon).toMatchObject({
      state: 'draft',
      publishedAt: null,
      grant: 'PREMIUM',
      conditions: 'どのお店でも使えます。\n1回だけ使えます。',
      tickets: { given: 0, used: 0 },
      createdAt: TEST_NOW.toISOString(),
    })
    // A draft is nobody's.
    expect(await ticketsOf(premium.cookie)).toEqual([])

    const changed = await editor.call(adminApi.adminCouponChange, {
      params: { couponId: coupon.id },
      body: write({ reason: 'the real title' }),
    })
    expect(changed.json().entity).toMatchObject({ state: 'draft', title: 'プレミアム会員さまへ' })
    const published = await editor.call(adminApi.adminCouponPublish, {
      params: { couponId: coupon.id },
      body: { reason: 'approved' },
    })
    expect(published.json().entity).toMatchObject({ state: 'published', publishedAt: TEST_NOW.toISOString() })

    // Targeted: the premium member gets it when they open their coupons page; the free one does not.
    expect(await ticketsOf(premium.cookie)).toEqual(['プレミアム会員さまへ'])
    expect(await ticketsOf(premium.cookie)).toEqual(['プレミアム会員さまへ'])
    expect(await ticketsOf(free.cookie)).toEqual([])
    const read = await (await signedIn('viewer')).call(adminApi.adminCoupon, {
      params: { couponId: coupon.id },
    })
    expect(read.json().entity.tickets).toEqual({ given: 1, used: 0 })

    // Published, it no longer changes: members hold tickets that say what it gave.
    const late = await editor.call(adminApi.adminCouponChange, {
      params: { couponId: coupon.id },
      body: write({ title: 'あとから' }),
    })
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'COUPON_STATE_CONFLICT'])

    const withdrawn = await editor.call(adminApi.adminCouponWithdraw, {
      params: { couponId: coupon.id },
      body: { reason: 'budget spent' },
    })
    expect(withdrawn.json().entity).toMatchObject({ state: 'withdrawn', withdrawnAt: TEST_NOW.toISOString() })
    // Nobody new gets it; the ticket given stays.
    const later = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    expect(await ticketsOf(later.cookie)).toEqual([])
    expect(await ticketsOf(premium.cookie)).toEqual(['プレミアム会員さまへ'])
    const again = await editor.call(adminApi.adminCouponPublish, {
      params: { couponId: coupon.id },
      body: {},
    })
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'COUPON_STATE_CONFLICT'])

    const trail = await auditTrail(ctx(), 'coupon', coupon.id)
    expect(trail.map((entry) => [entry.action, entry.reason])).toEqual([
      ['coupons.withdrawn', 'budget spent'],
      ['coupons.published', 'approved'],
      ['coupons.changed', 'the real title'],
      ['coupons.draft-created', 'winter campaign'],
    ])
    expect(trail[2]).toMatchObject({
      actor: { operatorId: editor.operator.id },
      before: { title: '下書きのタイトル' },
      after: { title: 'プレミアム会員さまへ' },
    })
  })

  it('gives one member a ticket of an individual coupon, after showing whom it goes to', async () => {
    const admin = await signedIn('admin')
    const support = await signedIn('support')
    const model = await createMachineModel(ctx().db, { name: 'ミルキー' })
    const member = await createMember(ctx().db, ctx().clock, { mailAddress: 'hanako@example.jp' })
    const other = await createMember(ctx().db, ctx().clock)
    const coupon = (
      await admin.call(adminApi.adminCouponCreate, {
        body: write({
          title: 'おわびクーポン',
          grant: 'INDIVIDUAL',
          scope: 'MODELS',
          modelIds: [model.id],
          validDays: 30,
          endsAt: new Date(TEST_NOW.getTime() + 10 * DAY).toISOString(),
        }),
      })
    ).json().entity
    expect(coupon.models).toEqual([{ id: model.id, name: 'ミルキー' }])
    const draft = await support.call(adminApi.adminCouponGive, {
      params: { couponId: coupon.id },
      body: { accountId: member.account.id, reason: 'PB261120-ABCD' },
    })
    expect([draft.statusCode, draft.json().error.code]).toEqual([409, 'COUPON_STATE_CONFLICT'])
    await admin.call(adminApi.adminCouponPublish, { params: { couponId: coupon.id }, body: {} })
    // Published, an individual coupon still reaches nobody by itself.
    expect(await ticketsOf(member.cookie)).toEqual([])

    const preview = await support.call(adminApi.adminCouponRecipient, {
      params: { couponId: coupon.id, accountId: member.account.id },
    })
    expect(preview.json().entity).toEqual({
      accountId: member.account.id,
      mailAddressHint: 'h***@example.jp',
      membership: 'MINI',
      registeredAt: member.account.registeredAt.toISOString(),
      ticket: null,
    })
    const given = await support.call(adminApi.adminCouponGive, {
      params: { couponId: coupon.id },
      body: { accountId: member.account.id.toUpperCase(), reason: 'PB261120-ABCD' },
    })
    expect(given.statusCode).toBe(200)
    // It lasts 30 days, but never past the campaign's end, ten days from now.
    expect(given.json().entity.ticket).toMatchObject({
      grantedAt: TEST_NOW.toISOString(),
      validFrom: TEST_NOW.toISOString(),
      validUntil: new Date(TEST_NOW.getTime() + 10 * DAY).toISOString(),
      usedAt: null,
    })
    expect(await ticketsOf(member.cookie)).toEqual(['おわびクーポン'])
    expect(await ticketsOf(other.cookie)).toEqual([])

    const twice = await support.call(adminApi.adminCouponGive, {
      params: { couponId: coupon.id },
      body: { accountId: member.account.id, reason: 'again' },
    })
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'COUPON_ALREADY_GIVEN'])
    const nobody = await support.call(adminApi.adminCouponGive, {
      params: { couponId: coupon.id },
      body: { accountId: UNKNOWN_ID, reason: 'x' },
    })
    expect([nobody.statusCode, nobody.json().error.code]).toEqual([404, 'MEMBER_NOT_FOUND'])
    const noCoupon = await support.call(adminApi.adminCouponRecipient, {
      params: { couponId: UNKNOWN_ID, accountId: member.account.id },
    })
    expect([noCoupon.statusCode, noCoupon.json().error.code]).toEqual([404, 'COUPON_NOT_FOUND'])

    const targeted = (await admin.call(adminApi.adminCouponCreate, { body: write() })).json().entity
    await admin.call(adminApi.adminCouponPublish, { params: { couponId: targeted.id }, body: {} })
    const notGivable = await support.call(adminApi.adminCouponGive, {
      params: { couponId: targeted.id },
      body: { accountId: other.account.id, reason: 'x' },
    })
    expect([notGivable.statusCode, notGivable.json().error.code]).toEqual([409, 'COUPON_NOT_GIVABLE'])

    const [entry, ...rest] = await auditTrail(ctx(), 'account', member.account.id)
    expect(rest).toEqual([])
    expect(entry).toMatchObject({
      action: 'coupons.ticket-given',
      actor: { operatorId: support.operator.id },
      clientIp: CONSOLE_IP,
      reason: 'PB261120-ABCD',
      after: { couponId: coupon.id, couponTitle: 'おわびクーポン' },
    })
    const read = await admin.call(adminApi.adminCoupon, { params: { couponId: coupon.id } })
    expect(read.json().entity.tickets).toEqual({ given: 1, used: 0 })
  })

  it('refuses what cannot be a coupon, and every role what is not its lane', async () => {
    const editor = await signedIn('editor')
    const shop = await createShop(ctx().db)
    const refused = async (body: CouponWrite) => {
      const answer = await editor.call(adminApi.adminCouponCreate, { body })
      return [answer.statusCode, answer.json().error.code]
    }
    const invalid = [400, 'VALIDATION_FAILED']
    expect(await refused(write({ title: '' }))).toEqual(invalid)
    expect(await refused(write({ validDays: 0 }))).toEqual(invalid)
    expect(await refused(write({ scope: 'SHOP' }))).toEqual(invalid)
    expect(await refused(write({ shopId: shop.id }))).toEqual(invalid)
    expect(await refused(write({ scope: 'SHOP', shopId: UNKNOWN_ID }))).toEqual(invalid)
    expect(await refused(write({ scope: 'MODELS', modelIds: ['no-such-model'] }))).toEqual(invalid)
    expect(await refused(write({ endsAt: new Date(TEST_NOW.getTime() - 2 * HOUR).toISOString() }))).toEqual(
      invalid,
    )
    expect(await refused(write({ endsAt: new Date(TEST_NOW.getTime() - HOUR / 2).toISOString() }))).toEqual(
      invalid,
    )
    const atShop = await editor.call(adminApi.adminCouponCreate, {
      body: write({ title: 'みなさまへ', scope: 'SHOP', shopId: shop.id, grant: 'EVERY_MEMBER' }),
    })
    expect(atShop.json().entity).toMatchObject({ scope: 'SHOP', shop: { id: shop.id, name: shop.name } })
    const coupon = atShop.json().entity
    const unknown = await editor.call(adminApi.adminCoupon, { params: { couponId: UNKNOWN_ID } })
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'COUPON_NOT_FOUND'])

    const lanes: Array<[OperatorRole, typeof adminApi.adminCouponCreate | typeof adminApi.adminCouponGive]> =
      [
        ['viewer', adminApi.adminCouponCreate],
        ['support', adminApi.adminCouponCreate],
        ['viewer', adminApi.adminCouponGive],
        ['editor', adminApi.adminCouponGive],
      ]
    for (const [role, route] of lanes) {
      const operator = role === 'editor' ? editor : await signedIn(role)
      const input =
        route === adminApi.adminCouponGive
          ? { params: { couponId: coupon.id }, body: { accountId: UNKNOWN_ID, reason: 'x' } }
          : { body: write() }
      const answer = await operator.call(route, input)
      expect([answer.statusCode, answer.json().error.code], `${role} ${route.path}`).toEqual([
        403,
        'FORBIDDEN',
      ])
    }
    const support = await signedIn('support')
    for (const [route, input] of [
      [adminApi.adminCouponPublish, { params: { couponId: coupon.id }, body: {} }],
      [adminApi.adminCouponWithdraw, { params: { couponId: coupon.id }, body: {} }],
      [adminApi.adminCouponChange, { params: { couponId: coupon.id }, body: write() }],
    ] as const) {
      const answer = await support.call(route, input)
      expect([answer.statusCode, answer.json().error.code], route.path).toEqual([403, 'FORBIDDEN'])
    }

    // Every operator reads, a page at a time and by state.
    await editor.call(adminApi.adminCouponPublish, { params: { couponId: coupon.id }, body: {} })
    // A coupon for every member reaches a free member too.
    const anyone = await createMember(ctx().db, ctx().clock)
    expect(await ticketsOf(anyone.cookie)).toEqual(['みなさまへ'])
    ctx().clock.advance(1000)
    const draft = (await editor.call(adminApi.adminCouponCreate, { body: write({ title: '下書き' }) })).json()
      .entity
    const first = (await support.call(adminApi.adminCoupons, { query: { limit: 1 } })).json().entity
    expect(first.coupons.map((item: { id: string }) => item.id)).toEqual([draft.id])
    const second = (
      await support.call(adminApi.adminCoupons, { query: { limit: 1, after: first.next } })
    ).json().entity
    expect(second).toMatchObject({ coupons: [{ id: coupon.id, state: 'published' }], next: null })
    const drafts = (await support.call(adminApi.adminCoupons, { query: { state: 'draft' } })).json().entity
    expect(drafts.coupons.map((item: { id: string }) => item.id)).toEqual([draft.id])
  })
})
