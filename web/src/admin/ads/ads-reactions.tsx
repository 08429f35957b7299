import type { AdminAdRead, AdReactionDay, AdReactionTotals } from '@puribox/contract/admin-ads'
import { japanDaysBetween } from '@puribox/contract/admin-numbers'
import { japanDay } from '@puribox/contract/time'
import { Link, useLocation } from 'wouter'
import { Form, SubmitButton } from '../../components/form/form'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { nowFor, useClock } from '../../lib/clock'
import { DailyChart } from '../numbers/daily-chart'
import type { Measure } from '../numbers/numbers-measures'
import { dayParts, lastDays, rangeErrors } from '../numbers/numbers-range'
import { t } from './ads-i18n'
import { formatCount, tapRate } from './ads-labels'
import { adRangePath } from './ads-paths'

/** Japan days, `YYYY-MM-DD`, both included. */
export interface ReactionRange {
  from: string
  to: string
}

type RangeField = keyof ReactionRange

/**
 * The range an ad's address asks for: none (the server's last 30 days), its `from` and `to`, or
 * what is wrong with them (then none is asked for, and the form says why).
 */
export function reactionRangeOf(search: string): {
  range: ReactionRange | null
  given: Partial<ReactionRange>
  errors: FieldErrors<RangeField>
} {
  const params = new URLSearchParams(search)
  const from = params.get('from')?.trim() || undefined
  const to = params.get('to')?.trim() || undefined
  if (from === undefined && to === undefined) return { range: null, given: {}, errors: {} }
  const errors = rangeErrors({ from, to })
  const range = Object.keys(errors).length === 0 ? { from: from ?? '', to: to ?? '' } : null
  return { range, given: { from, to }, errors }
}

/** The ranges offered as links, in days ending today. */
const PRESET_DAYS = [7, 30, 90] as const

const MEASURES: readonly Measure<AdReactionDay>[] = [
  {
    key: 'impressions',
    title: t('adminAds.reactions.impressions'),
    note: t('adminAds.reactions.impressionsNote'),
    series: [
      { key: 'IMPRESSION', label: t('adminAds.reactions.impressions'), value: (day) => day.IMPRESSION },
    ],
  },
  {
    key: 'clicks',
    title: t('adminAds.reactions.clicks'),
    note: t('adminAds.reactions.clicksNote'),
    series: [{ key: 'CLICK', label: t('adminAds.reactions.clicks'), value: (day) => day.CLICK }],
  },
]

const longDay = (day: string) => t('admin.numbers.dayLong', dayParts(day))

const counts = (totals: AdReactionTotals) =>
  t('adminAds.reactions.counts', {
    impressions: formatCount(totals.IMPRESSION),
    clicks: formatCount(totals.CLICK),
  })

/**
 * An ad's impressions and taps per Japan day: the range (the address's, kept there, or the last 30
 * days the server answered), its sums and tap rate, and a chart of each with its table (the numbers
 * screen's chart).
 */
export function AdReactions({
  adId,
  read,
  asked,
  fetching,
}: {
  adId: number
  read: AdminAdRead
  asked: ReturnType<typeof reactionRangeOf>
  /** The figures shown are the last range's while the asked one's come. */
  fetching: boolean
}) {
  const { reactions, ad } = read
  const today = japanDay(nowFor(useClock()))
  const shown = { from: reactions.from, to: reactions.to }
  const days = japanDaysBetween(reactions.from, reactions.to).length
  return (
    <section className="card console-card stack" aria-labelledby="ad-reactions-title" aria-busy={fetching}>
      <h2 id="ad-reactions-title" className="card__title">
        {t('adminAds.reactions.title')}
      </h2>
      <p className="note">{t('adminAds.reactions.lead')}</p>
      <RangeForm
        key={`${asked.given.from ?? shown.from}/${asked.given.to ?? shown.to}`}
        adId={adId}
        initial={{ from: asked.given.from ?? shown.from, to: asked.given.to ?? shown.to }}
        errors={asked.errors}
      />
      <nav className="console-presets" aria-label={t('admin.numbers.range.presets')}>
        <span className="console-presets__label" aria-hidden="true">
          {t('admin.numbers.range.presets')}
        </span>
        <ul>
          {PRESET_DAYS.map((count) => {
            const preset = lastDays(today, count)
            const current = preset.from === shown.from && preset.to === shown.to
            return (
              <li key={count}>
                <Link
                  href={adRangePath(adId, preset)}
                  className="console-presets__link"
                  aria-current={current ? 'true' : undefined}
                >
                  {t('admin.numbers.range.lastDays', { days: count })}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      {Object.keys(asked.errors).length > 0 && (
        <p className="notice notice--error">{t('admin.numbers.errors.fixRange')}</p>
      )}
      <p className="ads-reactions__range">
        {/* Each day and the count of days stay whole: a phone's line breaks between them. */}
        <span className="ads-nowrap">{longDay(reactions.from)}</span>
        {t('adminAds.reactions.rangeTo')}
        <span className="ads-nowrap">{longDay(reactions.to)}</span>
        <span className="ads-nowrap">{t('adminAds.reactions.rangeDays', { days })}</span>
      </p>
      <dl className="console-facts">
        <div>
          <dt>{t('adminAds.reactions.totals')}</dt>
          <dd>{counts(reactions.totals)}</dd>
        </div>
        <div>
          <dt>{t('adminAds.reactions.rate')}</dt>
          <dd>{tapRate(reactions.totals.IMPRESSION, reactions.totals.CLICK)}</dd>
        </div>
        <div>
          <dt>{t('adminAds.reactions.allTime')}</dt>
          <dd>{counts(ad.totals)}</dd>
        </div>
      </dl>
      {MEASURES.map((measure) => (
        <DailyChart key={measure.key} measure={measure} days={reactions.days} />
      ))}
    </section>
  )
}

function RangeForm({
  adId,
  initial,
  errors,
}: {
  adId: number
  initial: ReactionRange
  errors: FieldErrors<RangeField>
}) {
  const [, navigate] = useLocation()
  const form = useContractForm<RangeField, ReactionRange, ReactionRange>({
    fields: ['from', 'to'],
    initialErrors: errors,
    request: (values) => {
      const from = values.text('from').trim() || undefined
      const to = values.text('to').trim() || undefined
      const wrong = rangeErrors({ from, to })
      return Object.keys(wrong).length > 0 ? { errors: wrong } : { input: { from: from ?? '', to: to ?? '' } }
    },
    send: async (chosen) => chosen,
    onSuccess: (chosen) => navigate(adRangePath(adId, chosen)),
  })
  return (
    <Form form={form} className="console-filters">
      <div className="console-filters__fields console-filters__fields--range">
        <TextField
          {...form.field('from')}
          defaultValue={initial.from}
          label={t('admin.numbers.range.from')}
          type="date"
        />
        <TextField
          {...form.field('to')}
          defaultValue={initial.to}
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
  )
}
