import type { DayNumbers } from '@puribox/contract/admin-numbers'
import { PAYMENT_KINDS, type PaymentKind } from '@puribox/contract/payments'
import { SEAL_LOOKUP_SOURCES } from '@puribox/contract/seal-lookup-source'
import { t } from '../i18n'

/** A Japan day's figures, as a chart reads them (the numbers' days, or an ad's reactions). */
export interface ChartDay {
  day: string
}

/** A line of figures over the days: a colour of the chart and a column of its table. */
export interface Series<D extends ChartDay = DayNumbers> {
  key: string
  label: string
  value: (day: D) => number
}

/** One chart of the numbers screen (or another screen's chart of days), with its table. */
export interface Measure<D extends ChartDay = DayNumbers> {
  key: string
  title: string
  note: string
  /** Stacked in the chart (they add up); one series draws plain bars. */
  series: Series<D>[]
  /** Columns of the table alone: a part of the series counted apart (the au free trial). */
  tableOnly?: Series<D>[]
}

type MeasureKey =
  | 'sealLookups'
  | 'picturesSaved'
  | 'sealsRegistered'
  | 'newMembers'
  | 'premiumStarts'
  | 'premiumCancellations'
  | 'adImpressions'
  | 'adClicks'

function measure(key: MeasureKey, series: Series[], tableOnly?: Series[]): Measure {
  return {
    key,
    title: t(`admin.numbers.measures.${key}.title`),
    note: t(`admin.numbers.measures.${key}.note`),
    series,
    ...(tableOnly ? { tableOnly } : {}),
  }
}

/** A measure with one figure a day. */
function single(key: MeasureKey & keyof DayNumbers, value: (day: DayNumbers) => number): Measure {
  return measure(key, [{ key, label: t('admin.numbers.series.count'), value }])
}

/** A series per way of paying, of a count the day holds by it. */
function byPaymentKind(counts: (day: DayNumbers) => Readonly<Record<PaymentKind, number>>): Series[] {
  return PAYMENT_KINDS.map((kind) => ({
    key: kind,
    label: t(`admin.numbers.series.${kind}`),
    value: (day) => counts(day)[kind],
  }))
}

/** The charts of the numbers screen, in the order they stand: what a day of the API holds, each once. */
export const MEASURES: readonly Measure[] = [
  measure(
    'sealLookups',
    SEAL_LOOKUP_SOURCES.map((source) => ({
      key: source,
      label: t(`admin.numbers.series.${source}`),
      value: (day) => day.sealLookups[source],
    })),
  ),
  single('picturesSaved', (day) => day.picturesSaved),
  single('sealsRegistered', (day) => day.sealsRegistered),
  single('newMembers', (day) => day.newMembers),
  measure(
    'premiumStarts',
    byPaymentKind((day) => day.premiumStarts),
    [
      {
        key: 'auTrialStarts',
        label: t('admin.numbers.series.auTrialStarts'),
        value: (day) => day.auTrialStarts,
      },
    ],
  ),
  measure(
    'premiumCancellations',
    byPaymentKind((day) => day.premiumCancellations),
  ),
  single('adImpressions', (day) => day.adImpressions),
  single('adClicks', (day) => day.adClicks),
]
