import type { CouponTicket } from '@puribox/contract/coupons'
import { formatJst, parseJst } from '@puribox/contract/time'
import { useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { errorMessage } from '../../../lib/error-message'
import { useUseTicket } from '../api/coupon-tickets'
import { t } from '../i18n'

/** A wire time (`2026-11-24T10:15:00`, Japan time) as the page writes it, in a `<time>`. */
function When({ at }: { at: string }) {
  const parts = dateTimeParts(at)
  return <time dateTime={at}>{parts ? t('common.dateTime', parts) : at}</time>
}

function whenText(at: string): string {
  const parts = dateTimeParts(at)
  return parts ? t('common.dateTime', parts) : at
}

/** A wire time at the very start of a Japan day (`2026-12-01T00:00:00`). */
const MIDNIGHT = /T00:00:00$/

/**
 * When a ticket stops being usable, as a person reads it: an end at 00:00 Japan time is the whole
 * day before (`2026-12-01T00:00:00` → 30 November, the month's last day), written as that day
 * alone; any other end as its date and time.
 */
function untilText(at: string): string {
  const end = MIDNIGHT.test(at) ? parseJst(at) : null
  const parts = dateTimeParts(end ? formatJst(new Date(end.getTime() - 1000)) : at)
  if (!parts) return at
  return end ? t('common.date', parts) : t('common.dateTime', parts)
}

/** When a ticket starts being usable: a start at 00:00 Japan time is that day, written alone. */
function fromText(at: string): string {
  const parts = dateTimeParts(at)
  if (!parts) return at
  return MIDNIGHT.test(at) ? t('common.date', parts) : t('common.dateTime', parts)
}

/** `ABCD2345` → `ABCD 2345`: two groups of four read aloud more easily. */
function codeGroups(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : code
}

/** The sentence for a failed use; an already-used ticket says when it was used. */
function failureMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.code === 'COUPON_ALREADY_USED' &&
    typeof error.details.usedAt === 'string'
  ) {
    return t('coupons.errors.alreadyUsedAt', { date: whenText(error.details.usedAt) })
  }
  return errorMessage(error, {
    COUPON_ALREADY_USED: t('coupons.errors.COUPON_ALREADY_USED'),
    COUPON_EXPIRED: t('coupons.errors.COUPON_EXPIRED'),
    COUPON_NOT_YET_VALID: t('coupons.errors.COUPON_NOT_YET_VALID'),
    NOT_FOUND: t('coupons.errors.NOT_FOUND'),
    UNAUTHENTICATED: t('coupons.errors.UNAUTHENTICATED'),
  })
}

function Where({ ticket }: { ticket: CouponTicket }) {
  if (ticket.scope === 'SHOP' && ticket.shop) {
    return <>{t('coupons.card.shop', { name: ticket.shop.name, prefecture: ticket.shop.prefectureName })}</>
  }
  if (ticket.scope === 'MODELS' && ticket.models.length > 0) {
    return (
      <>
        {t('coupons.card.models', {
          names: ticket.models.map((model) => model.name).join(t('coupons.card.modelsSeparator')),
        })}
      </>
    )
  }
  return <>{t('coupons.card.everyBooth')}</>
}

/** What the shop's staff look at once the ticket is used: the code, large, and when it was used. */
function UsedPanel({ ticket }: { ticket: CouponTicket }) {
  if (!ticket.usedAt) return null
  return (
    <div className="coupon-used coupon-used--large">
      {ticket.code && (
        <p className="coupon-used__code">
          <span className="coupon-used__label">{t('coupons.card.code')}</span>
          <span className="coupon-used__value nowrap">{codeGroups(ticket.code)}</span>
        </p>
      )}
      <p className="coupon-used__at">
        <span className="coupon-used__label">{t('coupons.use.usedAtLabel')}</span>
        <When at={ticket.usedAt} />
      </p>
    </div>
  )
}

/**
 * What became of a ticket tried on this visit: used here, or refused (used elsewhere meanwhile,
 * expired, or the request failed) with the sentence saying why. Kept by the list, so a card that
 * moves to another group still says it.
 */
export type TicketOutcome = { outcome: 'used' } | { outcome: 'refused'; message: string }

/**
 * One ticket as a card: what it gives, where and until when, its conditions; a usable one is used
 * after a confirmation, and then shows the code and the time for the shop's staff (used on this
 * visit: shown large).
 */
export function TicketCard({
  ticket,
  outcome,
  focusOutcome,
  onTried,
}: {
  ticket: CouponTicket
  /** What became of it on this visit, if it was tried. */
  outcome: TicketOutcome | undefined
  /** The last ticket tried: what became of it takes the focus, wherever the card now stands. */
  focusOutcome: boolean
  onTried: (id: string, outcome: TicketOutcome) => void
}) {
  const [confirming, setConfirming] = useState(false)
  const use = useUseTicket()
  const titleId = useId()
  const confirmId = useId()
  const outcomeRef = useRef<HTMLElement | null>(null)
  const usable = ticket.state === 'USABLE'
  const justUsed = outcome?.outcome === 'used'

  // A card that moved to another group is a new element: the focus follows it there.
  useEffect(() => {
    if (focusOutcome && outcome) outcomeRef.current?.focus()
  }, [focusOutcome, outcome])

  const confirm = () =>
    use.mutate(ticket.id, {
      onSuccess: () => {
        setConfirming(false)
        onTried(ticket.id, { outcome: 'used' })
      },
      onError: (error) => {
        setConfirming(false)
        onTried(ticket.id, { outcome: 'refused', message: failureMessage(error) })
      },
    })

  return (
    <article
      className={`card coupon-ticket coupon-ticket--${ticket.state.toLowerCase()}`}
      aria-labelledby={titleId}
    >
      <p className="coupon-ticket__benefit">{ticket.benefit}</p>
      <h2 id={titleId} className="coupon-ticket__title">
        {ticket.title}
      </h2>
      <p className="coupon-ticket__validity">
        {ticket.state === 'USED' && <span className="badge">{t('coupons.card.used')}</span>}
        {ticket.state === 'EXPIRED' && (
          <span className="badge coupon-ticket__expired">{t('coupons.card.expired')}</span>
        )}
        {ticket.state === 'USED' && ticket.usedAt ? (
          <span>{t('coupons.card.usedAt', { date: whenText(ticket.usedAt) })}</span>
        ) : ticket.state === 'NOT_YET_VALID' ? (
          <span>{t('coupons.card.validFrom', { date: fromText(ticket.validFrom) })}</span>
        ) : (
          <span>{t('coupons.card.validUntil', { date: untilText(ticket.validUntil) })}</span>
        )}
      </p>
      <dl className="coupon-ticket__facts">
        <div>
          <dt>{t('coupons.card.where')}</dt>
          <dd>
            <Where ticket={ticket} />
          </dd>
        </div>
        <div>
          <dt>{t('coupons.card.conditions')}</dt>
          <dd className="coupon-ticket__conditions">{ticket.conditions}</dd>
        </div>
      </dl>

      {justUsed && (
        <div
          className="coupon-ticket__done"
          role="status"
          tabIndex={-1}
          ref={(element) => {
            outcomeRef.current = element
          }}
        >
          <p className="coupon-ticket__done-title">{t('coupons.use.doneTitle')}</p>
          <UsedPanel ticket={ticket} />
          <p className="note">{t('coupons.use.doneBody')}</p>
        </div>
      )}
      {!justUsed && ticket.state === 'USED' && ticket.code && (
        <p className="coupon-used">
          <span className="coupon-used__label">{t('coupons.card.code')}</span>
          <span className="coupon-used__value nowrap">{codeGroups(ticket.code)}</span>
        </p>
      )}

      {usable && !confirming && (
        <button type="button" className="button button--block" onClick={() => setConfirming(true)}>
          {t('coupons.use.button')}
        </button>
      )}
      {usable && confirming && (
        <section className="coupon-ticket__confirm" aria-labelledby={confirmId}>
          <p id={confirmId} className="coupon-ticket__confirm-title">
            {t('coupons.use.confirmTitle')}
          </p>
          <p>{t('coupons.use.confirmBody')}</p>
          <div className="coupon-ticket__actions">
            <button type="button" className="button" disabled={use.isPending} onClick={confirm}>
              {use.isPending ? t('coupons.use.using') : t('coupons.use.confirm')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={use.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('coupons.use.cancel')}
            </button>
          </div>
        </section>
      )}
      {outcome?.outcome === 'refused' && (
        <p
          className="notice notice--error"
          role="alert"
          tabIndex={-1}
          ref={(element) => {
            outcomeRef.current = element
          }}
        >
          {outcome.message}
        </p>
      )}
    </article>
  )
}
