import { links } from '@puribox/contract/pages'

/** Where the seal-ID form sends a valid ID (spec §2 "Save a sticker", guests). */
export function puriGetPath(sealId: string): string {
  return `${links.puriGet}?${new URLSearchParams({ sealId, from: 'inputSealId' })}`
}

/** Where a guest sees the pictures of a seal (spec §2 "After successful save, guest"). */
export function previewPath(sealId: string): string {
  return `${links.preview}?${new URLSearchParams({ sealId })}`
}
