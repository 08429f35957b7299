import { useId, useState } from 'react'
import { t } from '../i18n'
import type { ChartDay, Measure, Series } from './numbers-measures'
import { dayParts } from './numbers-range'

/** The series' colours, in order: each distinct from the others and from the page (3:1 or more on white). */
const COLORS = ['#6b3fa0', '#e4007f', '#0f7b8a', '#b86e00'] as const

/** Width of a day in the drawing's units (the drawing stretches to the card's width); a bar takes 70%. */
const DAY_WIDTH = 10
const BAR_WIDTH = 7
const HEIGHT = 100
/** Fewer days than this do not make bars wider than a week's would be. */
const MIN_DAYS_WIDE = 7

const countFormat = new Intl.NumberFormat('ja-JP')

/** A count as read: with thousands separators. */
export function formatCount(count: number): string {
  return countFormat.format(count)
}

/** Where the scale may end, times a power of ten: round figures close enough that the bars stay tall. */
const SCALE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] as const

/** The top of the scale: the day's largest figure rounded up to a round figure (276 → 300). */
export function scaleTop(max: number): number {
  if (max <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  return SCALE_STEPS.map((step) => step * power).find((top) => top >= max) ?? 10 * power
}

const shortDay = (day: string) => t('admin.numbers.day', dayParts(day))

/** One day, as the table's row and the bar's tooltip name it. */
export const dayLabel = (day: string) => t('admin.numbers.dayWithWeekday', dayParts(day))

function colorOf(index: number): string {
  return COLORS[index % COLORS.length] as string
}

/**
 * A measure over the days: a bar a day (its series stacked), drawn as an inline SVG, and the same
 * figures in a table under it (one tap away), so the chart is never the only way to read them. The drawing is an
 * image to a screen reader, summed up in a sentence; the table holds the figures.
 */
export function DailyChart<D extends ChartDay>({
  measure,
  days,
}: {
  measure: Measure<D>
  days: readonly D[]
}) {
  const titleId = useId()
  const [tableOpen, setTableOpen] = useState(false)
  const { series } = measure
  const totals = days.map((day) => series.reduce((sum, line) => sum + line.value(day), 0))
  const total = totals.reduce((sum, value) => sum + value, 0)
  const max = Math.max(0, ...totals)
  const top = scaleTop(max)
  const first = days[0]?.day ?? ''
  const last = days.at(-1)?.day ?? ''
  const width = Math.max(days.length, MIN_DAYS_WIDE) * DAY_WIDTH
  const description = t('admin.numbers.chart.description', {
    from: t('admin.numbers.dayLong', dayParts(first)),
    to: t('admin.numbers.dayLong', dayParts(last)),
    total: formatCount(total),
    max: formatCount(max),
  })
  return (
    <section className="card console-card chart" aria-labelledby={titleId}>
      <div className="chart__head">
        <h2 id={titleId} className="card__title">
          {measure.title}
        </h2>
        <p className="chart__total">{t('admin.numbers.chart.totalValue', { total: formatCount(total) })}</p>
      </div>
      <p className="note">{measure.note}</p>
      {series.length > 1 && (
        <ul className="chart__legend">
          {series.map((line, index) => (
            <li key={line.key}>
              <span className="chart__swatch" style={{ background: colorOf(index) }} aria-hidden="true" />
              {line.label}
            </li>
          ))}
        </ul>
      )}
      <div className="chart__plot">
        <div className="chart__y" aria-hidden="true">
          <span>{formatCount(top)}</span>
          <span>0</span>
        </div>
        <svg
          className="chart__drawing"
          role="img"
          aria-label={`${measure.title}: ${description}`}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
        >
          <line className="chart__grid" x1={0} x2={width} y1={0.5} y2={0.5} />
          <line className="chart__grid" x1={0} x2={width} y1={HEIGHT / 2} y2={HEIGHT / 2} />
          <line className="chart__axis" x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} />
          {days.map((day, dayIndex) => (
            <DayBar key={day.day} day={day} x={dayIndex * DAY_WIDTH} series={series} top={top} />
          ))}
        </svg>
        <div className="chart__x" aria-hidden="true">
          <span>{shortDay(first)}</span>
          {days.length > 2 && <span>{shortDay(days[Math.floor((days.length - 1) / 2)]?.day ?? '')}</span>}
          {days.length > 1 && <span>{shortDay(last)}</span>}
        </div>
      </div>
      {max === 0 && <p className="note">{t('admin.numbers.chart.allZero')}</p>}
      <details className="chart__table" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary>{t('admin.numbers.chart.showTable')}</summary>
        {/* Drawn once asked for: a year's range makes eight tables of 366 rows. */}
        {tableOpen && <ChartTable measure={measure} days={days} totals={totals} />}
      </details>
    </section>
  )
}

/** A day's bar: its series stacked from the bottom, the figures in its tooltip. */
function DayBar<D extends ChartDay>({
  day,
  x,
  series,
  top,
}: {
  day: D
  x: number
  series: Series<D>[]
  top: number
}) {
  const figures = series.map((line) => line.value(day))
  const tooltip =
    series.length === 1
      ? `${dayLabel(day.day)} ${formatCount(figures[0] ?? 0)}`
      : `${dayLabel(day.day)} ${series.map((line, index) => `${line.label} ${formatCount(figures[index] ?? 0)}`).join(t('admin.numbers.chart.listSeparator'))}`
  let bottom = HEIGHT
  return (
    <g className="chart__day" data-day={day.day}>
      <title>{tooltip}</title>
      <rect className="chart__hover" x={x} y={0} width={DAY_WIDTH} height={HEIGHT} />
      {figures.map((figure, index) => {
        if (figure <= 0) return null
        // A day with a little still shows a sliver.
        const height = Math.max((figure / top) * HEIGHT, 0.8)
        bottom -= height
        return (
          <rect
            key={series[index]?.key}
            x={x + (DAY_WIDTH - BAR_WIDTH) / 2}
            y={bottom}
            width={BAR_WIDTH}
            height={height}
            fill={colorOf(index)}
            data-series={series[index]?.key}
            data-value={figure}
          />
        )
      })}
    </g>
  )
}

/** The chart's figures as a table: a row a day, a column a series, their sums at the foot. */
function ChartTable<D extends ChartDay>({
  measure,
  days,
  totals,
}: {
  measure: Measure<D>
  days: readonly D[]
  totals: number[]
}) {
  const { series } = measure
  const several = series.length > 1
  const sumOf = (line: Series<D>) => days.reduce((sum, day) => sum + line.value(day), 0)
  return (
    // A wide table scrolls on its own on a phone; the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard
    <section className="console-table-scroll" tabIndex={0} aria-label={measure.title}>
      <table className="console-table chart-table">
        <caption className="visually-hidden">{measure.title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.numbers.chart.dayColumn')}</th>
            {series.map((line) => (
              <th key={line.key} scope="col">
                {several ? line.label : measure.title}
              </th>
            ))}
            {several && <th scope="col">{t('admin.numbers.chart.total')}</th>}
            {measure.tableOnly?.map((line) => (
              <th key={line.key} scope="col">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, index) => (
            <tr key={day.day}>
              <th scope="row">{dayLabel(day.day)}</th>
              {series.map((line) => (
                <td key={line.key}>{formatCount(line.value(day))}</td>
              ))}
              {several && <td>{formatCount(totals[index] ?? 0)}</td>}
              {measure.tableOnly?.map((line) => (
                <td key={line.key}>{formatCount(line.value(day))}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('admin.numbers.chart.total')}</th>
            {series.map((line) => (
              <td key={line.key}>{formatCount(sumOf(line))}</td>
            ))}
            {several && <td>{formatCount(totals.reduce((sum, value) => sum + value, 0))}</td>}
            {measure.tableOnly?.map((line) => (
              <td key={line.key}>{formatCount(sumOf(line))}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
  )
}
