/** Rules about puris shared by server and web. No zod here: the web app's first load imports this. */

interface PuriFlags {
  rakugaki: { isRawPuri: boolean }
  isProofSample: boolean
}

/** Puris a guest's preview and a mini member's free save count: not raw, not a proof sample. */
export function isRegularPuri(puri: PuriFlags): boolean {
  return !puri.rakugaki.isRawPuri && !puri.isProofSample
}
