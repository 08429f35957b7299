import {
  type AdminAuditionDetail,
  AUDITION_CONSENT_COUNTS,
  type AuditionProgress,
} from '@puribox/contract/admin-auditions'
import { AUDITION_CHECK_STATES } from '@puribox/contract/auditions'
import { Link } from 'wouter'
import { auditionAccessOf, writesAuditions } from './audition-access'
import { AuditionActions } from './audition-actions'
import { AuditionApplications } from './audition-applications'
import { t } from './audition-i18n'
import { AuditionStateBadge, auditionAges, auditionWindow } from './audition-labels'
import { AuditionLoadedOr, AuditionsReadOnly, TO_AUDITIONS, useAudition } from './audition-page-parts'
import { auditionAuditPath } from './audition-paths'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { ContentPage } from './content-page'
import './audition.css'

/**
 * `/admin/auditions/:auditionId`: an audition's state and window, what members see of it, how far
 * its applications got, the applications sent to the organiser, and what may be done with it now
 * (audition-actions.tsx).
 */
export function AuditionScreen({ auditionId }: { auditionId: string }) {
  const { operator } = useContent()
  const audition = useAudition(auditionId)
  return (
    <ContentPage
      title={audition.data?.title ?? t('adminAuditions.audition.title')}
      trail={[TO_AUDITIONS]}
      actions={
        audition.data &&
        (writesAuditions(auditionAccessOf(operator.role)) ? (
          <AuditionActions audition={audition.data} />
        ) : (
          <AuditionsReadOnly />
        ))
      }
    >
      <AuditionLoadedOr query={audition} failure={t('adminAuditions.audition.loadFailed')}>
        {(loaded) => (
          <>
            <AuditionFacts audition={loaded} />
            <MembersView audition={loaded} />
            <Progress progress={loaded.progress} />
            <AuditionApplications auditionId={loaded.id} />
          </>
        )}
      </AuditionLoadedOr>
    </ContentPage>
  )
}

function AuditionFacts({ audition }: { audition: AdminAuditionDetail }) {
  const label = (name: 'organizer' | 'ages' | 'window' | 'createdAt' | 'id') =>
    t(`adminAuditions.audition.${name}`)
  const noteTime = audition.state === 'upcoming' ? audition.opensAt : audition.closesAt
  return (
    <section className="card console-card" aria-labelledby="audition-facts-title">
      <h2 id="audition-facts-title" className="card__title">
        {t('adminAuditions.audition.facts')}
      </h2>
      <p>
        <AuditionStateBadge state={audition.state} />{' '}
        {t(`adminAuditions.audition.stateNotes.${audition.state}`, { time: japanTime(noteTime) })}
      </p>
      <dl className="console-facts">
        <div>
          <dt>{label('organizer')}</dt>
          <dd>{audition.organizer}</dd>
        </div>
        <div>
          <dt>{label('ages')}</dt>
          <dd>{auditionAges(audition)}</dd>
        </div>
        <div>
          <dt>{label('window')}</dt>
          <dd>{auditionWindow(audition)}</dd>
        </div>
        <div>
          <dt>{label('createdAt')}</dt>
          <dd>
            <time dateTime={audition.createdAt}>{japanTime(audition.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{label('id')}</dt>
          <dd>
            <code className="content-code">{audition.id}</code>
          </dd>
        </div>
      </dl>
      <Link href={auditionAuditPath(audition.id)} className="text-link">
        {t('adminAuditions.audition.audit')}
      </Link>
    </section>
  )
}

/** The audition as members' page shows it: its title, organiser, ages, end and description. */
function MembersView({ audition }: { audition: AdminAuditionDetail }) {
  return (
    <section className="card console-card" aria-labelledby="audition-preview-title">
      <h2 id="audition-preview-title" className="card__title">
        {t('adminAuditions.audition.preview.title')}
      </h2>
      <p className="note">{t('adminAuditions.audition.preview.lead')}</p>
      <div className="audition-preview">
        <p className="audition-preview__title">{audition.title}</p>
        <p className="audition-preview__meta">{audition.organizer}</p>
        <p className="audition-preview__meta">
          {t('adminAuditions.audition.preview.ages', { min: audition.minAge, max: audition.maxAge })}
          {' / '}
          {t('adminAuditions.audition.preview.closes', { time: japanTime(audition.closesAt) })}
        </p>
        <p className="audition-preview__body">{audition.description}</p>
      </div>
    </section>
  )
}

/** How far the applications got: who began, the guardians' answers, the identity checks, what was sent. */
function Progress({ progress }: { progress: AuditionProgress }) {
  const count = (value: number) => t('adminAuditions.audition.progress.count', { count: value })
  return (
    <section className="card console-card" aria-labelledby="audition-progress-title">
      <h2 id="audition-progress-title" className="card__title">
        {t('adminAuditions.audition.progress.title')}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{t('adminAuditions.audition.progress.applicants')}</dt>
          <dd>{t('adminAuditions.audition.progress.people', { count: progress.applicants })}</dd>
        </div>
        <div>
          <dt>{t('adminAuditions.audition.progress.consents')}</dt>
          <dd>
            <ul className="audition-counts">
              {AUDITION_CONSENT_COUNTS.map((state) => (
                <li key={state}>
                  {t(`adminAuditions.audition.progress.consentStates.${state}`)}{' '}
                  <strong>{count(progress.guardianConsents[state])}</strong>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('adminAuditions.audition.progress.checks')}</dt>
          <dd>
            <ul className="audition-counts">
              {AUDITION_CHECK_STATES.map((state) => (
                <li key={state}>
                  {t(`adminAuditions.audition.progress.checkStates.${state}`)}{' '}
                  <strong>{count(progress.identityChecks[state])}</strong>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('adminAuditions.audition.progress.sent')}</dt>
          <dd>{count(progress.sent)}</dd>
        </div>
      </dl>
      <p className="note">{t('adminAuditions.audition.progress.note')}</p>
    </section>
  )
}
