import type { SavedPlay } from '@puribox/contract/mypage'
import { links } from '@puribox/contract/pages'
import type { NoFreePuriReason } from '@puribox/contract/puri-rules'
import type { SealRegistration } from '@puribox/contract/saving'
import { formatSealId, normalizeSealId } from '@puribox/contract/seal-id'
import { type ReactNode, useEffect, useRef } from 'react'
import { useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { DeadlineText } from '../../../components/deadline-text'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { RegisteredNotice, useJustRegistered } from '../../../components/registered-notice'
import { isTransient, type WithClock } from '../../../lib/api-client'
import { nowFor, useClock } from '../../../lib/clock'
import { saveDeadlineOf } from '../../../lib/deadline'
import { errorCodeOf, retryAfterOf } from '../../../lib/error-message'
import { useGoTo } from '../../../lib/page-navigation'
import { useAccountSelf } from '../../account/api/get-account-self'
import {
  mypageSavePath,
  previewPath,
  puriGetPath,
  purigetStandingOf,
  SealIdForm,
  SealLookupProblem,
  sourceOf,
} from '../../seal/public'
import { useSavedPlays } from '../api/get-saved-plays'
import { useSaveSeal } from '../api/save-seal'
import { FIRST_SCREEN_THUMBNAILS, THUMBNAILS_PER_ROW } from '../first-screen'
import { t } from '../i18n'
import { viewerPath } from '../mypage-hash'
import { playView } from '../viewer-slides'
import { SavedPlayGroup } from './saved-play-group'
import '../mypage.css'
import type { MemberMembership } from '@puribox/contract/membership'
import { hasPremiumFeatures, isMember } from '../../account/membership'

type SaveAnswer = WithClock<SealRegistration>

/** My page's list of plays (the saved seal is the newest one), once the seal has been saved. */
function useSavedPlayOf(sealId: string) {
  const plays = useSavedPlays(true)
  return plays.data?.pages.flatMap((page) => page.items).find((play) => play.sealId === sealId)
}

/**
 * The pictures of the seal just saved, as my page shows them: the saved ones, and a free member's
 * unsaved ones locked beside them with their deadline. A tap opens the picture on my page.
 */
function SavedPictures({ play, mini }: { play: SavedPlay; mini: boolean }) {
  const goTo = useGoTo()
  const now = nowFor(useClock())
  return (
    <SavedPlayGroup
      play={play}
      view={playView(play, { mini, now })}
      eagerCount={FIRST_SCREEN_THUMBNAILS}
      highPriorityCount={THUMBNAILS_PER_ROW}
      onOpen={(opened, key) => goTo(viewerPath(opened.sealId, key))}
      premiumLink={false}
    />
  )
}

/** The seal saved, and for a mini member with puris left unsaved, until when premium keeps them. */
function SealFacts({ result, withDeadline }: { result: SaveAnswer; withDeadline: boolean }) {
  const deadline = withDeadline ? saveDeadlineOf(result.sealExpireDate, result.clock) : null
  return (
    <dl className="save-result__facts">
      <dt>{t('mypage.save.sealId')}</dt>
      <dd className="nowrap">{formatSealId(result.sealId)}</dd>
      <dt>{t('mypage.save.machine')}</dt>
      <dd>{result.machine.name}</dd>
      {deadline && (
        <>
          <dt>{t('mypage.save.deadline')}</dt>
          <dd>
            <DeadlineText deadline={deadline} />
          </dd>
        </>
      )}
    </dl>
  )
}

/**
 * A mini member saved a seal with no free puri (proof samples, raw puris only): nothing saved, and
 * why, instead of "0 saved"; the seal is registered, so premium before the save-by date saves them all.
 */
function NothingFreeResult({ result, reason }: { result: SaveAnswer; reason: NoFreePuriReason }) {
  const registered = result.alreadyRegistered
    ? 'mypage.save.alreadyRegisteredNone'
    : 'mypage.save.registeredNone'
  return (
    <div className="stack">
      <section className="card save-result" aria-live="polite">
        <p className="save-result__headline">{t('mypage.save.savedNone')}</p>
        <SealFacts result={result} withDeadline={result.unsavedCount > 0} />
        <p>{t(`seal.noFree.reasons.${reason}`)}</p>
        {result.unsavedCount > 0 && <p>{t(registered, { count: result.unsavedCount })}</p>}
      </section>
      <AppLink href={links.premiumRegistration} className="button button--block">
        {t('mypage.save.premiumPitch')}
      </AppLink>
      <AppLink href={previewPath(result.sealId)} className="button button--block button--secondary">
        {t('mypage.save.toPreview')}
      </AppLink>
    </div>
  )
}

function SaveResult({ result, membership }: { result: SaveAnswer; membership: MemberMembership }) {
  const play = useSavedPlayOf(result.sealId)
  if (membership === 'MINI' && result.savedCount === 0 && result.noFreePuriReason !== null)
    return <NothingFreeResult result={result} reason={result.noFreePuriReason} />
  const unsaved = membership === 'MINI' && result.unsavedCount > 0
  let headline: string
  if (result.alreadyRegistered) headline = t('mypage.save.alreadySaved')
  else if (hasPremiumFeatures(membership)) headline = t('mypage.save.savedAll', { count: result.savedCount })
  else headline = t('mypage.save.savedFree', { count: result.savedCount })
  return (
    <div className="stack">
      <section className="card save-result" aria-live="polite">
        <p className="save-result__headline">{headline}</p>
        {/* The pictures below carry the deadline and what is left unsaved, once they are here. */}
        <SealFacts result={result} withDeadline={unsaved && !play} />
        {unsaved && !play && (
          <p className="save-result__unsaved">{t('mypage.save.unsaved', { count: result.unsavedCount })}</p>
        )}
      </section>
      {play && <SavedPictures play={play} mini={membership === 'MINI'} />}
      {unsaved && (
        <AppLink href={links.premiumRegistration} className="button button--block">
          {t('mypage.save.premiumPitch')}
        </AppLink>
      )}
      <AppLink href={links.mypage} className="button button--block button--secondary">
        {t('mypage.save.toMypage')}
      </AppLink>
    </div>
  )
}

/**
 * `/web/mypage?sealId=…[&from=inputSealId|qr]`: saves the seal to the member (one request, whatever
 * React does with effects), shows what was saved, and leaves the address at `/web/mypage?sealId=…`.
 * A guest is sent to the puri-get page, which shows guests the preview.
 */
export function SaveSealScreen() {
  const [searchParams] = useSearchParams()
  const goTo = useGoTo()
  const typedSealId = searchParams.get('sealId') ?? ''
  const sealId = normalizeSealId(typedSealId)
  // Where the member came from (the form, the sheet's QR code): the save counts it (decision 0043).
  const from = sourceOf(searchParams)
  const registered = useJustRegistered()
  const account = useAccountSelf()
  const membership = account.data?.membershipStatus
  const save = useSaveSeal()
  const { mutate } = save
  // The seal this screen has sent a save for: StrictMode's second effect and the address change
  // after saving must not send it again.
  const sentFor = useRef<string | null>(null)

  useEffect(() => {
    if (membership === 'GUEST') goTo(puriGetPath(sealId ?? typedSealId, from ?? undefined), { replace: true })
  }, [membership, sealId, typedSealId, from, goTo])

  useEffect(() => {
    if (!isMember(membership) || !sealId || sentFor.current === sealId) return
    sentFor.current = sealId
    mutate(
      { sealId, from },
      { onSuccess: (result) => goTo(mypageSavePath(result.sealId, { registered }), { replace: true }) },
    )
  }, [membership, sealId, from, mutate, goTo, registered])

  function saveAnother(nextSealId: string) {
    if (nextSealId === sealId) {
      sentFor.current = nextSealId
      mutate(
        { sealId: nextSealId, from },
        { onSuccess: (result) => goTo(mypageSavePath(result.sealId), { replace: true }) },
      )
    } else {
      goTo(mypageSavePath(nextSealId, { from: 'inputSealId' }))
    }
  }

  let body: ReactNode
  if (!isMember(membership)) {
    body = <LoadingState />
  } else if (typedSealId.trim() === '') {
    body = (
      <section className="card">
        <SealIdForm onValidSealId={saveAnother} submitLabel={t('mypage.save.submit')} />
      </section>
    )
  } else if (sealId === null) {
    body = (
      <SealLookupProblem
        code="SEAL_ID_MALFORMED"
        typedSealId={typedSealId}
        onValidSealId={saveAnother}
        submitLabel={t('mypage.save.submit')}
      />
    )
  } else if (save.isError) {
    body = (
      <SealLookupProblem
        code={errorCodeOf(save.error)}
        retryAfterSeconds={retryAfterOf(save.error)}
        penalty={purigetStandingOf(save.error)}
        onRetry={isTransient(save.error) ? () => saveAnother(sealId) : undefined}
        typedSealId={typedSealId}
        onValidSealId={saveAnother}
        submitLabel={t('mypage.save.submit')}
      />
    )
  } else if (save.data) {
    body = <SaveResult result={save.data} membership={membership} />
  } else {
    body = <LoadingState label={t('mypage.save.saving')} />
  }

  return (
    <div className="page">
      <PageTitle page={registered ? t('mypage.save.registered') : t('mypage.save.title')} />
      {registered && <RegisteredNotice title={t('mypage.save.registered')} />}
      <h1 className="page__title">{t('mypage.save.title')}</h1>
      {body}
    </div>
  )
}
