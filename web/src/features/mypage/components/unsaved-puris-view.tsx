import type { MemberMembership } from '@puribox/contract/membership'
import { links } from '@puribox/contract/pages'
import { PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import type { UnsavedItem } from '@puribox/contract/saving'
import { formatSealId } from '@puribox/contract/seal-id'
import { parseJst } from '@puribox/contract/time'
import { unsavedPreviewUrl } from '@puribox/contract/unsaved-rules'
import { type ReactNode, useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { DeadlineText } from '../../../components/deadline-text'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { saveDeadline } from '../../../lib/deadline'
import { hasPremiumFeatures } from '../../account/membership'
import { useUnsavedPuris } from '../api/get-unsaved-puris'
import { t, withWholePrices } from '../i18n'
import { LIST_HASH } from '../mypage-hash'
import { LockedPuri } from './locked-puri'

interface SealGroup {
  sealId: string
  machineName: string
  expiringAt: string
  items: UnsavedItem[]
}

/** The unsaved pictures by seal, in the order they came (soonest expiry first). */
export function groupBySeal(items: readonly UnsavedItem[]): SealGroup[] {
  const groups = new Map<string, SealGroup>()
  for (const item of items) {
    const group = groups.get(item.sealId)
    if (group) group.items.push(item)
    else
      groups.set(item.sealId, {
        sealId: item.sealId,
        machineName: item.machineName,
        expiringAt: item.expiringAt,
        items: [item],
      })
  }
  return [...groups.values()]
}

/** One seal's unsaved pictures, locked, under its one deadline. */
function UnsavedSealGroup({ group, now }: { group: SealGroup; now: Date }) {
  const expiry = parseJst(group.expiringAt)
  const deadline = expiry ? saveDeadline(expiry, now) : null
  const headingId = `unsaved-${group.sealId}`
  return (
    <section className="card saved-play" aria-labelledby={headingId}>
      <h2 className="saved-play__heading" id={headingId}>
        <span className="saved-play__machine">{group.machineName}</span>
        <span className="saved-play__count">{t('mypageList.play.count', { count: group.items.length })}</span>
      </h2>
      <dl className="unsaved-facts">
        <dt>{t('mypageList.unsaved.sealId')}</dt>
        <dd className="unsaved-facts__seal nowrap">{formatSealId(group.sealId)}</dd>
        {deadline && (
          <>
            <dt>{t('mypageList.play.deadline')}</dt>
            <dd>
              <DeadlineText deadline={deadline} />
            </dd>
          </>
        )}
      </dl>
      <ul className="saved-grid">
        {group.items.map((item) => (
          <li key={item.puriNumber} className="saved-grid__item">
            <LockedPuri
              previewUrl={unsavedPreviewUrl(item.sealId, item.puriNumber)}
              alt={t(item.rawPuri ? 'mypageList.unsaved.altRaw' : 'mypageList.unsaved.alt', {
                number: item.puriNumber,
              })}
              rawPuri={item.rawPuri}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** What premium keeps of them, and the way there (the premium page). */
function PremiumOffer({ count }: { count: number }) {
  const titleId = useId()
  return (
    <section className="card card--accent unsaved-offer" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('mypageList.unsaved.premium.title')}
      </h2>
      <p>{withWholePrices(t('mypageList.unsaved.premium.body', { count, price: PREMIUM_PRICE_YEN }))}</p>
      <AppLink href={links.premiumRegistration} className="button button--block">
        {t('mypageList.unsaved.premium.action')}
      </AppLink>
    </section>
  )
}

function NothingUnsaved({ premium }: { premium: boolean }) {
  return (
    <section className="card empty-state">
      <h2>{t('mypageList.unsaved.empty.title')}</h2>
      <p>{t(premium ? 'mypageList.unsaved.empty.premium' : 'mypageList.unsaved.empty.body')}</p>
      <a href={LIST_HASH} className="button button--block button--secondary">
        {t('mypageList.unsaved.empty.action')}
      </a>
    </section>
  )
}

/**
 * `#/puri/unsaved` of my page: the pictures a free member has not saved (the header's badge leads
 * here), locked, by seal with one deadline each, ten at a time and more on demand, with what premium
 * would keep and the way there. A premium member has none (and nothing is asked: unsaved puris are fetched only for a free member).
 */
export function UnsavedPurisView({
  membership,
  now,
}: {
  membership: MemberMembership | undefined
  now: Date
}) {
  const list = useUnsavedPuris(membership === 'MINI')
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list
  if (membership !== undefined && hasPremiumFeatures(membership)) return <NothingUnsaved premium />
  if (list.isError && !list.data)
    return (
      <LoadFailure
        error={list.error}
        title={t('mypageList.unsaved.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  if (!list.data) return <LoadingState />

  const items = list.data.pages.flatMap((page) => page.items)
  const total = list.data.pages[0]?.totalCount ?? items.length
  if (items.length === 0) return <NothingUnsaved premium={false} />

  let more: ReactNode
  if (list.isFetchNextPageError)
    more = <LoadFailure error={list.error} onRetry={() => void fetchNextPage()} />
  else if (hasNextPage)
    more = (
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
      >
        {isFetchingNextPage ? t('mypageList.loadingMore') : t('mypageList.more')}
      </button>
    )
  else more = <p className="note">{t('mypageList.unsaved.end')}</p>

  return (
    <>
      <p className="page__lead">{t('mypageList.unsaved.lead')}</p>
      <PremiumOffer count={total} />
      <div className="stack">
        {groupBySeal(items).map((group) => (
          <UnsavedSealGroup key={group.sealId} group={group} now={now} />
        ))}
      </div>
      <div className="saved-more">{more}</div>
    </>
  )
}
