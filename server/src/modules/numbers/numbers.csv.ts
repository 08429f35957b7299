import type { DayNumbers, Numbers } from '@puribox/contract/admin-numbers'
import text from '../../locales/ja/numbers.json' with { type: 'json' }

type ColumnName = keyof typeof text.csvColumns

/** The file's columns, in order: the header from the locale file, the cell from a day's numbers. */
export const NUMBERS_CSV_COLUMNS: ReadonlyArray<readonly [ColumnName, (day: DayNumbers) => string | number]> =
  [
    ['day', (day) => day.day],
    ['lookupsInputSealId', (day) => day.sealLookups.inputSealId],
    ['lookupsQr', (day) => day.sealLookups.qr],
    ['lookupsOther', (day) => day.sealLookups.other],
    ['picturesSaved', (day) => day.picturesSaved],
    ['sealsRegistered', (day) => day.sealsRegistered],
    ['newMembers', (day) => day.newMembers],
    ['startsCredit', (day) => day.premiumStarts.CREDIT],
    ['startsAu', (day) => day.premiumStarts.AU],
    ['auTrialStarts', (day) => day.auTrialStarts],
    ['startsDocomo', (day) => day.premiumStarts.DOCOMO],
    ['startsSoftbank', (day) => day.premiumStarts.SOFTBANK],
    ['cancellationsCredit', (day) => day.premiumCancellations.CREDIT],
    ['cancellationsAu', (day) => day.premiumCancellations.AU],
    ['cancellationsDocomo', (day) => day.premiumCancellations.DOCOMO],
    ['cancellationsSoftbank', (day) => day.premiumCancellations.SOFTBANK],
    ['adImpressions', (day) => day.adImpressions],
    ['adClicks', (day) => day.adClicks],
  ]

/** Excel in Japan reads a CSV file as Shift_JIS unless it starts with UTF-8's byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF'

/**
 * One cell as RFC 4180 writes it: quoted, quotes doubled, when it holds a comma, a quote or a line
 * break. The numbers' cells are numbers, days and the locale's headers, none of which a spreadsheet
 * reads as a formula; text from people would need that guarded as well.
 */
export function csvCell(value: string | number): string {
  const cell = String(value)
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}

/** Rows as a CSV file: UTF-8 with a byte order mark, each line ended by CRLF. */
export function csvBytes(rows: ReadonlyArray<ReadonlyArray<string | number>>): Buffer {
  const lines = rows.map((row) => `${row.map(csvCell).join(',')}\r\n`)
  return Buffer.from(BYTE_ORDER_MARK + lines.join(''), 'utf8')
}

/** The numbers as a CSV file: a header row in Japanese (the console's language), then a row per day. */
export function numbersCsv(numbers: Numbers): Buffer {
  return csvBytes([
    NUMBERS_CSV_COLUMNS.map(([name]) => text.csvColumns[name]),
    ...numbers.days.map((day) => NUMBERS_CSV_COLUMNS.map(([, cell]) => cell(day))),
  ])
}

/** The download's file name: ASCII, so every browser keeps it as it is. */
export function numbersCsvFileName(numbers: Pick<Numbers, 'from' | 'to'>): string {
  return `puribox-numbers-${numbers.from}-${numbers.to}.csv`
}
