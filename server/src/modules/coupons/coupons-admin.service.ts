import type {
  AdminCoupon,
  AdminCouponDetail,
  AdminCouponPage,
  AdminCouponRecipient,
  CouponGive,
  CouponListQuery,
  CouponState,
  CouponStep,
  CouponWrite,
} from '@puribox/contract/admin-coupons'
import { addDays } from '@puribox/contract/time'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import { membershipAt } from '../accounts/membership'
import type { Actor } from '../actor'
import type { ChangeContext } from '../change'
import { type CouponAction, can } from './coupons.policy'
import type { CouponRow, TicketRow } from './coupons.repository'
import { newTicketCode } from './coupons.service'
import {
  type CouponFields,
  type CouponRecord,
  type CouponStepDecision,
  type CouponsAdminRepository,
  couponStateAt,
} from './coupons-admin.repository'

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message)
}

const iso = (at: Date | null) => at?.toISOString() ?? null

function present({ coupon, shop, models }: CouponRecord, now: Date): AdminCoupon {
  return {
    id: coupon.id,
    state: couponStateAt(coupon, now),
    title: coupon.title,
    benefit: coupon.benefit,
    conditions: coupon.conditions,
    grant: coupon.grant,
    validDays: coupon.validDays,
    scope: coupon.scope,
    shop: coupon.scope === 'SHOP' ? shop : null,
    models: coupon.scope === 'MODELS' ? models : [],
    startsAt: coupon.startsAt.toISOString(),
    endsAt: iso(coupon.endsAt),
    publishedAt: iso(coupon.publishedAt),
    withdrawnAt: iso(coupon.withdrawnAt),
    createdAt: coupon.createdAt.toISOString(),
    updatedAt: coupon.updatedAt.toISOString(),
  }
}

function presentTicket(ticket: TicketRow) {
  return {
    id: ticket.id,
    grantedAt: ticket.grantedAt.toISOString(),
    validFrom: ticket.validFrom.toISOString(),
    validUntil: ticket.validUntil.toISOString(),
    usedAt: iso(ticket.usedAt),
  }
}

/**
 * A mail address as much as tells the operator it is the right person and no more: its first
 * character and its domain (`t***@example.com`).
 */
export function mailAddressHint(mailAddress: string | null): string | null {
  if (mailAddress === null || mailAddress === '') return null
  const at = mailAddress.lastIndexOf('@')
  const first = Array.from(mailAddress)[0] ?? ''
  return at < 1 ? `${first}***` : `${first}***${mailAddress.slice(at)}`
}

/** COUPON_STATE_CONFLICT unless the coupon is in one of `states`. */
function requireState(state: CouponState, states: readonly CouponState[], step: string): void {
  if (!states.includes(state))
    throw new AppError('COUPON_STATE_CONFLICT', `a ${state} coupon cannot be ${step}`)
}

/** The states a ticket may be given in: published, its window open or to open. */
const GIVABLE: readonly CouponState[] = ['scheduled', 'published']

/**
 * The operators' side of coupons (decision 0079): a draft, its changes, publishing and withdrawing
 * (editors), and giving a ticket of an individual coupon to one member (support). Every function
 * takes the actor and asks the policy first; every change is one transaction of the repository with
 * its event, which the audit log records. Members get the tickets of a published coupon they are
 * targeted by when they open their coupons page (`coupons.service.ts`): nothing here hands them out.
 */
export function createCouponsAdminService(deps: {
  repo: CouponsAdminRepository
  clock: Clock
  newCode?: () => string
}) {
  const { repo, clock } = deps
  const newCode = deps.newCode ?? newTicketCode

  function allow(actor: Actor, action: CouponAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} coupons`)
  }

  function changeBy(actor: Actor, reason: string | undefined): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  async function detail(record: CouponRecord, now: Date): Promise<AdminCouponDetail> {
    return { ...present(record, now), tickets: await repo.ticketCounts(record.coupon.id) }
  }

  /**
   * The coupon as written, checked beyond what the contract's schema checks: the scope and the shop
   * or models agree and exist, and the window opens before it closes, which is still to come.
   */
  async function checkedWrite(
    input: CouponWrite,
    now: Date,
  ): Promise<{ fields: CouponFields; modelIds: string[] }> {
    const modelIds = [...new Set(input.modelIds)].sort()
    if ((input.scope === 'SHOP') !== (input.shopId !== null)) {
      invalid('a shop is named exactly when the scope is SHOP')
    }
    if ((input.scope === 'MODELS') !== modelIds.length > 0) {
      invalid('models are named exactly when the scope is MODELS')
    }
    const startsAt = new Date(input.startsAt)
    const endsAt = input.endsAt === null ? null : new Date(input.endsAt)
    if (endsAt !== null && !(endsAt.getTime() > startsAt.getTime())) invalid('endsAt comes after startsAt')
    if (endsAt !== null && !(endsAt.getTime() > now.getTime())) invalid('endsAt is a time to come')
    if (input.shopId !== null && !(await repo.shopExists(input.shopId))) invalid('no shop has this id')
    if (modelIds.length > 0) {
      const known = await repo.knownModelIds(modelIds)
      if (modelIds.some((id) => !known.has(id))) invalid('no machine model has one of these ids')
    }
    return {
      fields: {
        title: input.title,
        benefit: input.benefit,
        conditions: input.conditions.replace(/\r\n?/g, '\n'),
        grant: input.grant,
        validDays: input.validDays,
        scope: input.scope,
        shopId: input.shopId?.toLowerCase() ?? null,
        startsAt,
        endsAt,
      },
      modelIds,
    }
  }

  /** Takes a step with a coupon, answering it as it is after; COUPON_NOT_FOUND when there is none. */
  async function step(
    actor: Actor,
    id: string,
    reason: string | undefined,
    decide: (row: CouponRow, now: Date) => CouponStepDecision,
  ): Promise<AdminCouponDetail> {
    const change = changeBy(actor, reason)
    const record = await repo.step(id, change, (found) => decide(found, change.at))
    if (!record) throw new AppError('COUPON_NOT_FOUND', 'no coupon has this id')
    return detail(record, change.at)
  }

  async function recipient(actor: Actor, couponId: string, accountId: string): Promise<AdminCouponRecipient> {
    allow(actor, 'give')
    if (!(await repo.find(couponId))) throw new AppError('COUPON_NOT_FOUND', 'no coupon has this id')
    const member = await repo.recipient(couponId, accountId.toLowerCase())
    if (!member) throw new AppError('MEMBER_NOT_FOUND', 'no account has this id')
    return {
      accountId: member.accountId,
      mailAddressHint: mailAddressHint(member.mailAddress),
      membership: membershipAt(member, clock.now()),
      registeredAt: member.registeredAt.toISOString(),
      ticket: member.ticket ? presentTicket(member.ticket) : null,
    }
  }

  return {
    async list(actor: Actor, query: CouponListQuery): Promise<AdminCouponPage> {
      allow(actor, 'read')
      const now = clock.now()
      const rows = await repo.list({ state: query.state, now, after: query.after, limit: query.limit })
      const page = rows.slice(0, query.limit)
      return {
        coupons: page.map((record) => present(record, now)),
        next: rows.length > query.limit ? (page.at(-1)?.coupon.id ?? null) : null,
      }
    },

    async coupon(actor: Actor, id: string): Promise<AdminCouponDetail> {
      allow(actor, 'read')
      const record = await repo.find(id)
      if (!record) throw new AppError('COUPON_NOT_FOUND', 'no coupon has this id')
      return detail(record, clock.now())
    },

    /** A new draft: nobody gets it until it is published. */
    async createDraft(actor: Actor, input: CouponWrite): Promise<AdminCouponDetail> {
      allow(actor, 'create')
      const change = changeBy(actor, input.reason)
      const { fields, modelIds } = await checkedWrite(input, change.at)
      return detail(await repo.createDraft(fields, modelIds, change), change.at)
    },

    /**
     * Changes a draft, whole. A published coupon is not changed: members may hold tickets of it
     * already, which say what it gave when they got it.
     */
    async change(actor: Actor, id: string, input: CouponWrite): Promise<AdminCouponDetail> {
      allow(actor, 'change')
      const { fields, modelIds } = await checkedWrite(input, clock.now())
      return step(actor, id, input.reason, (row, now) => {
        requireState(couponStateAt(row, now), ['draft'], 'changed')
        return { event: 'coupons.changed', fields, modelIds }
      })
    },

    /** Members it targets get their tickets from its window's start, when they open their coupons page. */
    async publish(actor: Actor, id: string, input: CouponStep): Promise<AdminCouponDetail> {
      allow(actor, 'publish')
      return step(actor, id, input.reason, (row, now) => {
        requireState(couponStateAt(row, now), ['draft'], 'published')
        if (row.endsAt !== null && row.endsAt.getTime() <= now.getTime()) {
          invalid('the coupon’s window has closed')
        }
        return { event: 'coupons.published', fields: { publishedAt: now } }
      })
    },

    /** Nobody gets a ticket of it from now on; tickets given stay valid until their own end. */
    async withdraw(actor: Actor, id: string, input: CouponStep): Promise<AdminCouponDetail> {
      allow(actor, 'withdraw')
      return step(actor, id, input.reason, (row, now) => {
        requireState(couponStateAt(row, now), ['scheduled', 'published'], 'withdrawn')
        return { event: 'coupons.withdrawn', fields: { withdrawnAt: now } }
      })
    },

    /** Whom a ticket of the coupon would go to, masked, and the ticket of it they hold. */
    recipient,

    /**
     * Gives one member a ticket of an individual coupon, with the reason: from now (or the window's
     * start) for `validDays`, never past the window's end.
     */
    async give(actor: Actor, couponId: string, input: CouponGive): Promise<AdminCouponRecipient> {
      allow(actor, 'give')
      const accountId = input.accountId.toLowerCase()
      const change = changeBy(actor, input.reason)
      const now = change.at
      const given = await repo.give(
        couponId,
        accountId,
        change,
        (row) => {
          if (row.grant !== 'INDIVIDUAL') {
            throw new AppError('COUPON_NOT_GIVABLE', 'members get this coupon by themselves')
          }
          requireState(couponStateAt(row, now), GIVABLE, 'given')
          const validFrom = row.startsAt.getTime() > now.getTime() ? row.startsAt : now
          const lasts = addDays(validFrom, row.validDays)
          const validUntil =
            row.endsAt !== null && row.endsAt.getTime() < lasts.getTime() ? row.endsAt : lasts
          return { accountId, grantedAt: now, validFrom, validUntil }
        },
        newCode,
      )
      if (given === 'no-coupon') throw new AppError('COUPON_NOT_FOUND', 'no coupon has this id')
      if (given === 'no-account') throw new AppError('MEMBER_NOT_FOUND', 'no account has this id')
      if (given === 'held') {
        throw new AppError('COUPON_ALREADY_GIVEN', 'the member holds a ticket of this coupon already')
      }
      return recipient(actor, couponId, accountId)
    },
  }
}

export type CouponsAdminService = ReturnType<typeof createCouponsAdminService>
