import { AUDITION_SENT_FIELDS, type AuditionSentField } from '@puribox/contract/audition-consent-rules'
import type { AuditionApplication, AuditionSent, GuardianConsent } from '@puribox/contract/auditions'
import { type ReactNode, useState } from 'react'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { errorMessage } from '../../../lib/error-message'
import audition from '../../../locales/ja/audition.json'
import { useAskGuardianAgain } from '../api/auditions'
import { auditionErrors, t } from '../i18n'
import { GuardianConsentForm } from './guardian-consent-form'

const guardianErrors: Readonly<Record<string, string>> = { ...auditionErrors, ...audition.guardian.errors }

export function whenText(at: string): string {
  const parts = dateTimeParts(at)
  return parts ? t('common.dateTime', parts) : at
}

function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  return match ? t('common.date', { year: match[1]!, month: Number(match[2]), day: Number(match[3]) }) : day
}

/** One line of what went to the organiser, in PuriBox's words. */
function sentValue(field: AuditionSentField, sent: AuditionSent): ReactNode {
  const none = t('audition.sent.values.none')
  switch (field) {
    case 'referenceNumber':
      return sent.referenceNumber
    case 'birthday':
      return sent.birthday ? dayText(sent.birthday) : none
    case 'age':
      return sent.age === null ? none : t('audition.sent.values.age', { age: sent.age })
    case 'identityCheck':
      return t('audition.sent.values.identityCheck', { date: whenText(sent.identityCheck.completedAt) })
    case 'guardianConsent':
      return sent.guardianConsent
        ? t('audition.sent.values.guardianConsent', {
            relation: t(`audition.relations.${sent.guardianConsent.relation}`),
            date: whenText(sent.guardianConsent.consentedAt),
          })
        : none
  }
}

/** What went to the organiser, field by field as it went, and when. */
export function SentToOrganiser({ application }: { application: AuditionApplication | null }) {
  if (!application) return <p className="note">{t('audition.card.verifiedNote')}</p>
  const fields = AUDITION_SENT_FIELDS.filter(
    (field) => field !== 'guardianConsent' || application.sent.guardianConsent !== null,
  )
  return (
    <section className="card card--soft" aria-label={t('audition.sent.title')}>
      <h4 className="card__title">{t('audition.sent.title')}</h4>
      <p>{t('audition.sent.sentAt', { date: whenText(application.sentAt) })}</p>
      <dl className="facts">
        {fields.map((field) => (
          <div key={field}>
            <dt>{t(`audition.sent.fields.${field}`)}</dt>
            <dd>{sentValue(field, application.sent)}</dd>
          </div>
        ))}
      </dl>
      <p className="note">{t('audition.sent.notSent')}</p>
      <p className="note">{t('audition.sent.result')}</p>
    </section>
  )
}

/** Before the identity check: what will go to the organiser once it succeeds. */
export function ToSendNote({ organizer, withConsent }: { organizer: string; withConsent: boolean }) {
  return (
    <section className="note" aria-label={t('audition.toSend.title')}>
      <p>{t('audition.toSend.lead', { organizer })}</p>
      <p>{withConsent ? t('audition.toSend.fieldsWithConsent') : t('audition.toSend.fields')}</p>
      <p>{t('audition.toSend.notSent')}</p>
    </section>
  )
}

/**
 * A request out to the guardian: to whom, when, until when and its reference number (the same as
 * in the mail), with a way to send it again or to another address.
 */
export function WaitingForGuardian({
  consent,
  auditionId,
  accountId,
}: {
  consent: GuardianConsent
  auditionId: string
  accountId: string
}) {
  const again = useAskGuardianAgain()
  const [changing, setChanging] = useState(false)
  if (changing) {
    return (
      <GuardianConsentForm
        auditionId={auditionId}
        accountId={accountId}
        previous={consent}
        onCancel={() => setChanging(false)}
      />
    )
  }
  const facts: Array<[string, string]> = [
    [t('audition.guardian.waiting.to'), consent.mailAddress],
    [t('audition.guardian.waiting.name'), consent.guardianName],
    [t('audition.guardian.waiting.relation'), t(`audition.relations.${consent.relation}`)],
    [t('audition.guardian.waiting.referenceNumber'), consent.referenceNumber],
    [t('audition.guardian.waiting.requestedAt'), whenText(consent.requestedAt)],
    [t('audition.guardian.waiting.expiresAt'), whenText(consent.expiresAt)],
  ]
  return (
    <section className="notice" aria-label={t('audition.guardian.waiting.title')}>
      <h4 className="notice__title">{t('audition.guardian.waiting.title')}</h4>
      <p>{t('audition.guardian.waiting.body')}</p>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="facts__long">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="note">{t('audition.guardian.waiting.referenceNote')}</p>
      {again.isSuccess && (
        <p role="status" className="form-outcome--ok">
          {t('audition.guardian.waiting.resent')}
        </p>
      )}
      {again.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(again.error, guardianErrors)}
        </p>
      )}
      <div className="stack">
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={again.isPending}
          onClick={() =>
            again.mutate({
              auditionId,
              body: {
                guardianName: consent.guardianName,
                relation: consent.relation,
                mailAddress: consent.mailAddress,
              },
            })
          }
        >
          {again.isPending ? t('audition.guardian.waiting.resending') : t('audition.guardian.waiting.resend')}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => setChanging(true)}
        >
          {t('audition.guardian.waiting.change')}
        </button>
      </div>
    </section>
  )
}

/** The form to ask the guardian, under why it is needed and what became of the last request. */
export function AskGuardian({
  consent,
  auditionId,
  accountId,
}: {
  consent: GuardianConsent | null
  auditionId: string
  accountId: string
}) {
  return (
    <section className="stack" aria-label={t('audition.guardian.title')}>
      <p>{t('audition.guardian.why')}</p>
      {consent?.state === 'DECLINED' && consent.answeredAt && (
        <p className="notice notice--warning">
          {t('audition.guardian.declined', { date: whenText(consent.answeredAt) })}
        </p>
      )}
      {consent?.state === 'EXPIRED' && (
        <p className="notice notice--warning">
          {t('audition.guardian.expired', { date: whenText(consent.expiresAt) })}
        </p>
      )}
      <GuardianConsentForm auditionId={auditionId} accountId={accountId} previous={consent} />
    </section>
  )
}

/** The guardian's agreement, above the identity check's button. */
export function GuardianAgreed({ consent }: { consent: GuardianConsent }) {
  if (consent.state !== 'AGREED' || !consent.answeredAt) return null
  return (
    <p className="note">
      {t('audition.guardian.agreed', {
        relation: t(`audition.relations.${consent.relation}`),
        date: whenText(consent.answeredAt),
      })}
    </p>
  )
}
