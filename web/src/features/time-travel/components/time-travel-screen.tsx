import { type ReactNode, useState } from 'react'
import { Form, SubmitButton } from '../../../components/form/form'
import { TextField } from '../../../components/form/text-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { ApiError } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { errorMessage, messageForCode } from '../../../lib/error-message'
import { useTimeTravel, useTimeTravelChanged } from '../api/time-travel'
import { t } from '../i18n'
import { toInputValue, toWireDate } from '../wire-date'
import '../time-travel.css'

function TimeTravelForm({ date }: { date: string | null }) {
  const changed = useTimeTravelChanged()
  const [outcome, setOutcome] = useState<string | null>(null)
  const messages = { TIME_TRAVEL_DISABLED: t('timeTravel.disabled') }

  function format(wire: string): string {
    const parts = dateTimeParts(wire)
    return parts ? t('common.dateTime', parts) : wire
  }

  // What happened last, set or clear, is told under the buttons (a debug page: no more ceremony).
  const tell = ({ message }: { message: string }) => {
    setOutcome(message)
    return true
  }
  const set = useContractForm({
    route: 'timeTravelSet',
    fields: ['date'],
    request: (values) => {
      const wire = toWireDate(values.text('date'))
      return wire ? { input: { body: { date: wire } } } : { errors: { date: t('timeTravel.invalidDate') } }
    },
    messages,
    onSuccess: (state) => {
      changed(state)
      setOutcome(
        state.date ? t('timeTravel.setDone', { date: format(state.date) }) : t('timeTravel.clearDone'),
      )
    },
    onError: tell,
  })
  const clear = useContractForm({
    route: 'timeTravelClear',
    request: () => ({ input: {} }),
    messages,
    onSuccess: (state) => {
      changed(state)
      setOutcome(t('timeTravel.clearDone'))
    },
    onError: tell,
  })
  const pending = set.pending || clear.pending

  return (
    <div className="stack">
      <section className="card">
        <h2 className="card__title">{t('timeTravel.stateTitle')}</h2>
        <p className="time-travel-state" data-on={date !== null}>
          {date ? t('timeTravel.on', { date: format(date) }) : t('timeTravel.off')}
        </p>
      </section>
      <Form form={set} className="card">
        <TextField
          {...set.field('date')}
          label={t('timeTravel.dateLabel')}
          type="datetime-local"
          step={1}
          defaultValue={toInputValue(date)}
        />
        <SubmitButton pending={pending}>{t('timeTravel.set')}</SubmitButton>
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={pending || date === null}
          onClick={() => {
            set.reset()
            clear.submit()
          }}
        >
          {t('timeTravel.clear')}
        </button>
        <p className="form-outcome" role="status">
          {outcome}
        </p>
      </Form>
    </div>
  )
}

/**
 * Testers review their own junior-high application here, as an operator will (decision 0048), so
 * every state of its page can be seen.
 */
function JhsReview() {
  const [outcome, setOutcome] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  async function review(decision: 'APPROVE' | 'REJECT') {
    setPending(true)
    try {
      const body =
        decision === 'REJECT' ? { decision, reason: t('timeTravel.jhsReview.rejectReason') } : { decision }
      await callApi('jhsDebugReview', { body })
      setOutcome(
        t(decision === 'APPROVE' ? 'timeTravel.jhsReview.approved' : 'timeTravel.jhsReview.rejected'),
      )
    } catch (error) {
      setOutcome(errorMessage(error, { NOT_FOUND: t('timeTravel.jhsReview.none') }))
    } finally {
      setPending(false)
    }
  }
  return (
    <section className="card">
      <h2 className="card__title">{t('timeTravel.jhsReview.title')}</h2>
      <p>{t('timeTravel.jhsReview.lead')}</p>
      <button
        type="button"
        className="button button--block"
        disabled={pending}
        onClick={() => void review('APPROVE')}
      >
        {t('timeTravel.jhsReview.approve')}
      </button>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={pending}
        onClick={() => void review('REJECT')}
      >
        {t('timeTravel.jhsReview.reject')}
      </button>
      <p className="form-outcome" role="status">
        {outcome}
      </p>
    </section>
  )
}

/** `/sp/debug/time_travel`: see, set and clear the session's time travel (development only). */
export function TimeTravelScreen() {
  const state = useTimeTravel()

  let body: ReactNode
  if (state.data) {
    body = (
      <div className="stack">
        <TimeTravelForm date={state.data.date} />
        <JhsReview />
      </div>
    )
  } else if (state.isError) {
    const disabled = state.error instanceof ApiError && state.error.code === 'TIME_TRAVEL_DISABLED'
    body = (
      <LoadFailure
        error={state.error}
        message={disabled ? t('timeTravel.disabled') : messageForCode('generic')}
        onRetry={disabled ? undefined : () => void state.refetch()}
      />
    )
  } else {
    body = <LoadingState />
  }

  return (
    <div className="page">
      <PageTitle page={t('timeTravel.title')} />
      <h1 className="page__title">{t('timeTravel.title')}</h1>
      <p className="page__lead">{t('timeTravel.lead')}</p>
      {body}
    </div>
  )
}
