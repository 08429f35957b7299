import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { ApiError } from '../../../lib/api-client'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { useChangeTimeTravel, useTimeTravel } from '../api/time-travel'
import { t } from '../i18n'
import { toInputValue, toWireDate } from '../wire-date'

function TimeTravelForm({ date }: { date: string | null }) {
  const change = useChangeTimeTravel()
  const [value, setValue] = useState(() => toInputValue(date))
  const [invalid, setInvalid] = useState(false)
  const inputId = useId()
  const errorId = useId()

  function format(wire: string): string {
    const parts = dateTimeParts(wire)
    return parts ? t('common.dateTime', parts) : wire
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const wire = toWireDate(value)
    setInvalid(wire === null)
    if (wire) change.mutate(wire)
  }

  let outcome: string | null = null
  if (change.isError) {
    outcome =
      change.error instanceof ApiError && change.error.code === 'TIME_TRAVEL_DISABLED'
        ? t('timeTravel.disabled')
        : t('common.errors.generic')
  } else if (change.isSuccess) {
    outcome = change.data.date
      ? t('timeTravel.setDone', { date: format(change.data.date) })
      : t('timeTravel.clearDone')
  }

  return (
    <div className="stack">
      <section className="card">
        <h2 className="card__title">{t('timeTravel.stateTitle')}</h2>
        <p className="time-travel-state" data-on={date !== null}>
          {date ? t('timeTravel.on', { date: format(date) }) : t('timeTravel.off')}
        </p>
      </section>
      <form className="card" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            {t('timeTravel.dateLabel')}
          </label>
          <input
            id={inputId}
            className="field-input"
            type="datetime-local"
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
          />
          {invalid && (
            <p id={errorId} className="field-error" role="alert">
              {t('timeTravel.invalidDate')}
            </p>
          )}
        </div>
        <button type="submit" className="button button--block" disabled={change.isPending}>
          {t('timeTravel.set')}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={change.isPending || date === null}
          onClick={() => change.mutate(null)}
        >
          {t('timeTravel.clear')}
        </button>
        <p className="form-outcome" role="status">
          {outcome}
        </p>
      </form>
    </div>
  )
}

/** `/sp/debug/time_travel`: see, set and clear the session's time travel (development only). */
export function TimeTravelScreen() {
  const state = useTimeTravel()

  let body: ReactNode
  if (state.data) {
    body = <TimeTravelForm date={state.data.date} />
  } else if (state.isError) {
    const disabled = state.error instanceof ApiError && state.error.code === 'TIME_TRAVEL_DISABLED'
    body = (
      <LoadFailure
        error={state.error}
        message={disabled ? t('timeTravel.disabled') : t('common.errors.generic')}
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
