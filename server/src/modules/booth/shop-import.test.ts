import { describe, expect, it } from 'vitest'
import { encodeShiftJis, SHOPS_CSV } from '../../test/booths'
import { comparable, decodeShopsFile, readShopsFile, shopKey } from './shop-import'

const utf8 = (text: string) => Buffer.from(text, 'utf8')

describe('reading a shops file', () => {
  it('reads every shop of a UTF-8 file, quotes and empty cells included', () => {
    const read = readShopsFile(utf8(SHOPS_CSV))
    expect(read).toEqual({
      ok: true,
      shops: [
        {
          row: 2,
          name: 'ゲームランド渋谷',
          prefectureCode: 13,
          prefectureName: '東京都',
          city: '渋谷区',
          address: '道玄坂1-2-3',
          openingHours: '10:00～24:00',
          latitude: 35.6595,
          longitude: 139.7005,
        },
        {
          row: 3,
          name: 'プリ館 "梅田店"',
          prefectureCode: 27,
          prefectureName: '大阪府',
          city: '大阪市北区',
          address: '角田町5-1\u3000B1F',
          openingHours: '',
          latitude: null,
          longitude: null,
        },
        expect.objectContaining({ row: 4, prefectureCode: 1, prefectureName: '北海道' }),
      ],
    })
  })

  it('reads the same shops from UTF-8 with a byte order mark and from Shift_JIS', () => {
    const plain = readShopsFile(utf8(SHOPS_CSV))
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(SHOPS_CSV)])
    expect(readShopsFile(withBom)).toEqual(plain)
    const shiftJis = encodeShiftJis(SHOPS_CSV)
    // Really another encoding: the bytes are not UTF-8.
    expect(new TextDecoder('utf-8').decode(shiftJis)).not.toBe(SHOPS_CSV)
    expect(readShopsFile(shiftJis)).toEqual(plain)
  })

  it('refuses bytes that are neither UTF-8 nor Shift_JIS', () => {
    expect(decodeShopsFile(Uint8Array.of(0x61, 0xfd, 0xfe))).toBeNull()
    expect(readShopsFile(Buffer.from([0x61, 0xfd, 0xfe]))).toEqual({
      ok: false,
      problems: [{ row: null, column: null, code: 'ENCODING_UNKNOWN' }],
    })
  })

  it('takes the Japanese column labels, columns in any order, and leaves out the optional ones', () => {
    const file = [
      '住所,店舗名,市区町村,都道府県,都道府県コード',
      '道玄坂1-2-3,ゲームランド渋谷,渋谷区,東京都,１３',
    ].join('\n')
    const read = readShopsFile(utf8(file))
    expect(read).toMatchObject({
      ok: true,
      shops: [
        {
          name: 'ゲームランド渋谷',
          prefectureCode: 13,
          address: '道玄坂1-2-3',
          openingHours: '',
          latitude: null,
        },
      ],
    })
  })

  it('skips blank rows and keeps counting rows as a spreadsheet does', () => {
    const lines = SHOPS_CSV.split('\r\n')
    const file = [lines[0], '', lines[1], ',,,,,,,', 'x,99,東京都,a,b,,,'].join('\n')
    expect(readShopsFile(utf8(file))).toEqual({
      ok: false,
      problems: [{ row: 5, column: 'prefectureCode', code: 'PREFECTURE_CODE_INVALID' }],
    })
  })

  it('lists every problem of every row with its row, column and code', () => {
    const header = 'name,prefectureCode,prefectureName,city,address,openingHours,latitude,longitude'
    const file = [
      header,
      ',13,東京都,渋谷区,道玄坂1,,,',
      'A,13,大阪府,渋谷区,道玄坂2,,35.6,',
      'B,0,東京都,,道玄坂3,,abc,139.7',
      'C,13,東京都,渋谷区,道玄坂4,,10.0,100.0',
      `${'D'.repeat(101)},13,東京都,渋谷区,道玄坂5,,,`,
      '"E\nF",13,東京都,渋谷区,道玄坂6,,,',
      'G,13,東京都,渋谷区',
      'ゲームランド,13,東京都,渋谷区,道玄坂7,,,',
      'ゲームランド ,１３,東京都,渋谷区, 道玄坂７,,,',
    ].join('\n')
    expect(readShopsFile(utf8(file))).toEqual({
      ok: false,
      problems: [
        { row: 2, column: 'name', code: 'REQUIRED' },
        { row: 3, column: 'prefectureName', code: 'PREFECTURE_NAME_MISMATCH' },
        { row: 3, column: 'longitude', code: 'POSITION_INCOMPLETE' },
        { row: 4, column: 'city', code: 'REQUIRED' },
        { row: 4, column: 'prefectureCode', code: 'PREFECTURE_CODE_INVALID' },
        { row: 4, column: 'latitude', code: 'NOT_A_NUMBER' },
        { row: 5, column: 'latitude', code: 'POSITION_OUTSIDE_JAPAN' },
        { row: 6, column: 'name', code: 'TOO_LONG' },
        { row: 7, column: 'name', code: 'CONTROL_CHARACTER' },
        { row: 8, column: null, code: 'FIELD_COUNT' },
        // The same shop twice: full-width digits and spaces make no other shop.
        { row: 10, column: 'name', code: 'DUPLICATE_SHOP' },
      ],
    })
  })

  it('refuses a header without a required column, with a column twice or unknown', () => {
    const file = 'name,name,prefectureCode,city,address,phone\nA,B,13,c,d,e'
    expect(readShopsFile(utf8(file))).toEqual({
      ok: false,
      problems: [
        { row: 1, column: 'name', code: 'COLUMN_DUPLICATED' },
        { row: 1, column: null, code: 'COLUMN_UNKNOWN' },
        { row: 1, column: 'prefectureName', code: 'COLUMN_MISSING' },
      ],
    })
  })

  it('refuses a file that is not CSV, or has no shops', () => {
    const header = SHOPS_CSV.split('\r\n')[0]!
    expect(readShopsFile(utf8(`${header}\n"A,13,東京都,渋谷区,道玄坂1,,,\n`))).toEqual({
      ok: false,
      problems: [{ row: 2, column: null, code: 'CSV_MALFORMED' }],
    })
    expect(readShopsFile(utf8(`${header}\n`))).toEqual({
      ok: false,
      problems: [{ row: null, column: null, code: 'FILE_EMPTY' }],
    })
    expect(readShopsFile(utf8(''))).toEqual({
      ok: false,
      problems: [{ row: null, column: null, code: 'FILE_EMPTY' }],
    })
  })
})

describe('the shop key', () => {
  it('is the same across widths and spaces, and differs by address or name', () => {
    const shop = { name: 'ゲームランド 渋谷', prefectureCode: 13, city: '渋谷区', address: '道玄坂1-2-3' }
    expect(shopKey({ ...shop, name: 'ゲームランド\u3000\u3000渋谷 ', address: '道玄坂１-２-３' })).toBe(
      shopKey(shop),
    )
    expect(shopKey({ ...shop, address: '道玄坂1-2-4' })).not.toBe(shopKey(shop))
    expect(shopKey({ ...shop, prefectureCode: 14 })).not.toBe(shopKey(shop))
    expect(comparable(' Ａ\u3000 B ')).toBe('A B')
  })
})
