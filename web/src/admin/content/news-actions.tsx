import {
  type AdminNewsItem,
  type NewsSchedule,
  type NewsState,
  type NewsStep,
  newsScheduleSchema,
  newsStepSchema,
} from '@puribox/contract/admin-news'
import { useState } from 'react'
import { Link } from 'wouter'
import { ReasonDialog, ScheduleAtDialog } from './action-dialogs'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { CONTENT_ERRORS } from './content-messages'
import { t } from './i18n'
import { newsAccessOf } from './news-access'
import { publishNews, scheduleNews, withdrawNews } from './news-api'
import { newsEditPath, newsItemPath } from './news-paths'

/** The states an item may be scheduled or published from (the server's rule): members do not see it. */
const NOT_OUT: readonly NewsState[] = ['draft', 'scheduled', 'withdrawn']
/** The states an item may be withdrawn from: members see it, or saw it until its end. */
const OUT: readonly NewsState[] = ['scheduled', 'published', 'ended']

type Step = 'schedule' | 'publish' | 'withdraw'

/**
 * What may be done with an item now, by its state and the operator's role: change it (in any state),
 * schedule it or publish it now (unless members see it or saw it), withdraw it (once members see it
 * or it is scheduled). Each step but the change is confirmed in a dialog, with its reason.
 */
export function NewsActions({ item }: { item: AdminNewsItem }) {
  const { operator } = useContent()
  const access = newsAccessOf(operator.role)
  const [step, setStep] = useState<Step | null>(null)
  const canSchedule = access.schedule && NOT_OUT.includes(item.state)
  const canPublish = access.publish && NOT_OUT.includes(item.state)
  const canWithdraw = access.withdraw && OUT.includes(item.state)
  return (
    <>
      {access.change && (
        <Link href={newsEditPath(item.id)} className="button button--secondary button--small">
          {t('adminContent.news.item.edit')}
        </Link>
      )}
      {canSchedule && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setStep('schedule')}
        >
          {item.state === 'scheduled'
            ? t('adminContent.news.item.reschedule')
            : t('adminContent.news.item.schedule')}
        </button>
      )}
      {canPublish && (
        <button type="button" className="button button--small" onClick={() => setStep('publish')}>
          {t('adminContent.news.item.publish')}
        </button>
      )}
      {canWithdraw && (
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setStep('withdraw')}
        >
          {t('adminContent.news.item.withdraw')}
        </button>
      )}
      {step === 'schedule' && <ScheduleDialog item={item} onClose={() => setStep(null)} />}
      {(step === 'publish' || step === 'withdraw') && (
        <StepDialog item={item} step={step} onClose={() => setStep(null)} />
      )}
    </>
  )
}

/** The time to publish at, in Japan time, with its reason; members see the item from that time on. */
function ScheduleDialog({ item, onClose }: { item: AdminNewsItem; onClose: () => void }) {
  const { changed } = useContent()
  return (
    <ScheduleAtDialog
      field="publishAt"
      label={t('adminContent.news.schedule.at')}
      ends={
        item.publishUntil
          ? {
              at: item.publishUntil,
              error: t('adminContent.news.schedule.untilBefore', { time: japanTime(item.publishUntil) }),
            }
          : undefined
      }
      fieldOf={{ SCHEDULE_IN_PAST: 'publishAt' }}
      texts={{
        title: t('adminContent.news.schedule.title'),
        body: t('adminContent.news.schedule.body', { title: item.title }),
        submit: t('adminContent.news.schedule.submit'),
        sending: t('adminContent.news.schedule.sending'),
      }}
      schema={newsScheduleSchema}
      send={(input: NewsSchedule) => scheduleNews(item.id, input)}
      messages={CONTENT_ERRORS}
      onClose={onClose}
      onDone={(saved) =>
        changed(
          newsItemPath(item.id),
          t('adminContent.news.schedule.done', { time: saved.publishAt ? japanTime(saved.publishAt) : '' }),
        )
      }
    />
  )
}

/** Publishing now or withdrawing: what it does to members, confirmed, with its reason. */
function StepDialog({
  item,
  step,
  onClose,
}: {
  item: AdminNewsItem
  step: 'publish' | 'withdraw'
  onClose: () => void
}) {
  const { changed } = useContent()
  const text = (key: 'title' | 'body' | 'submit' | 'sending' | 'done') =>
    t(`adminContent.news.${step}.${key}`, { title: item.title })
  return (
    <ReasonDialog
      texts={{ title: text('title'), body: text('body'), submit: text('submit'), sending: text('sending') }}
      schema={newsStepSchema}
      send={(input: NewsStep) =>
        step === 'publish' ? publishNews(item.id, input) : withdrawNews(item.id, input)
      }
      // Publishing is refused as a whole only when the item's end has passed.
      messages={
        step === 'publish'
          ? { ...CONTENT_ERRORS, VALIDATION_FAILED: t('adminContent.news.publish.ended') }
          : CONTENT_ERRORS
      }
      danger={step === 'withdraw'}
      onClose={onClose}
      onDone={() => changed(newsItemPath(item.id), text('done'))}
    />
  )
}
