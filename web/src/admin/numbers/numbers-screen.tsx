import { japanDaysBetween, type Numbers } from '@puribox/contract/admin-numbers'
import { japanDay } from '@puribox/contract/time'
import { keepPreviousData, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useSearch } from 'wouter'
import { Form, SubmitButton } from '../../components/form/form'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { LoadingState } from '../../components/loading-state'
import { nowFor, useClock } from '../../lib/clock'
import { ConsoleTitle } from '../console-title'
import { t } from '../i18n'
import { NUMBERS_PATH, withQuery } from '../paths'
import { QueryFailure } from '../query-failure'
import { DailyChart } from './daily-chart'
import { numbersQueryKey, readNumbers } from './numbers-api'
import { MEASURES } from './numbers-measures'
import {
  askedRange,
  dayParts,
  lastDays,
  type NumbersRange,
  numbersCsvUrl,
  numbersPath,
  rangeErrors,
} from './numbers-range'

type RangeField = keyof NumbersRange

/** The ranges offered as links, in days ending today. */
const PRESET_DAYS = [7, 30, 90] as const

/**
 * `/admin/numbers`: the service's numbers per Japan day, a chart and a table per measure, and the
 * same range as a CSV file. The range is the address's `from` and `to`; without them, the last 30
 * days ending today. The API takes a range and names no default, so "today" is the server's time-travel
 * day when it answers one (every answer carries it), else this browser's clock read in Japan time.
 */
export function NumbersScreen() {
  const clock = useClock()
  const today = japanDay(nowFor(clock))
  const search = useSearch()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const { range, errors } = askedRange(search, today)
  const valid = Object.keys(errors).length === 0

  function show(chosen: NumbersRange) {
    const to = numbersPath(chosen)
    // The range shown already: its numbers again, without a second step in the history.
    if (to === withQuery(NUMBERS_PATH, Object.fromEntries(new URLSearchParams(search)))) {
      void queryClient.invalidateQueries({ queryKey: numbersQueryKey(chosen) })
    } else navigate(to)
  }

  return (
    <div className="console-page">
      <ConsoleTitle page={t('admin.numbers.title')} />
      <div className="console-page__head">
        <h1 className="page__title">{t('admin.numbers.title')}</h1>
        <p className="page__lead">{t('admin.numbers.lead')}</p>
      </div>
      <RangeForm key={search} range={range} errors={errors} today={today} onShow={show} />
      {valid ? (
        <NumbersOfRange range={range} />
      ) : (
        <p className="notice notice--error">{t('admin.numbers.errors.fixRange')}</p>
      )}
    </div>
  )
}

function RangeForm({
  range,
  errors,
  today,
  onShow,
}: {
  range: NumbersRange
  errors: FieldErrors<RangeField>
  today: string
  onShow: (range: NumbersRange) => void
}) {
  const form = useContractForm<RangeField, NumbersRange, NumbersRange>({
    fields: ['from', 'to'],
    initialErrors: errors,
    request: (values) => {
      const from = values.text('from').trim() || undefined
      const to = values.text('to').trim() || undefined
      const wrong = rangeErrors({ from, to })
      return Object.keys(wrong).length > 0 ? { errors: wrong } : { input: { from: from ?? '', to: to ?? '' } }
    },
    send: async (chosen) => chosen,
    onSuccess: (chosen) => onShow(chosen),
  })
  return (
    <section className="card console-card" aria-labelledby="numbers-range-title">
      <h2 id="numbers-range-title" className="card__title">
        {t('admin.numbers.range.title')}
      </h2>
      <Form form={form} className="console-filters">
        <div className="console-filters__fields console-filters__fields--range">
          <TextField
            {...form.field('from')}
            defaultValue={range.from}
            label={t('admin.numbers.range.from')}
            type="date"
          />
          <TextField
            {...form.field('to')}
            defaultValue={range.to}
            label={t('admin.numbers.range.to')}
            type="date"
          />
          <div className="console-filters__actions">
            <SubmitButton pending={false} className="button">
              {t('admin.numbers.range.submit')}
            </SubmitButton>
          </div>
        </div>
      </Form>
      <nav className="console-presets" aria-label={t('admin.numbers.range.presets')}>
        <span className="console-presets__label" aria-hidden="true">
          {t('admin.numbers.range.presets')}
        </span>
        <ul>
          {PRESET_DAYS.map((days) => {
            const preset = lastDays(today, days)
            const current = preset.from === range.from && preset.to === range.to
            return (
              <li key={days}>
                <Link
                  href={numbersPath(preset)}
                  className="console-presets__link"
                  aria-current={current ? 'true' : undefined}
                >
                  {t('admin.numbers.range.lastDays', { days })}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
    </section>
  )
}

const longDay = (day: string) => t('admin.numbers.dayLong', dayParts(day))

/** The range's summary, its CSV file, and a chart per measure. */
function NumbersOfRange({ range }: { range: NumbersRange }) {
  const numbers = useQuery({
    queryKey: numbersQueryKey(range),
    queryFn: ({ signal }) => readNumbers(range, signal),
    // Another range keeps the charts of the last one in place until its own arrive.
    placeholderData: keepPreviousData,
  })
  return (
    <>
      <div className="numbers-summary">
        <p className="numbers-summary__range">
          {t('admin.numbers.range.summary', {
            from: longDay(range.from),
            to: longDay(range.to),
            days: japanDaysBetween(range.from, range.to).length,
          })}
        </p>
        <div className="numbers-summary__csv">
          <a className="button button--secondary" href={numbersCsvUrl(range)} download>
            {t('admin.numbers.csv')}
          </a>
          <p className="note">{t('admin.numbers.csvHint')}</p>
        </div>
      </div>
      <NumbersCharts numbers={numbers} />
    </>
  )
}

function NumbersCharts({ numbers }: { numbers: UseQueryResult<Numbers> }) {
  if (numbers.isPending) return <LoadingState />
  if (numbers.isError) {
    return (
      <QueryFailure
        error={numbers.error}
        refused={t('admin.numbers.errors.refused')}
        failed={t('admin.numbers.errors.loadFailed')}
        onRetry={() => void numbers.refetch()}
      />
    )
  }
  const { days } = numbers.data
  return (
    <div className="numbers-charts" aria-busy={numbers.isPlaceholderData}>
      {MEASURES.map((measure) => (
        <DailyChart key={measure.key} measure={measure} days={days} />
      ))}
    </div>
  )
}
