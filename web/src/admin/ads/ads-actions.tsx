import {
  type AdminAd,
  type AdSchedule,
  type AdState,
  type AdStep,
  adScheduleSchema,
  adStepSchema,
} from '@puribox/contract/admin-ads'
import { useState } from 'react'
import { Link } from 'wouter'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { useContent } from '../content/content-context'
import {
  JapanTimeField,
  REASON_RULE,
  ReasonField,
  readJapanTime,
  readReason,
  schemaFieldErrors,
} from '../content/content-form'
import { japanTime } from '../content/content-format'
import { ConsoleDialog } from '../kit/dialog'
import { adAccessOf } from './ads-access'
import { publishAd, scheduleAd, withdrawAd } from './ads-api'
import { t } from './ads-i18n'
import { ADS_ERRORS } from './ads-labels'
import { adEditPath, adPath } from './ads-paths'

/** The states an ad may be scheduled or published from (the server's rule): members do not see it, nor saw it. */
const NOT_OUT: readonly AdState[] = ['draft', 'scheduled']
/** The states an ad may be withdrawn from: members see it, will, or saw it until its end. */
const OUT: readonly AdState[] = ['scheduled', 'published', 'ended']

type Step = 'schedule' | 'publish' | 'withdraw'

/**
 * What may be done with an ad now, by its state and the operator's role: change it (unless it was
 * withdrawn), schedule it or publish it now (a draft, or one scheduled), withdraw it (once it is
 * scheduled or out). Each step but the change is confirmed in a dialog, with its reason.
 */
export function AdActions({ ad }: { ad: AdminAd }) {
  const { operator } = useContent()
  const access = adAccessOf(operator.role)
  const [step, setStep] = useState<Step | null>(null)
  return (
    <>
      {access.change && ad.state !== 'withdrawn' && (
        <Link href={adEditPath(ad.id)} className="button button--secondary button--small">
          {t('adminAds.ad.edit')}
        </Link>
      )}
      {access.schedule && NOT_OUT.includes(ad.state) && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setStep('schedule')}
        >
          {ad.state === 'scheduled' ? t('adminAds.ad.reschedule') : t('adminAds.ad.schedule')}
        </button>
      )}
      {access.publish && NOT_OUT.includes(ad.state) && (
        <button type="button" className="button button--small" onClick={() => setStep('publish')}>
          {t('adminAds.ad.publish')}
        </button>
      )}
      {access.withdraw && OUT.includes(ad.state) && (
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setStep('withdraw')}
        >
          {t('adminAds.ad.withdraw')}
        </button>
      )}
      {step === 'schedule' && <ScheduleDialog ad={ad} onClose={() => setStep(null)} />}
      {(step === 'publish' || step === 'withdraw') && (
        <StepDialog ad={ad} step={step} onClose={() => setStep(null)} />
      )}
    </>
  )
}

type ScheduleField = 'startsAt' | 'reason'

/** The time to start at, in Japan time, with its reason; members see the ad from that time on. */
function ScheduleDialog({ ad, onClose }: { ad: AdminAd; onClose: () => void }) {
  const { changed } = useContent()
  const label = t('adminAds.schedule.at')
  const form = useContractForm<ScheduleField, AdSchedule, AdminAd>({
    fields: ['startsAt', 'reason'],
    request: (values) => {
      const errors: FieldErrors<ScheduleField> = {}
      const typed = readJapanTime(values, 'startsAt', label)
      if (typed.kind === 'empty') errors.startsAt = t('adminContent.form.errors.timeRequired', { label })
      if (typed.kind === 'wrong') errors.startsAt = typed.error
      if (typed.kind === 'time' && ad.endsAt && typed.at >= new Date(ad.endsAt)) {
        errors.startsAt = t('adminAds.schedule.endsBefore', { time: japanTime(ad.endsAt) })
      }
      const input = { startsAt: typed.kind === 'time' ? typed.input : '', reason: readReason(values) }
      const checked = adScheduleSchema.safeParse(input)
      const wrong = schemaFieldErrors(
        checked.error,
        { startsAt: { label }, reason: REASON_RULE },
        { known: errors },
      )
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => scheduleAd(ad.id, input),
    messages: ADS_ERRORS,
    fieldOf: { SCHEDULE_IN_PAST: 'startsAt', AD_WINDOW_INVALID: 'startsAt' },
    onSuccess: (saved) => {
      onClose()
      changed(
        adPath(ad.id),
        t('adminAds.schedule.done', { time: saved.startsAt ? japanTime(saved.startsAt) : '' }),
      )
    },
  })
  return (
    <ConsoleDialog title={t('adminAds.schedule.title')} onEscape={() => form.pending || onClose()}>
      <p>{t('adminAds.schedule.body', { title: ad.name })}</p>
      <Form form={form} className="stack">
        <JapanTimeField field={form.field('startsAt')} legend={label} initial={{ date: '', time: '' }} />
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <div className="console-dialog__actions">
          <SubmitButton
            pending={form.pending}
            className="button"
            pendingLabel={t('adminAds.schedule.sending')}
          >
            {t('adminAds.schedule.submit')}
          </SubmitButton>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={form.pending}
          >
            {t('adminContent.dialog.cancel')}
          </button>
        </div>
      </Form>
    </ConsoleDialog>
  )
}

/** Publishing now or withdrawing: what it does to members, confirmed, with its reason. */
function StepDialog({
  ad,
  step,
  onClose,
}: {
  ad: AdminAd
  step: 'publish' | 'withdraw'
  onClose: () => void
}) {
  const { changed } = useContent()
  const text = (key: 'title' | 'body' | 'submit' | 'sending' | 'done') =>
    t(`adminAds.${step}.${key}`, { title: ad.name })
  const form = useContractForm<'reason', AdStep, AdminAd>({
    fields: ['reason'],
    request: (values) => {
      const checked = adStepSchema.safeParse({ reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => (step === 'publish' ? publishAd(ad.id, input) : withdrawAd(ad.id, input)),
    messages: ADS_ERRORS,
    onSuccess: () => {
      onClose()
      changed(adPath(ad.id), text('done'))
    },
  })
  return (
    <ConsoleDialog title={text('title')} onEscape={() => form.pending || onClose()}>
      <p>{text('body')}</p>
      <Form form={form} className="stack">
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <div className="console-dialog__actions">
          <SubmitButton
            pending={form.pending}
            className={step === 'withdraw' ? 'button button--danger' : 'button'}
            pendingLabel={text('sending')}
          >
            {text('submit')}
          </SubmitButton>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={form.pending}
          >
            {t('adminContent.dialog.cancel')}
          </button>
        </div>
      </Form>
    </ConsoleDialog>
  )
}
