/** Rules about puris shared by server and web. No zod here: the web app's first load imports this. */

interface PuriFlags {
  rakugaki: { isRawPuri: boolean }
  isProofSample: boolean
}

/** Puris a guest's preview and a mini member's free save count: not raw, not a proof sample. */
export function isRegularPuri(puri: PuriFlags): boolean {
  return !puri.rakugaki.isRawPuri && !puri.isProofSample
}

/** The puri a mini member saves free: the lowest-numbered regular one; null when the seal has none. */
export function freePuriNumber<P extends PuriFlags & { number: number }>(puris: readonly P[]): number | null {
  let free: number | null = null
  for (const puri of puris) {
    if (isRegularPuri(puri) && (free === null || puri.number < free)) free = puri.number
  }
  return free
}

/** The puris a member saves when registering a seal: premium every one, mini the free one. */
export function puriNumbersToSave<P extends PuriFlags & { number: number }>(
  membership: 'MINI' | 'PREMIUM',
  puris: readonly P[],
): number[] {
  if (membership === 'PREMIUM') return puris.map((puri) => puri.number)
  const free = freePuriNumber(puris)
  return free === null ? [] : [free]
}
