import { links, REGISTERED_PARAM } from '@puribox/contract/pages'

/** Where the seal-ID form sends a valid ID (spec §2 "Save a sticker", guests). */
export function puriGetPath(sealId: string): string {
  return `${links.puriGet}?${new URLSearchParams({ sealId, from: 'inputSealId' })}`
}

/** Where a guest sees the pictures of a seal (spec §2 "After successful save, guest"). */
export function previewPath(sealId: string): string {
  return `${links.preview}?${new URLSearchParams({ sealId })}`
}

/**
 * Where a member saves a seal (spec §2 "Save a sticker"); `from` marks that it was just typed,
 * `registered` that a registration ended there (the page says so).
 */
export function mypageSavePath(
  sealId: string,
  options: { fromInput?: boolean; registered?: boolean } = {},
): string {
  const query = new URLSearchParams({ sealId })
  if (options.fromInput) query.set('from', 'inputSealId')
  if (options.registered) query.set(REGISTERED_PARAM, '1')
  return `${links.mypageSave}?${query}`
}

/** Where the seal-ID form sends a valid ID: members save it, guests (and unknown viewers) look it up. */
export function sealDestination(sealId: string, isMember: boolean): string {
  return isMember ? mypageSavePath(sealId, { fromInput: true }) : puriGetPath(sealId)
}

/**
 * The registration page, going on afterwards to where signing up from this page should end: a
 * seal's page (the preview, the guests' puri-get page) goes on to saving that seal, any other page
 * comes back to itself. The header's sign-up button uses it, so the seal a person came with
 * survives the detour. (The same address as the contract's `registerEmailPath`, built here so the
 * first load does not carry every registration path.)
 */
export function signUpFrom(path: string, search: string): string {
  const sealId = new URLSearchParams(search).get('sealId')
  const next =
    sealId && (path === links.preview || path === links.puriGet)
      ? mypageSavePath(sealId, { fromInput: true })
      : search
        ? `${path}?${search}`
        : path
  return `${links.registration}?${new URLSearchParams({ next })}`
}
