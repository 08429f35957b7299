import { randomInt } from 'node:crypto'
import {
  type CouponScope,
  type CouponTicket,
  type CouponTickets,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_LENGTH,
  TICKET_ID_PATTERN,
  type TicketState,
} from '@puribox/contract/coupons'
import { hasPremiumFeatures } from '@puribox/contract/membership'
import { addDays, formatJst } from '@puribox/contract/time'
import type { Membership } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { CouponsRepository, NewTicket, TicketWithCoupon } from './coupons.repository'
import type { CouponGrant } from './coupons.schema'

const JST_OFFSET_MS = 9 * 60 * 60 * 1000
/** Used and expired tickets stay in the list this long after their validity ends. */
const LISTED_AFTER_END_DAYS = 90
/** Granting again when a code was taken (a one-in-10^11 chance per ticket): enough, and bounded. */
const GRANT_ATTEMPTS = 3

/** A fresh ticket code: 8 characters of the unambiguous alphabet (25^8, about 1.5 × 10^11). */
export function newTicketCode(): string {
  let code = ''
  for (let i = 0; i < TICKET_CODE_LENGTH; i++)
    code += TICKET_CODE_ALPHABET[randomInt(TICKET_CODE_ALPHABET.length)]
  return code
}

/** The Japan calendar month of `now` (`2026-11`): the period of a monthly coupon. */
export function japanMonthOf(now: Date): string {
  return formatJst(now).slice(0, 7)
}

/** The first moment of the Japan calendar month after `month` (`2026-11` → 2026-12-01T00:00 Japan time). */
export function startOfNextJapanMonth(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  // Date.UTC's month counts from 0, so `monthNumber` is already the next month.
  return new Date(Date.UTC(year, monthNumber, 1) - JST_OFFSET_MS)
}

function earliest(a: Date, b: Date | null): Date {
  return b !== null && b.getTime() < a.getTime() ? b : a
}

export function ticketStateAt(
  ticket: { validFrom: Date; validUntil: Date; usedAt: Date | null },
  now: Date,
): TicketState {
  if (ticket.usedAt !== null) return 'USED'
  if (now.getTime() < ticket.validFrom.getTime()) return 'NOT_YET_VALID'
  if (now.getTime() >= ticket.validUntil.getTime()) return 'EXPIRED'
  return 'USABLE'
}

const STATE_ORDER: Record<TicketState, number> = { USABLE: 0, NOT_YET_VALID: 1, USED: 2, EXPIRED: 3 }

/**
 * Usable tickets first, the soonest to end first; then those not valid yet, the soonest to start;
 * then the used ones, the last used first; then the expired ones, the last to end first.
 */
function listOrder(a: CouponTicket & { at: number }, b: CouponTicket & { at: number }): number {
  return STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.at - b.at || a.id.localeCompare(b.id)
}

/** The ticket as the API answers it; the code only once it is used (decision 0044). */
function present(
  row: TicketWithCoupon,
  models: ReadonlyArray<{ id: string; name: string }>,
  now: Date,
): CouponTicket {
  const { ticket, coupon } = row
  return {
    id: ticket.id,
    couponId: coupon.id,
    title: coupon.title,
    benefit: coupon.benefit,
    conditions: coupon.conditions,
    scope: coupon.scope,
    shop: coupon.scope === 'SHOP' ? row.shop : null,
    models: coupon.scope === 'MODELS' ? [...models] : [],
    validFrom: formatJst(ticket.validFrom),
    validUntil: formatJst(ticket.validUntil),
    usedAt: ticket.usedAt === null ? null : formatJst(ticket.usedAt),
    code: ticket.usedAt === null ? null : ticket.code,
    state: ticketStateAt(ticket, now),
  }
}

/**
 * Whether a coupon given once to whom it targets (EVERY_MEMBER, PREMIUM, FREE) is for a member of
 * this membership now: premium counts the junior-high free premium, as every premium feature does.
 */
function targets(grant: CouponGrant, membership: Membership): boolean {
  if (grant === 'EVERY_MEMBER') return true
  if (grant === 'PREMIUM') return hasPremiumFeatures(membership)
  if (grant === 'FREE') return !hasPremiumFeatures(membership)
  return false
}

/** A coupon as the demo seed writes it (the console writes through coupons-admin.service.ts). */
export interface CouponDraft {
  id: string
  title: string
  benefit: string
  conditions: string
  grant: CouponGrant
  validDays: number
  scope: CouponScope
  shopId: string | null
  modelIds: readonly string[]
  startsAt: Date
  endsAt: Date | null
}

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message)
}

function checked(draft: CouponDraft) {
  if (!TICKET_ID_PATTERN.test(draft.id)) invalid('the id is a UUID')
  for (const [name, value, max] of [
    ['title', draft.title, 60],
    ['benefit', draft.benefit, 60],
    ['conditions', draft.conditions, 1000],
  ] as const) {
    if (value.trim() === '' || value.length > max) invalid(`${name} is 1-${max} characters`)
  }
  if (!Number.isInteger(draft.validDays) || draft.validDays < 1 || draft.validDays > 366) {
    invalid('validDays is 1-366')
  }
  if ((draft.scope === 'SHOP') !== (draft.shopId !== null))
    invalid('a shop is named exactly when the scope is SHOP')
  if ((draft.scope === 'MODELS') !== draft.modelIds.length > 0) {
    invalid('models are named exactly when the scope is MODELS')
  }
  if (draft.endsAt !== null && !(draft.endsAt.getTime() > draft.startsAt.getTime()))
    invalid('endsAt comes after startsAt')
  return {
    coupon: {
      id: draft.id.toLowerCase(),
      title: draft.title.trim(),
      benefit: draft.benefit.trim(),
      conditions: draft.conditions.replace(/\r\n?/g, '\n').trim(),
      grant: draft.grant,
      validDays: draft.validDays,
      scope: draft.scope,
      shopId: draft.shopId,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
    },
    modelIds: draft.modelIds,
  }
}

/**
 * Coupons (decision 0044): a member's tickets, granted when the member lists them for every
 * campaign they qualify for, and used once only.
 */
export function createCouponsService(deps: { repo: CouponsRepository; newCode?: () => string }) {
  const { repo } = deps
  const newCode = deps.newCode ?? newTicketCode

  /**
   * The tickets of the coupons the member is targeted by now and does not have yet (decisions 0044,
   * 0079): granted here, when they list their tickets, rather than to every member when a coupon is
   * published, so a member who signs up or becomes premium during a campaign gets theirs the same way.
   */
  async function grantDue(member: { accountId: string; membership: Membership }, now: Date): Promise<void> {
    const month = japanMonthOf(now)
    for (let attempt = 0; attempt < GRANT_ATTEMPTS; attempt++) {
      const due: NewTicket[] = []
      for (const { coupon, registeredAt } of await repo.grantable(member.accountId, now, month)) {
        if (coupon.grant === 'SIGN_UP') {
          // A welcome coupon is for those who joined during its campaign, from their registration.
          if (registeredAt.getTime() < coupon.startsAt.getTime()) continue
          const validUntil = earliest(addDays(registeredAt, coupon.validDays), coupon.endsAt)
          if (validUntil.getTime() <= now.getTime()) continue
          due.push({
            couponId: coupon.id,
            accountId: member.accountId,
            period: '',
            code: newCode(),
            grantedAt: now,
            // Time travel may put "now" before the registration: usable from now then.
            validFrom: earliest(registeredAt, now),
            validUntil,
          })
        } else if (targets(coupon.grant, member.membership)) {
          // Once for everyone it targets, lasting `valid_days` from now, never past its end.
          const validUntil = earliest(addDays(now, coupon.validDays), coupon.endsAt)
          due.push({
            couponId: coupon.id,
            accountId: member.accountId,
            period: '',
            code: newCode(),
            grantedAt: now,
            validFrom: now,
            validUntil,
          })
        } else if (coupon.grant === 'PREMIUM_MONTHLY' && hasPremiumFeatures(member.membership)) {
          const validUntil = earliest(startOfNextJapanMonth(month), coupon.endsAt)
          due.push({
            couponId: coupon.id,
            accountId: member.accountId,
            period: month,
            code: newCode(),
            grantedAt: now,
            validFrom: now,
            validUntil,
          })
        }
      }
      // Skipped rows were granted by another request meanwhile, or drew a taken code: look again.
      if (due.length === 0 || (await repo.grant(due)) === due.length) return
    }
  }

  async function withModels(rows: readonly TicketWithCoupon[], now: Date): Promise<CouponTicket[]> {
    const models = await repo.modelsOf(
      rows.filter((row) => row.coupon.scope === 'MODELS').map((row) => row.coupon.id),
    )
    return rows.map((row) => present(row, models.get(row.coupon.id) ?? [], now))
  }

  return {
    /** The member's tickets, after granting those due now (see `listOrder` for the order). */
    async list(member: { accountId: string; membership: Membership }, now: Date): Promise<CouponTickets> {
      await grantDue(member, now)
      const rows = await repo.ticketsOf(member.accountId, addDays(now, -LISTED_AFTER_END_DAYS))
      const tickets = (await withModels(rows, now)).map((ticket, i) => {
        const { ticket: row } = rows[i]!
        const at =
          ticket.state === 'USABLE'
            ? row.validUntil.getTime()
            : ticket.state === 'NOT_YET_VALID'
              ? row.validFrom.getTime()
              : ticket.state === 'USED'
                ? -row.usedAt!.getTime()
                : -row.validUntil.getTime()
        return { ...ticket, at }
      })
      return { tickets: tickets.sort(listOrder).map(({ at: _, ...ticket }) => ticket) }
    },

    /**
     * Uses one of the member's tickets, once only: exactly one of racing calls succeeds. The others,
     * and every later call, get COUPON_ALREADY_USED with the time it was used.
     */
    async use(accountId: string, ticketId: string, now: Date): Promise<CouponTicket> {
      if (!TICKET_ID_PATTERN.test(ticketId)) throw new AppError('NOT_FOUND', 'no such coupon ticket')
      const id = ticketId.toLowerCase()
      const used = await repo.use(accountId, id, now)
      const row = await repo.ticketOf(accountId, id)
      if (row === null) throw new AppError('NOT_FOUND', 'no such coupon ticket')
      if (used === null) {
        const { ticket } = row
        if (ticket.usedAt !== null) {
          throw new AppError(
            'COUPON_ALREADY_USED',
            'the ticket was used already',
            {},
            { usedAt: formatJst(ticket.usedAt) },
          )
        }
        throw now.getTime() < ticket.validFrom.getTime()
          ? new AppError('COUPON_NOT_YET_VALID', 'the ticket is not valid yet')
          : new AppError('COUPON_EXPIRED', 'the ticket has expired')
      }
      const [ticket] = await withModels([row], now)
      return ticket!
    },

    /** Stores the coupons whose ids are not there yet, each checked; the others stay as they are. */
    async publishMissing(drafts: readonly CouponDraft[]): Promise<void> {
      await repo.createMissing(drafts.map(checked))
    },

    /**
     * Gives a member a ticket of a coupon (the INDIVIDUAL ones: an operator, the demo seed), once:
     * a ticket the member has of it stays as it is.
     */
    async give(ticket: {
      accountId: string
      couponId: string
      grantedAt: Date
      validFrom: Date
      validUntil: Date
      usedAt?: Date
    }): Promise<void> {
      if (!(ticket.validUntil.getTime() > ticket.validFrom.getTime()))
        invalid('validUntil comes after validFrom')
      await repo.grant([{ ...ticket, period: '', code: newCode(), usedAt: ticket.usedAt ?? null }])
    },
  }
}

export type CouponsService = ReturnType<typeof createCouponsService>
