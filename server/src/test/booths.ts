import type { MachineModelCreate, ShopCreate } from '@puribox/contract/admin-booths'

/** What operators register booths with, for the console's tests: a model, a shop, shops files (CSV). */

export const TEST_MODEL: MachineModelCreate = {
  id: 'milky-star',
  name: 'ミルキースター',
  nameKana: 'ミルキースター',
  seriesId: 'milky',
  seriesName: 'ミルキー',
  version: '1.0',
  releasedOn: '2026-04-01',
  description: '盛れる新機種。\n落書きも増えました。',
  supportsRawPuri: true,
  supportsIdFederation: true,
  shots: 6,
  sampleCount: 0,
}

export const TEST_SHOP: ShopCreate = {
  name: 'ゲームランド渋谷',
  prefectureCode: 13,
  city: '渋谷区',
  address: '道玄坂1-2-3',
  openingHours: '10:00～24:00',
  position: { lat: 35.6595, lng: 139.7005 },
}

/**
 * Shift_JIS bytes of a text, from Node's own decoder read backwards (Node decodes Shift_JIS but
 * does not encode it): every two-byte code is decoded once and kept by the character it gives.
 */
let shiftJisTable: Map<string, number[]> | undefined
export function encodeShiftJis(text: string): Buffer {
  if (!shiftJisTable) {
    shiftJisTable = new Map()
    const decoder = new TextDecoder('shift_jis')
    for (let lead = 0x81; lead <= 0xfc; lead++) {
      if (lead > 0x9f && lead < 0xe0) continue
      for (let trail = 0x40; trail <= 0xfc; trail++) {
        if (trail === 0x7f) continue
        const char = decoder.decode(Uint8Array.of(lead, trail))
        if (char.length === 1 && char !== '\ufffd' && !shiftJisTable.has(char))
          shiftJisTable.set(char, [lead, trail])
      }
    }
  }
  const bytes: number[] = []
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code < 0x80) bytes.push(code)
    else {
      const pair = shiftJisTable.get(char)
      if (!pair) throw new Error(`no Shift_JIS code for ${char}`)
      bytes.push(...pair)
    }
  }
  return Buffer.from(bytes)
}

/**
 * Three shops, as Excel writes CSV: CRLF, quotes doubled inside a quoted cell, empty cells. The
 * hours use the full-width tilde ～, which Windows' Shift_JIS holds (its 〜 decodes as ～).
 */
export const SHOPS_CSV = [
  'name,prefectureCode,prefectureName,city,address,openingHours,latitude,longitude',
  'ゲームランド渋谷,13,東京都,渋谷区,道玄坂1-2-3,10:00～24:00,35.6595,139.7005',
  '"プリ館 ""梅田店""",27,大阪府,大阪市北区,"角田町5-1\u3000B1F",,,',
  'フォトスポット札幌,1,北海道,札幌市中央区,南1条西4-5,10:00～22:00,43.0587,141.3509',
].join('\r\n')
