import type { MemberMembership } from '@puribox/contract/membership'
import { links } from '@puribox/contract/pages'
import { freePuriNumber, noFreePuriReason } from '@puribox/contract/puri-rules'
import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { saveDeadlineOf } from '../../../lib/deadline'
import { hasPremiumFeatures } from '../../account/membership'
import type { SealSet } from '../api/get-seal'
import { t } from '../i18n'
import { mypageSavePath } from '../seal-paths'

/**
 * What a signed-in member can do with the seal they are looking at, instead of the guests' invitation
 * to register: premium saves every puri; mini saves the free one, or — when the seal has none (proof
 * samples, raw puris only) — is told why, offered premium, and may register the seal so that its
 * puris are saved if they become premium before the save-by date.
 */
export function MemberSavePanel({
  seal,
  membership,
  realNow,
  from = null,
}: {
  seal: SealSet
  membership: MemberMembership
  realNow?: Date
  /** Where the member came from (decision 0043): saving counts it. */
  from?: SealLookupSource | null
}) {
  const titleId = useId()
  const save = mypageSavePath(seal.sealId, { from })
  const free = freePuriNumber(seal.puris)
  const reason = noFreePuriReason(seal.puris)

  if (membership === 'MINI' && reason !== null) {
    const deadline = saveDeadlineOf(seal.sealExpireDate, seal.clock, realNow)
    return (
      <section className="card card--accent" aria-labelledby={titleId}>
        <h2 id={titleId} className="card__title">
          {t('seal.noFree.title')}
        </h2>
        <p>{t(`seal.noFree.reasons.${reason}`)}</p>
        <p>{t('seal.noFree.premium')}</p>
        <AppLink href={links.premiumRegistration} className="button button--block">
          {t('seal.noFree.toPremium')}
        </AppLink>
        {deadline && deadline.state !== 'passed' && (
          <p className="card__note">{t('seal.noFree.registerNote', { when: deadline.when })}</p>
        )}
        <AppLink href={save} className="button button--secondary button--block">
          {t('seal.noFree.register')}
        </AppLink>
      </section>
    )
  }

  return (
    <section className="card card--accent" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('seal.member.title')}
      </h2>
      {hasPremiumFeatures(membership) || free === null ? (
        <>
          <p>{t('seal.member.premium')}</p>
          <AppLink href={save} className="button button--block">
            {t('seal.member.saveAll')}
          </AppLink>
        </>
      ) : (
        <>
          <p>{t('seal.member.mini', { number: free })}</p>
          <AppLink href={save} className="button button--block">
            {t('seal.member.saveFree', { number: free })}
          </AppLink>
          <AppLink href={links.premiumRegistration} className="text-link">
            {t('seal.member.toPremium')}
          </AppLink>
        </>
      )}
    </section>
  )
}
