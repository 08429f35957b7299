import { links } from '@puribox/contract/pages'

/** Where the seal-ID form sends a valid ID (spec §2 "Save a sticker", guests). */
export function puriGetPath(sealId: string): string {
  return `${links.puriGet}?${new URLSearchParams({ sealId, from: 'inputSealId' })}`
}

/** Where a guest sees the pictures of a seal (spec §2 "After successful save, guest"). */
export function previewPath(sealId: string): string {
  return `${links.preview}?${new URLSearchParams({ sealId })}`
}

/** Where a member saves a seal (spec §2 "Save a sticker"); `from` marks that it was just typed. */
export function mypageSavePath(sealId: string, options: { fromInput?: boolean } = {}): string {
  const query = new URLSearchParams({ sealId, ...(options.fromInput ? { from: 'inputSealId' } : {}) })
  return `${links.mypageSave}?${query}`
}

/** Where the seal-ID form sends a valid ID: members save it, guests (and unknown viewers) look it up. */
export function sealDestination(sealId: string, isMember: boolean): string {
  return isMember ? mypageSavePath(sealId, { fromInput: true }) : puriGetPath(sealId)
}
