import type { DayNumbers, Numbers } from '@puribox/contract/admin-numbers'
import { describe, expect, it } from 'vitest'
import text from '../../locales/ja/numbers.json' with { type: 'json' }
import { csvBytes, csvCell, NUMBERS_CSV_COLUMNS, numbersCsv, numbersCsvFileName } from './numbers.csv'

function dayOf(day: string, overrides: Partial<DayNumbers> = {}): DayNumbers {
  return {
    day,
    sealLookups: { inputSealId: 1, qr: 2, other: 3 },
    picturesSaved: 4,
    sealsRegistered: 5,
    newMembers: 6,
    premiumStarts: { CREDIT: 7, AU: 8, DOCOMO: 9, SOFTBANK: 10 },
    auTrialStarts: 11,
    premiumCancellations: { CREDIT: 12, AU: 13, DOCOMO: 14, SOFTBANK: 15 },
    adImpressions: 16,
    adClicks: 17,
    ...overrides,
  }
}

const numbers: Numbers = {
  from: '2026-11-19',
  to: '2026-11-20',
  days: [dayOf('2026-11-19'), dayOf('2026-11-20', { newMembers: 0, adImpressions: 123456 })],
}

describe('the numbers as a CSV file', () => {
  const bytes = numbersCsv(numbers)
  const body = bytes.toString('utf8')

  it('starts with UTF-8’s byte order mark, so Excel in Japan reads it as UTF-8', () => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    // The rest is plain UTF-8: the header's Japanese as itself, once.
    expect(bytes.subarray(3).toString('utf8').startsWith('日付,シール検索（ID入力）,')).toBe(true)
    expect(body.indexOf('\uFEFF', 1)).toBe(-1)
  })

  it('ends every line, the last one too, with CRLF and has no bare line feed', () => {
    expect(body.endsWith('\r\n')).toBe(true)
    expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    expect(body.split('\r\n')).toHaveLength(numbers.days.length + 2)
  })

  it('has a header row in Japanese from the locale file, one column for each of its texts', () => {
    const [header] = body.slice(1).split('\r\n')
    expect(header).toBe(
      '日付,シール検索（ID入力）,シール検索（QRコード）,シール検索（その他）,保存されたプリ,保存されたシール,新規会員,' +
        'プレミアム開始（クレジットカード）,プレミアム開始（auかんたん決済）,うちauかんたん決済の無料体験,' +
        'プレミアム開始（ドコモ払い）,プレミアム開始（ソフトバンクまとめて支払い）,' +
        'プレミアム解約（クレジットカード）,プレミアム解約（auかんたん決済）,プレミアム解約（ドコモ払い）,' +
        'プレミアム解約（ソフトバンクまとめて支払い）,広告表示,広告クリック',
    )
    // Every text of the locale file is a column, once: none forgotten, none left over.
    expect(NUMBERS_CSV_COLUMNS.map(([name]) => name).sort()).toEqual(Object.keys(text.csvColumns).sort())
  })

  it('writes a row per day, oldest first, numbers as plain digits', () => {
    const rows = body.slice(1).split('\r\n').slice(1, -1)
    expect(rows).toEqual([
      '2026-11-19,1,2,3,4,5,6,7,8,11,9,10,12,13,14,15,16,17',
      '2026-11-20,1,2,3,4,5,0,7,8,11,9,10,12,13,14,15,123456,17',
    ])
  })

  it('is a header row alone for no days', () => {
    const empty = numbersCsv({ ...numbers, days: [] }).toString('utf8')
    expect(empty.split('\r\n')).toEqual([expect.stringMatching(/^\uFEFF日付,/), ''])
  })

  it('is named by its range, in ASCII', () => {
    expect(numbersCsvFileName(numbers)).toBe('puribox-numbers-2026-11-19-2026-11-20.csv')
  })
})

describe('a CSV cell', () => {
  it.each([
    ['plain', 'plain'],
    [42, '42'],
    ['日付', '日付'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    ['', ''],
  ])('%j is written %j', (value, written) => {
    expect(csvCell(value)).toBe(written)
  })

  it('keeps a quoted line break inside its row', () => {
    const body = csvBytes([
      ['a', 'b,c'],
      ['d"e', 'f\r\ng'],
    ]).toString('utf8')
    expect(body).toBe('\uFEFFa,"b,c"\r\n"d""e","f\r\ng"\r\n')
  })
})
