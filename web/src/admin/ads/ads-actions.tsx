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
import { ReasonDialog, ScheduleAtDialog } from '../content/action-dialogs'
import { useContent } from '../content/content-context'
import { japanTime } from '../content/content-format'
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

/** The time to start at, in Japan time, with its reason; members see the ad from that time on. */
function ScheduleDialog({ ad, onClose }: { ad: AdminAd; onClose: () => void }) {
  const { changed } = useContent()
  return (
    <ScheduleAtDialog
      field="startsAt"
      label={t('adminAds.schedule.at')}
      ends={
        ad.endsAt
          ? { at: ad.endsAt, error: t('adminAds.schedule.endsBefore', { time: japanTime(ad.endsAt) }) }
          : undefined
      }
      fieldOf={{ SCHEDULE_IN_PAST: 'startsAt', AD_WINDOW_INVALID: 'startsAt' }}
      texts={{
        title: t('adminAds.schedule.title'),
        body: t('adminAds.schedule.body', { title: ad.name }),
        submit: t('adminAds.schedule.submit'),
        sending: t('adminAds.schedule.sending'),
      }}
      schema={adScheduleSchema}
      send={(input: AdSchedule) => scheduleAd(ad.id, input)}
      messages={ADS_ERRORS}
      onClose={onClose}
      onDone={(saved) =>
        changed(
          adPath(ad.id),
          t('adminAds.schedule.done', { time: saved.startsAt ? japanTime(saved.startsAt) : '' }),
        )
      }
    />
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
  return (
    <ReasonDialog
      texts={{ title: text('title'), body: text('body'), submit: text('submit'), sending: text('sending') }}
      schema={adStepSchema}
      send={(input: AdStep) => (step === 'publish' ? publishAd(ad.id, input) : withdrawAd(ad.id, input))}
      messages={ADS_ERRORS}
      danger={step === 'withdraw'}
      onClose={onClose}
      onDone={() => changed(adPath(ad.id), text('done'))}
    />
  )
}
