import { addDays } from '@puribox/contract/time'
import text from '../../locales/ja/coupons-demo.json' with { type: 'json' }
import { DEMO_ACCOUNTS } from '../accounts/accounts.demo'
import { DEMO_MACHINE_ID } from '../booth/booth.demo'
import type { CouponsRepository } from './coupons.repository'
import type { CouponDraft, CouponsService } from './coupons.service'

/** The demo machine's series: the booth seed gives it several models. */
export const DEMO_MODEL_SERIES = 'milky'

/** The demo coupons' fixed ids, so that each is written once (tests and the browser test name them). */
export const DEMO_COUPON_IDS = {
  welcome: '5c0a7e10-3b1d-4c6e-8f20-000000000001',
  premiumMonthly: '5c0a7e10-3b1d-4c6e-8f20-000000000002',
  shop: '5c0a7e10-3b1d-4c6e-8f20-000000000003',
  models: '5c0a7e10-3b1d-4c6e-8f20-000000000004',
  winter: '5c0a7e10-3b1d-4c6e-8f20-000000000005',
  autumn: '5c0a7e10-3b1d-4c6e-8f20-000000000006',
} as const

type DemoKey = keyof typeof DEMO_COUPON_IDS

/**
 * Demo coupons outside production (docs/guide/ground-rules.md) and the demo members' tickets: the welcome coupon
 * (and the premium member's monthly one) are granted when the member opens the coupons page; a
 * shop's and a series' coupons are given usable, the winter one used two days ago and the autumn
 * one expired. The series' coupon waits for its models (the booth seed's): without them it is
 * skipped, and a later start adds it. What exists is left as it is.
 */
export async function seedDemoCoupons(
  deps: { coupons: CouponsService; repo: CouponsRepository },
  now: Date,
): Promise<void> {
  const { coupons, repo } = deps
  const shopId = await repo.shopOfMachine(DEMO_MACHINE_ID)
  const modelIds = await repo.modelIdsOfSeries(DEMO_MODEL_SERIES)
  const longAgo = addDays(now, -365)
  const draft = (
    key: DemoKey,
    rest: Omit<CouponDraft, 'id' | 'title' | 'benefit' | 'conditions'>,
  ): CouponDraft => ({
    id: DEMO_COUPON_IDS[key],
    ...text[key],
    ...rest,
  })
  const everyBooth = { scope: 'EVERY_BOOTH', shopId: null, modelIds: [] } as const
  const drafts: CouponDraft[] = [
    draft('welcome', { grant: 'SIGN_UP', validDays: 30, ...everyBooth, startsAt: longAgo, endsAt: null }),
    draft('premiumMonthly', {
      grant: 'PREMIUM_MONTHLY',
      validDays: 31,
      ...everyBooth,
      startsAt: longAgo,
      endsAt: null,
    }),
    draft('winter', { grant: 'INDIVIDUAL', validDays: 14, ...everyBooth, startsAt: longAgo, endsAt: null }),
    draft('autumn', { grant: 'INDIVIDUAL', validDays: 30, ...everyBooth, startsAt: longAgo, endsAt: null }),
  ]
  if (shopId !== null) {
    drafts.push(
      draft('shop', {
        grant: 'INDIVIDUAL',
        validDays: 30,
        scope: 'SHOP',
        shopId,
        modelIds: [],
        startsAt: longAgo,
        endsAt: null,
      }),
    )
  }
  if (modelIds.length > 0) {
    drafts.push(
      draft('models', {
        grant: 'INDIVIDUAL',
        validDays: 30,
        scope: 'MODELS',
        shopId: null,
        modelIds,
        startsAt: longAgo,
        endsAt: null,
      }),
    )
  }
  await coupons.publishMissing(drafts)

  const given: Array<{ key: DemoKey; from: number; until: number; usedDaysAgo?: number }> = [
    { key: 'winter', from: -10, until: 4, usedDaysAgo: 2 },
    { key: 'autumn', from: -40, until: -3 },
    ...(shopId !== null ? [{ key: 'shop' as const, from: -1, until: 14 }] : []),
    ...(modelIds.length > 0 ? [{ key: 'models' as const, from: -1, until: 21 }] : []),
  ]
  for (const demo of DEMO_ACCOUNTS) {
    const accountId = await repo.accountIdByMail(demo.mailAddress)
    if (accountId === null) continue
    for (const ticket of given) {
      await coupons.give({
        accountId,
        couponId: DEMO_COUPON_IDS[ticket.key],
        grantedAt: addDays(now, ticket.from),
        validFrom: addDays(now, ticket.from),
        validUntil: addDays(now, ticket.until),
        ...(ticket.usedDaysAgo === undefined ? {} : { usedAt: addDays(now, -ticket.usedDaysAgo) }),
      })
    }
  }
}
