import type { CouponTicket, TicketState } from '@puribox/contract/coupons'
import { links } from '@puribox/contract/pages'
import { type ReactNode, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { useAccountSelf } from '../../account/api/get-account-self'
import { useCouponTickets } from '../api/coupon-tickets'
import { t } from '../i18n'
import { CouponsGuide } from './coupons-guide'
import { TicketCard, type TicketOutcome } from './ticket-card'
import '../coupons.css'
import { isMember } from '../../account/membership'

type Section = 'usable' | 'notYetValid' | 'used' | 'expired'
const SECTION_OF: Record<TicketState, Section> = {
  USABLE: 'usable',
  NOT_YET_VALID: 'notYetValid',
  USED: 'used',
  EXPIRED: 'expired',
}
const SECTIONS: readonly Section[] = ['usable', 'notYetValid', 'used', 'expired']

/**
 * `/sp/2/coupon/tickets` (decision 0044): a member's tickets as cards, grouped by state (usable ones
 * first, then those not valid yet, the used ones and the expired ones), each used once after a
 * confirmation; a guest reads what coupons are and how to get them.
 */
export function CouponsScreen() {
  const account = useAccountSelf()
  const membership = account.data?.membershipStatus
  const member = isMember(membership)
  const tickets = useCouponTickets(member)
  // What happened to the tickets tried on this visit: a used one shows its code to the shop's staff,
  // a refused one its reason. Each card stands in the group of its state (a used one among the used
  // ones at once, a refused one where the reloaded list puts it), and the last one tried takes the
  // focus to what it says wherever it moves.
  const [tried, setTried] = useState<Readonly<Record<string, TicketOutcome>>>({})
  const [lastTried, setLastTried] = useState<string | null>(null)
  const triedIds = Object.keys(tried)

  let body: ReactNode
  if (account.isPending) {
    body = <LoadingState />
  } else if (account.isError) {
    body = <LoadFailure error={account.error} onRetry={() => void account.refetch()} />
  } else if (!member) {
    body = <CouponsGuide />
  } else if (tickets.isPending) {
    body = <LoadingState label={t('coupons.loading')} />
  } else if (tickets.isError) {
    body = (
      <LoadFailure
        error={tickets.error}
        title={t('coupons.loadFailed')}
        onRetry={() => void tickets.refetch()}
      />
    )
  } else {
    const sectionOf = (ticket: CouponTicket): Section => SECTION_OF[ticket.state]
    const usableCount = tickets.data.tickets.filter((ticket) => ticket.state === 'USABLE').length
    body = (
      <>
        <p className="page__lead">{t('coupons.lead')}</p>
        {usableCount === 0 && triedIds.length === 0 && (
          <div className="empty-state" role="status">
            <p>{t('coupons.empty')}</p>
          </div>
        )}
        {SECTIONS.map((section) => {
          const inSection = tickets.data.tickets.filter((ticket) => sectionOf(ticket) === section)
          if (inSection.length === 0) return null
          return (
            <section key={section} className="coupons-section">
              <h2 className="section-title">{t(`coupons.sections.${section}`)}</h2>
              <div className="stack">
                {inSection.map((ticket) => (
                  <TicketCard
                    key={ticket.id}
                    ticket={ticket}
                    outcome={tried[ticket.id]}
                    focusOutcome={lastTried === ticket.id}
                    onTried={(id, outcome) => {
                      setTried((before) => ({ ...before, [id]: outcome }))
                      setLastTried(id)
                    }}
                  />
                ))}
              </div>
            </section>
          )
        })}
        {membership === 'MINI' && (
          <p className="note">
            {t('coupons.premiumOffer')}{' '}
            <AppLink href={links.premiumRegistration} className="text-link">
              {t('coupons.guest.premiumLink')}
            </AppLink>
          </p>
        )}
      </>
    )
  }

  return (
    <div className="page coupons-page">
      <PageTitle page={t('coupons.title')} />
      <h1 className="page__title">{t('coupons.title')}</h1>
      {body}
    </div>
  )
}
