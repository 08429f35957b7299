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
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { ConsoleDialog } from '../kit/dialog'
import { useContent } from './content-context'
import {
  JapanTimeField,
  REASON_RULE,
  ReasonField,
  readJapanTime,
  readReason,
  schemaFieldErrors,
} from './content-form'
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

type ScheduleField = 'publishAt' | 'reason'

/** The time to publish at, in Japan time, with its reason; members see the item from that time on. */
function ScheduleDialog({ item, onClose }: { item: AdminNewsItem; onClose: () => void }) {
  const { changed } = useContent()
  const label = t('adminContent.news.schedule.at')
  const form = useContractForm<ScheduleField, NewsSchedule, AdminNewsItem>({
    fields: ['publishAt', 'reason'],
    request: (values) => {
      const errors: FieldErrors<ScheduleField> = {}
      const typed = readJapanTime(values, 'publishAt', label)
      if (typed.kind === 'empty') errors.publishAt = t('adminContent.form.errors.timeRequired', { label })
      if (typed.kind === 'wrong') errors.publishAt = typed.error
      if (typed.kind === 'time' && item.publishUntil && typed.at >= new Date(item.publishUntil)) {
        errors.publishAt = t('adminContent.news.schedule.untilBefore', { time: japanTime(item.publishUntil) })
      }
      const input = { publishAt: typed.kind === 'time' ? typed.input : '', reason: readReason(values) }
      const checked = newsScheduleSchema.safeParse(input)
      const wrong = schemaFieldErrors(
        checked.error,
        { publishAt: { label }, reason: REASON_RULE },
        { known: errors },
      )
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => scheduleNews(item.id, input),
    messages: CONTENT_ERRORS,
    fieldOf: { SCHEDULE_IN_PAST: 'publishAt' },
    onSuccess: (saved) => {
      onClose()
      changed(
        newsItemPath(item.id),
        t('adminContent.news.schedule.done', { time: saved.publishAt ? japanTime(saved.publishAt) : '' }),
      )
    },
  })
  return (
    <ConsoleDialog title={t('adminContent.news.schedule.title')} onEscape={() => form.pending || onClose()}>
      <p>{t('adminContent.news.schedule.body', { title: item.title })}</p>
      <Form form={form} className="stack">
        <JapanTimeField field={form.field('publishAt')} legend={label} initial={{ date: '', time: '' }} />
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <div className="console-dialog__actions">
          <SubmitButton
            pending={form.pending}
            className="button"
            pendingLabel={t('adminContent.news.schedule.sending')}
          >
            {t('adminContent.news.schedule.submit')}
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
  const form = useContractForm<'reason', NewsStep, AdminNewsItem>({
    fields: ['reason'],
    request: (values) => {
      const checked = newsStepSchema.safeParse({ reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => (step === 'publish' ? publishNews(item.id, input) : withdrawNews(item.id, input)),
    // Publishing is refused as a whole only when the item's end has passed.
    messages:
      step === 'publish'
        ? { ...CONTENT_ERRORS, VALIDATION_FAILED: t('adminContent.news.publish.ended') }
        : CONTENT_ERRORS,
    onSuccess: () => {
      onClose()
      changed(newsItemPath(item.id), text('done'))
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
