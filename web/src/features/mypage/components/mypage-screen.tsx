import type { SavedPlay } from '@puribox/contract/mypage'
import { links } from '@puribox/contract/pages'
import { Fragment, lazy, type ReactNode, Suspense, useEffect, useId, useRef } from 'react'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { RegisteredNotice, useJustRegistered } from '../../../components/registered-notice'
import { ApiError } from '../../../lib/api-client'
import { nowFor, useClock } from '../../../lib/clock'
import { hasEarlyRequest } from '../../../lib/early-requests'
import { useMembersOnly } from '../../account/use-members-only'
import { Banner } from '../../banners/public'
import { SealIdForm } from '../../seal/public'
import { useSavedPlays } from '../api/get-saved-plays'
import { useUnsavedSummary } from '../api/get-unsaved-summary'
import { FIRST_SCREEN_THUMBNAILS, THUMBNAIL_PLACEHOLDER, THUMBNAILS_PER_ROW } from '../first-screen'
import { t } from '../i18n'
import { LIST_HASH, UNSAVED_HASH, useMypageHash } from '../mypage-hash'
import { playView } from '../viewer-slides'
import { LockMark } from './locked-puri'
import { SavedImageViewer } from './saved-image-viewer'
import { SavedPlayGroup } from './saved-play-group'
import { UnsavedPurisView } from './unsaved-puris-view'
import '../mypage.css'
import { hasPremiumFeatures, isMember } from '../../account/membership'

/** The au trial's offer, by my page's flow: a chunk of the premium pages', for free members only. */
const TrialOfferSpot = lazy(() => import('../../payment/public').then((m) => ({ default: m.TrialOfferSpot })))

/** The bar offering to open my page in the native app: outside the app only, in a chunk of its own. */
const AppOpenBar = lazy(() => import('../../app-open-bar/public').then((m) => ({ default: m.AppOpenBar })))

/** Asks for the next page when the end of the list comes near (the button stays as a fallback). */
function useLoadMoreWhenNear(onNear: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null)
  const latest = useRef(onNear)
  latest.current = onNear
  useEffect(() => {
    const element = sentinel.current
    if (!active || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [active])
  return sentinel
}

/**
 * The list while its first page loads, laid out as it will be (plays with two rows of pictures), so
 * nothing jumps when it arrives and the footer stays below the first screen. It is also the page's
 * prerendered first screen (src/shell).
 */
function SavedPlaysSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="stack" aria-hidden="true">
        {[0, 1].map((play) => (
          <div key={play} className="card saved-play">
            <p className="saved-play__heading">
              {/* In spans as the heading's parts are, so that the line is as tall as the heading's. */}
              <span className="saved-play__date">
                <span className="skeleton skeleton--short" />
              </span>
              <span className="saved-play__machine">
                <span className="skeleton" />
              </span>
            </p>
            <div className="saved-grid">
              {Array.from({ length: FIRST_SCREEN_THUMBNAILS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike
                <span key={index} className={THUMBNAIL_PLACEHOLDER.slice(1)} />
              ))}
            </div>
            <span className="skeleton skeleton--button" />
          </div>
        ))}
      </div>
    </div>
  )
}

function EmptyState() {
  return (
    <section className="card empty-state">
      <h2>{t('mypageList.empty.title')}</h2>
      <p>{t('mypageList.empty.body')}</p>
    </section>
  )
}

/**
 * My page is a member's home: the next seal's ID goes in right at the top, in one row with its
 * button, so that on a small phone the newest play's pictures are on the first screen below it.
 */
function SealEntry() {
  const titleId = useId()
  return (
    <section className="card card--entry mypage-entry" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('mypageList.entry')}
      </h2>
      <SealIdForm submitLabel={t('mypageList.entrySubmit')} />
    </section>
  )
}

/**
 * The way between my page's two lists, beside its title (whose row keeps its height, so that nothing
 * moves when it appears): to a free member's unsaved pictures, and back to the saved ones.
 */
function ViewSwitch({ unsavedView, unsavedCount }: { unsavedView: boolean; unsavedCount: number }) {
  if (unsavedView)
    return (
      <a href={LIST_HASH} className="mypage-switch">
        {t('mypageList.switch.toSaved')}
      </a>
    )
  if (unsavedCount === 0) return null
  return (
    <a href={UNSAVED_HASH} className="mypage-switch mypage-switch--unsaved">
      <LockMark />
      {t('mypageList.switch.toUnsaved', { count: unsavedCount })}
    </a>
  )
}

/** Moves the focus to the title when the page switches between its lists (not on arriving). */
function useFocusOnSwitch(view: string) {
  const title = useRef<HTMLHeadingElement>(null)
  const shown = useRef(view)
  useEffect(() => {
    if (shown.current === view) return
    shown.current = view
    window.scrollTo(0, 0)
    title.current?.focus()
  }, [view])
  return title
}

/**
 * `/sp/2/mypage/#/puri/new`: the member's saved pictures, newest play first, more as they scroll, and
 * a free member's unsaved ones locked beside them; `#/puri/{sealId}/{imageId}` opens one full screen;
 * `#/puri/unsaved` lists a free member's unsaved pictures. Members only: a guest signs in and comes back.
 */
export function MypageScreen() {
  const { route, openViewer, showInViewer, closeViewer } = useMypageHash()
  const unsavedView = route.view === 'unsaved'
  const registered = useJustRegistered()
  const account = useMembersOnly(unsavedView ? links.mypageUnsaved : links.mypage)
  const membership = account.data?.membershipStatus
  const member = isMember(membership)
  const mini = !(member && hasPremiumFeatures(membership))
  const summary = useUnsavedSummary(membership === 'MINI')
  const titleRef = useFocusOnSwitch(unsavedView ? 'unsaved' : 'list')
  // On a fresh load the first page is already on its way (boot.ts): take it without waiting for the
  // account. A guest's answer is 401 while the account sends them to sign in.
  const plays = useSavedPlays(member || hasEarlyRequest('plays'))
  const signingIn =
    membership === 'GUEST' || (plays.error instanceof ApiError && plays.error.code === 'UNAUTHENTICATED')
  const now = nowFor(useClock())
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = plays
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }
  const sentinel = useLoadMoreWhenNear(loadMore, hasNextPage === true && !plays.isFetchNextPageError)

  // `/sp/2/mypage/` alone shows the list; say so in the address, as the spec's links do.
  useEffect(() => {
    if (window.location.hash === '') window.history.replaceState(window.history.state, '', LIST_HASH)
  }, [])

  const allPlays: SavedPlay[] = plays.data?.pages.flatMap((page) => page.items) ?? []
  const viewed = route.view === 'viewer' ? allPlays.find((play) => play.sealId === route.sealId) : undefined
  const viewedPlay = viewed ? playView(viewed, { mini, now }) : null
  const viewedIndex =
    route.view === 'viewer' && viewedPlay
      ? viewedPlay.slides.findIndex((slide) => slide.key === route.imageId)
      : -1

  // An address naming a picture this member does not have (or no longer) falls back to the list.
  const unknownPicture = route.view === 'viewer' && plays.isSuccess && !plays.isFetching && viewedIndex < 0
  useEffect(() => {
    if (unknownPicture) closeViewer()
  }, [unknownPicture, closeViewer])

  // Below the newest play, so its pictures stay on the first screen: the au trial's offer, then the
  // banner of the space among the pictures (nothing when it shows none).
  const belowNewest = (
    <>
      {membership === 'MINI' && (
        <Suspense fallback={null}>
          <TrialOfferSpot flow="MY_PAGE" membership={membership} />
        </Suspense>
      )}
      <Banner spaceId="photos_banner" />
    </>
  )
  let body: ReactNode
  if (signingIn) {
    body = <LoadingState />
  } else if (unsavedView) {
    body = account.isError ? (
      <LoadFailure
        error={account.error}
        title={t('mypageList.unsaved.loadFailed')}
        onRetry={() => void account.refetch()}
      />
    ) : (
      <UnsavedPurisView membership={member ? membership : undefined} now={now} />
    )
  } else if (account.isError || (plays.isError && !plays.data)) {
    body = (
      <LoadFailure
        error={account.error ?? plays.error}
        title={t('mypageList.loadFailed')}
        onRetry={() => void (account.isError ? account.refetch() : plays.refetch())}
      />
    )
  } else if (!plays.data) {
    body = <SavedPlaysSkeleton />
  } else if (allPlays.length === 0) {
    body = (
      <>
        <EmptyState />
        {belowNewest}
      </>
    )
  } else {
    body = (
      <>
        <div className="stack">
          {allPlays.map((play, index) => (
            <Fragment key={play.sealId}>
              <SavedPlayGroup
                play={play}
                view={playView(play, { mini, now })}
                eagerCount={index === 0 ? FIRST_SCREEN_THUMBNAILS : 0}
                highPriorityCount={index === 0 ? THUMBNAILS_PER_ROW : 0}
                onOpen={(opened: SavedPlay, key: string) => openViewer(opened.sealId, key)}
              />
              {index === 0 && belowNewest}
            </Fragment>
          ))}
        </div>
        <div ref={sentinel} className="saved-more">
          {plays.isFetchNextPageError && (
            <LoadFailure error={plays.error} onRetry={() => void fetchNextPage()} />
          )}
          {plays.isFetchNextPageError ? null : hasNextPage ? (
            <button
              type="button"
              className="button button--secondary button--block"
              disabled={isFetchingNextPage}
              onClick={loadMore}
            >
              {isFetchingNextPage ? t('mypageList.loadingMore') : t('mypageList.more')}
            </button>
          ) : (
            <p className="note">{t('mypageList.end')}</p>
          )}
        </div>
      </>
    )
  }

  const title = unsavedView ? t('mypageList.unsaved.title') : t('mypageList.title')
  return (
    <div className="page">
      <PageTitle page={title} />
      {registered && !unsavedView && (
        <RegisteredNotice title={t('mypageList.registered.title')}>
          <p>{t('mypageList.registered.body')}</p>
        </RegisteredNotice>
      )}
      <div className="mypage-head">
        <h1 ref={titleRef} className="page__title" tabIndex={-1}>
          {title}
        </h1>
        <ViewSwitch unsavedView={unsavedView} unsavedCount={summary.data?.totalCount ?? 0} />
      </div>
      {!signingIn && !unsavedView && <SealEntry />}
      {body}
      {viewed && viewedPlay && viewedIndex >= 0 && (
        <SavedImageViewer
          play={viewed}
          slides={viewedPlay.slides}
          index={viewedIndex}
          deadline={viewedPlay.deadline}
          onIndex={(index) => {
            const slide = viewedPlay.slides[index]
            if (slide) showInViewer(viewed.sealId, slide.key)
          }}
          onClose={closeViewer}
        />
      )}
      {/* Once the account is known: a guest on the way to sign in is offered nothing. */}
      {member && !signingIn && (
        <Suspense fallback={null}>
          <AppOpenBar />
        </Suspense>
      )}
    </div>
  )
}
