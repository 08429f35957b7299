import { links } from './pages'

/**
 * Where a seal lookup came from (decision 0043), as the `from` of the puri-get page, of the seal
 * lookup (`GET /sp/2/seals/:id?from=`) and of saving (`POST /sp/2/seals/:id/registrations?from=`):
 * `inputSealId` the seal ID typed in the form, `qr` the QR code printed on the sticker sheet,
 * `other` anything else a link carried. Zod-free: the top page's seal form builds its address.
 */
export const SEAL_LOOKUP_SOURCES = ['inputSealId', 'qr', 'other'] as const
export type SealLookupSource = (typeof SEAL_LOOKUP_SOURCES)[number]

/**
 * The source a `from` value names: the known ones as themselves, any other value (odd, empty, huge)
 * as `other`; null when there is none (a lookup that does not say where it came from is not counted).
 */
export function sealLookupSourceOf(from: string | null | undefined): SealLookupSource | null {
  if (from === null || from === undefined) return null
  return (SEAL_LOOKUP_SOURCES as readonly string[]).includes(from) ? (from as SealLookupSource) : 'other'
}

/** The puri-get page of a seal: `/sp/puri/get?sealId=…&from=…` (the product's save path). */
export function puriGetPath(sealId: string, from: SealLookupSource = 'inputSealId'): string {
  return `${links.puriGet}?${new URLSearchParams({ sealId, from })}`
}
