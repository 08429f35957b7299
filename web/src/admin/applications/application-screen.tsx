import type { AdminApplication } from '@puribox/contract/admin-applications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { FormProblem } from '../../components/form/use-contract-form'
import { LoadFailure } from '../../components/load-failure'
import type { WithClock } from '../../lib/api-client'
import { loadedOrWith } from '../kit/loaded-or'
import { DeadlineNote, isMasked, Personal, StateBadge, shownMail, shownName } from './application-bits'
import { type Decided, Decision } from './application-decision'
import { birthdayText, japanTime, lastDay } from './application-format'
import { APPLICATION_ERRORS } from './application-messages'
import { ApplicationPage } from './application-page'
import { applicationAuditPath, isApplicationId, QUEUE_PATH } from './application-paths'
import { APPLICATIONS_QUERY_KEY, applicationQueryKey, readApplication } from './applications-api'
import { useApplications } from './applications-context'
import { Certificates } from './certificates'
import { t } from './i18n'

/** What the page says above the application after a review was sent from it. */
type Said = { kind: 'decided'; decided: Decided } | { kind: 'problem'; problem: FormProblem }

const ApplicationLoadedOr = loadedOrWith(APPLICATION_ERRORS)

/**
 * `/admin/applications/:applicationId`: who applied (as the operator's role may read it), the
 * review once there is one, the certificate pictures, and the review for the roles that may make it.
 */
export function ApplicationScreen({ applicationId }: { applicationId: string }) {
  const queryClient = useQueryClient()
  const [said, setSaid] = useState<Said | null>(null)
  const valid = isApplicationId(applicationId)
  const application = useQuery({
    queryKey: applicationQueryKey(applicationId),
    queryFn: ({ signal }) => readApplication(applicationId, signal),
    enabled: valid,
  })
  const name = application.data && shownName(application.data)

  function decided(outcome: Decided) {
    queryClient.setQueryData(applicationQueryKey(applicationId), outcome.application)
    void queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY })
    setSaid({ kind: 'decided', decided: outcome })
  }

  function alreadyReviewed(problem: FormProblem) {
    void queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY })
    setSaid({ kind: 'problem', problem })
  }

  return (
    <ApplicationPage
      title={name ?? t('adminApplications.application.title')}
      trail={[{ href: QUEUE_PATH, label: t('adminApplications.queue.title') }]}
    >
      {!valid ? (
        <LoadFailure error={null} message={APPLICATION_ERRORS.JHS_APPLICATION_NOT_FOUND} />
      ) : (
        <ApplicationLoadedOr query={application} failure={t('adminApplications.application.loadFailed')}>
          {(loaded) => (
            <>
              {said && <SaidNotice said={said} />}
              <ApplicationBody application={loaded} onDecided={decided} onAlreadyReviewed={alreadyReviewed} />
            </>
          )}
        </ApplicationLoadedOr>
      )}
    </ApplicationPage>
  )
}

/**
 * What became of the review sent from this page, above the application: the confirmation it was
 * sent from is gone, so focus (and the view) moves here.
 */
function SaidNotice({ said }: { said: Said }) {
  const ref = useRef<HTMLParagraphElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again whenever a new review comes to say
  useEffect(() => ref.current?.focus(), [said])
  if (said.kind === 'problem') {
    return (
      <p className="notice notice--warning" role="alert" tabIndex={-1} ref={ref}>
        {said.problem.message}
      </p>
    )
  }
  const { kind, application } = said.decided
  const mail = shownMail(application.mailAddress)
  return (
    <p className="notice application-done" role="status" tabIndex={-1} ref={ref}>
      {kind === 'approved'
        ? t('adminApplications.decision.approved', { mail, day: lastDay(application.premiumEndsAt) })
        : t('adminApplications.decision.rejected', { mail })}
    </p>
  )
}

function ApplicationBody({
  application,
  onDecided,
  onAlreadyReviewed,
}: {
  application: WithClock<AdminApplication>
  onDecided: (decided: Decided) => void
  onAlreadyReviewed: (problem: FormProblem) => void
}) {
  const { operator, access } = useApplications()
  const masked = [application.familyName, application.birthday, application.mailAddress].some(isMasked)
  const reviews = access.approve || access.reject
  return (
    <div className="application-body">
      {masked && (
        <p className="note">{t('adminApplications.masked', { role: t(`admin.roles.${operator.role}`) })}</p>
      )}
      <ApplicantFacts application={application} />
      {application.state !== 'SUBMITTED' && <ReviewFacts application={application} />}
      <Certificates application={application} />
      {application.state === 'SUBMITTED' &&
        (reviews ? (
          <Decision application={application} onDecided={onDecided} onAlreadyReviewed={onAlreadyReviewed} />
        ) : (
          <p className="note application-read-only">
            {t('adminApplications.readOnly', { role: t(`admin.roles.${operator.role}`) })}
          </p>
        ))}
      <p>
        <Link href={applicationAuditPath(application.id)} className="text-link">
          {t('adminApplications.application.auditLink')}
        </Link>
      </p>
    </div>
  )
}

function ApplicantFacts({ application }: { application: WithClock<AdminApplication> }) {
  const a = 'adminApplications.application'
  const day = lastDay(application.premiumEndsAt)
  return (
    <section className="card console-card" aria-labelledby="applicant-title">
      <h2 id="applicant-title" className="card__title">
        {t(`${a}.applicant`)}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{t(`${a}.state`)}</dt>
          <dd>
            <StateBadge state={application.state} />
          </dd>
        </div>
        <div>
          <dt>{t(`${a}.name`)}</dt>
          <dd>{shownName(application) ?? <Personal value={application.familyName} />}</dd>
        </div>
        <div>
          <dt>{t(`${a}.birthday`)}</dt>
          <dd>
            <Personal value={birthdayText(application.birthday)} />
          </dd>
        </div>
        <div>
          <dt>{t(`${a}.grade`)}</dt>
          <dd>{t('adminApplications.grade', { grade: application.grade })}</dd>
        </div>
        <div>
          <dt>{t(`${a}.mailAddress`)}</dt>
          <dd className="application-break">
            <Personal value={application.mailAddress} />
          </dd>
        </div>
        <div>
          <dt>{t(`${a}.kindDocument`)}</dt>
          <dd>{t(`adminApplications.kindDocuments.${application.kindDocument}`)}</dd>
        </div>
        <div>
          <dt>{t(`${a}.submittedAt`)}</dt>
          <dd>
            <time dateTime={application.submittedAt}>{japanTime(application.submittedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t(`${a}.until`)}</dt>
          <dd>
            {application.state === 'REJECTED' ? (
              <span className="application-none">{t('adminApplications.none')}</span>
            ) : application.state === 'SUBMITTED' ? (
              t(`${a}.untilIfApproved`, { day })
            ) : (
              t('adminApplications.until', { day })
            )}
            <DeadlineNote application={application} clock={application.clock} />
          </dd>
        </div>
        <div>
          <dt>{t(`${a}.accountId`)}</dt>
          <dd>
            <code className="application-code">{application.accountId}</code>
          </dd>
        </div>
      </dl>
    </section>
  )
}

function ReviewFacts({ application }: { application: AdminApplication }) {
  const r = 'adminApplications.application.review'
  return (
    <section className="card console-card" aria-labelledby="review-title">
      <h2 id="review-title" className="card__title">
        {t(`${r}.title`)}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{t(`${r}.reviewedAt`)}</dt>
          <dd>
            {application.reviewedAt ? (
              <time dateTime={application.reviewedAt}>{japanTime(application.reviewedAt)}</time>
            ) : (
              <span className="application-none">{t('adminApplications.none')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t(`${r}.reviewer`)}</dt>
          <dd className="application-break">
            {application.reviewer ? (
              <Personal value={application.reviewer.operatorMailAddress} />
            ) : (
              <span className="application-none">{t('adminApplications.none')}</span>
            )}
          </dd>
        </div>
        {application.state === 'REJECTED' && (
          <>
            <div>
              <dt>{t(`${r}.reason`)}</dt>
              <dd>
                {application.rejectReason ? (
                  t(`adminApplications.rejectReasons.${application.rejectReason}`)
                ) : (
                  <span className="application-none">{t(`${r}.unknownReason`)}</span>
                )}
              </dd>
            </div>
            <div>
              <dt>{t(`${r}.reasonText`)}</dt>
              <dd>
                {application.rejectReasonText ?? (
                  <span className="application-none">{t('adminApplications.none')}</span>
                )}
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>{t(`${r}.note`)}</dt>
          <dd>
            {application.note ? (
              <Personal value={application.note} />
            ) : (
              <span className="application-none">{t('adminApplications.none')}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  )
}
