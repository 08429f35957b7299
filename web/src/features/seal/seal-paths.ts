import { links, REGISTERED_PARAM } from '@puribox/contract/pages'
import { puriGetPath, type SealLookupSource, sealLookupSourceOf } from '@puribox/contract/seal-lookup-source'

/** Where the seal-ID form sends a valid ID, for a guest: `from` the form by default. */
export { puriGetPath }

/**
 * Where a seal page's person came from (`from` of its address, decision 0043): carried on to the
 * preview, saving and the sign-up detour so that saving counts where they came from. Null without one.
 */
export function sourceOf(search: string | URLSearchParams): SealLookupSource | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return sealLookupSourceOf(params.get('from'))
}

/** Where a guest sees the pictures of a seal (where a guest lands after saving), with where they came from. */
export function previewPath(sealId: string, from: SealLookupSource | null = null): string {
  const query = new URLSearchParams({ sealId })
  if (from) query.set('from', from)
  return `${links.preview}?${query}`
}

/**
 * Where a member saves a seal (the product's save path); `from` marks where the ID came from (typed:
 * `inputSealId`, the sheet's QR code: `qr`), `registered` that a registration ended there (the page
 * says so).
 */
export function mypageSavePath(
  sealId: string,
  options: { from?: SealLookupSource | null; registered?: boolean } = {},
): string {
  const query = new URLSearchParams({ sealId })
  if (options.from) query.set('from', options.from)
  if (options.registered) query.set(REGISTERED_PARAM, '1')
  return `${links.mypageSave}?${query}`
}

/** Where the seal-ID form sends a valid ID: members save it, guests (and unknown viewers) look it up. */
export function sealDestination(sealId: string, isMember: boolean): string {
  return isMember ? mypageSavePath(sealId, { from: 'inputSealId' }) : puriGetPath(sealId)
}

/**
 * The registration page, going on afterwards to where signing up from this page should end: a
 * seal's page (the preview, the guests' puri-get page) goes on to saving that seal, from where the
 * person came (typed unless the address says otherwise), any other page comes back to itself. The
 * header's sign-up button uses it, so the seal a person came with survives the detour. (The same
 * address as the contract's `registerEmailPath`, built here so the first load does not carry every
 * registration path.)
 */
export function signUpFrom(path: string, search: string): string {
  const params = new URLSearchParams(search)
  const sealId = params.get('sealId')
  const next =
    sealId && (path === links.preview || path === links.puriGet)
      ? mypageSavePath(sealId, { from: sourceOf(params) ?? 'inputSealId' })
      : search
        ? `${path}?${search}`
        : path
  return `${links.registration}?${new URLSearchParams({ next })}`
}
