import {
  BOOTH_ADMIN_LIMITS,
  SHOP_IMPORT_COLUMNS,
  SHOP_IMPORT_OPTIONAL_COLUMNS,
  type ShopImportColumn,
  type ShopImportProblem,
  type ShopImportProblemCode,
} from '@puribox/contract/admin-booths'
import { isInJapan } from '@puribox/contract/machine-search'
import { PREFECTURES } from '@puribox/contract/profile-rules'
import { CsvError, parse } from 'csv-parse/sync'
import labels from '../../locales/ja/booth-import.json' with { type: 'json' }
import type { DirectoryShop } from './shop-directory'

/**
 * Reading a shops file an operator exported from a spreadsheet: CSV in UTF-8 (with or without a
 * byte order mark, as Excel's "CSV UTF-8" writes it) or Shift_JIS (Excel's plain "CSV" on a
 * Japanese Windows), a header row naming the columns, one shop a row. Every row is checked before
 * anything is written, and every problem is answered at once with its row and column, so an
 * operator fixes the file in one go and a bad file changes nothing.
 */

/** A shop as a row of the file gives it, checked. */
export interface ImportedShop extends Omit<DirectoryShop, 'id'> {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: number
}

export type ShopsFile = { ok: true; shops: ImportedShop[] } | { ok: false; problems: ShopImportProblem[] }

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * The file's text: UTF-8 when it starts with a byte order mark or reads as UTF-8 throughout, else
 * Shift_JIS (the WHATWG decoder, which is Windows' code page 932 with its NEC and IBM characters);
 * null when it is neither. Japanese text in Shift_JIS is practically never valid UTF-8, and a file
 * of ASCII alone reads the same either way.
 */
export function decodeShopsFile(bytes: Uint8Array): string | null {
  if (Buffer.from(bytes.subarray(0, 3)).equals(UTF8_BOM)) {
    return decodeOrNull('utf-8', bytes.subarray(3))
  }
  return decodeOrNull('utf-8', bytes) ?? decodeOrNull('shift_jis', bytes)
}

function decodeOrNull(encoding: 'utf-8' | 'shift_jis', bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
}

/**
 * How text is compared when deciding whether two shops are the same: Unicode NFKC (full-width
 * letters, digits and the ideographic space become their plain forms), runs of spaces as one, no
 * spaces at either end. Stored text keeps the form the operator gave.
 */
export function comparable(text: string): string {
  return text.normalize('NFKC').replace(/ +/g, ' ').trim()
}

/**
 * The key that makes a shop the same shop in a file imported again, or in another file: its name,
 * prefecture, city and address, compared as `comparable` says. Shops carry no code of their own
 * (neither PuriBox nor the makers' exports have one), and the four fields together are what a
 * person tells a shop by: two branches of a chain differ in address, two chains in one building in
 * name. Opening hours and the position are what an import may change about a shop; a shop that
 * moved or was renamed is a new row, and the old one is changed or left by hand.
 */
export function shopKey(shop: {
  name: string
  prefectureCode: number
  city: string
  address: string
}): string {
  return [shop.prefectureCode, comparable(shop.city), comparable(shop.address), comparable(shop.name)].join(
    '\n',
  )
}

const CONTROL = /\p{Cc}/u

const MAX_LENGTH: Record<'name' | 'city' | 'address' | 'openingHours', number> = {
  name: BOOTH_ADMIN_LIMITS.shopNameMax,
  city: BOOTH_ADMIN_LIMITS.cityMax,
  address: BOOTH_ADMIN_LIMITS.addressMax,
  openingHours: BOOTH_ADMIN_LIMITS.openingHoursMax,
}

/** A header cell's column: its name as the contract writes it, or its Japanese label. */
function columnOf(header: string): ShopImportColumn | null {
  const cell = comparable(header)
  for (const column of SHOP_IMPORT_COLUMNS) {
    if (cell.toLowerCase() === column.toLowerCase() || cell === labels.columns[column]) return column
  }
  return null
}

/** A number as a spreadsheet writes it (full-width digits too); null when it is none. */
function numberOf(text: string): number | null {
  const plain = text.normalize('NFKC').trim()
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain)) return null
  return Number(plain)
}

/** Reads and checks a whole shops file: every shop, or every problem. */
export function readShopsFile(bytes: Uint8Array): ShopsFile {
  const text = decodeShopsFile(bytes)
  if (text === null) return fileProblem('ENCODING_UNKNOWN')
  let records: string[][]
  try {
    records = parse(text, { relax_column_count: true })
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const where = (error as CsvError & { records?: number }).records
    return {
      ok: false,
      problems: [{ row: where === undefined ? null : where + 1, column: null, code: 'CSV_MALFORMED' }],
    }
  }
  const [header, ...rows] = records
  if (!header) return fileProblem('FILE_EMPTY')

  const problems: ShopImportProblem[] = []
  const columns = new Map<ShopImportColumn, number>()
  header.forEach((cell, index) => {
    const column = columnOf(cell)
    if (column === null) {
      // An empty header cell past the named ones is what a spreadsheet leaves after the last column.
      if (cell.trim() !== '') problems.push({ row: 1, column: null, code: 'COLUMN_UNKNOWN' })
    } else if (columns.has(column)) {
      problems.push({ row: 1, column, code: 'COLUMN_DUPLICATED' })
    } else {
      columns.set(column, index)
    }
  })
  for (const column of SHOP_IMPORT_COLUMNS) {
    if (!columns.has(column) && !SHOP_IMPORT_OPTIONAL_COLUMNS.includes(column)) {
      problems.push({ row: 1, column, code: 'COLUMN_MISSING' })
    }
  }
  if (problems.length > 0) return { ok: false, problems }

  const shops: ImportedShop[] = []
  const firstRowOf = new Map<string, number>()
  rows.forEach((fields, index) => {
    const row = index + 2
    // A blank line, or a row of empty cells a spreadsheet left, is no shop.
    if (fields.every((field) => field.trim() === '')) return
    if (fields.length !== header.length) {
      problems.push({ row, column: null, code: 'FIELD_COUNT' })
      return
    }
    const found = readRow(row, (column) => {
      const at = columns.get(column)
      return at === undefined ? '' : (fields[at] ?? '')
    })
    if (!found.ok) {
      problems.push(...found.problems)
      return
    }
    const key = shopKey(found.shop)
    if (firstRowOf.has(key)) {
      problems.push({ row, column: 'name', code: 'DUPLICATE_SHOP' })
      return
    }
    firstRowOf.set(key, row)
    shops.push(found.shop)
  })
  if (problems.length > 0) return { ok: false, problems }
  if (shops.length === 0) return fileProblem('FILE_EMPTY')
  if (shops.length > BOOTH_ADMIN_LIMITS.importMaxRows) return fileProblem('TOO_MANY_ROWS')
  return { ok: true, shops }
}

function fileProblem(code: ShopImportProblemCode): ShopsFile {
  return { ok: false, problems: [{ row: null, column: null, code }] }
}

/** One row's shop, or what is wrong with it, column by column. */
function readRow(
  row: number,
  cell: (column: ShopImportColumn) => string,
): { ok: true; shop: ImportedShop } | { ok: false; problems: ShopImportProblem[] } {
  const problems: ShopImportProblem[] = []
  const problem = (column: ShopImportColumn, code: ShopImportProblemCode) =>
    problems.push({ row, column, code })

  const text = (column: keyof typeof MAX_LENGTH, required: boolean): string => {
    const value = cell(column).trim()
    if (value === '') {
      if (required) problem(column, 'REQUIRED')
    } else if (CONTROL.test(value)) {
      problem(column, 'CONTROL_CHARACTER')
    } else if (value.length > MAX_LENGTH[column]) {
      problem(column, 'TOO_LONG')
    }
    return value
  }
  const name = text('name', true)
  const city = text('city', true)
  const address = text('address', true)
  const openingHours = text('openingHours', false)

  const codeText = cell('prefectureCode').trim()
  const code = numberOf(codeText)
  const prefectureCode = code !== null && Number.isInteger(code) && code >= 1 && code <= 47 ? code : null
  if (codeText === '') problem('prefectureCode', 'REQUIRED')
  else if (prefectureCode === null) problem('prefectureCode', 'PREFECTURE_CODE_INVALID')
  const prefectureName = cell('prefectureName').trim()
  if (prefectureName === '') problem('prefectureName', 'REQUIRED')
  else if (prefectureCode !== null && comparable(prefectureName) !== PREFECTURES[prefectureCode - 1]) {
    problem('prefectureName', 'PREFECTURE_NAME_MISMATCH')
  }

  const coordinate = (column: 'latitude' | 'longitude'): number | null | undefined => {
    const value = cell(column).trim()
    if (value === '') return null
    const n = numberOf(value)
    if (n === null) problem(column, 'NOT_A_NUMBER')
    return n ?? undefined
  }
  const latitude = coordinate('latitude')
  const longitude = coordinate('longitude')
  if (latitude !== undefined && longitude !== undefined) {
    if ((latitude === null) !== (longitude === null)) {
      problem(latitude === null ? 'latitude' : 'longitude', 'POSITION_INCOMPLETE')
    } else if (latitude !== null && longitude !== null && !isInJapan(latitude, longitude)) {
      problem('latitude', 'POSITION_OUTSIDE_JAPAN')
    }
  }

  if (problems.length > 0 || prefectureCode === null) return { ok: false, problems }
  return {
    ok: true,
    shop: {
      row,
      name,
      prefectureCode,
      // The name as the code says it, whatever width the file wrote it in.
      prefectureName: PREFECTURES[prefectureCode - 1]!,
      city,
      address,
      openingHours,
      latitude: latitude ?? null,
      longitude: longitude ?? null,
    },
  }
}
