/** Rules about puris shared by server and web. No zod here: the web app's first load imports this. */

import { hasPremiumFeatures, type MemberMembership } from './membership'

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

/**
 * Why a seal has no free puri for a mini member (spec: the first non-raw puri is free; non-raw
 * excludes raw puris and proof samples): its doodled puris are all proof samples (a machine's test
 * print; their raw versions with them), or it has raw puris only. Null when the seal has a free puri.
 */
export type NoFreePuriReason = 'PROOF_SAMPLES' | 'RAW_ONLY'
export const noFreePuriReasons = ['PROOF_SAMPLES', 'RAW_ONLY'] as const satisfies readonly NoFreePuriReason[]

export function noFreePuriReason<P extends PuriFlags & { number: number }>(
  puris: readonly P[],
): NoFreePuriReason | null {
  if (freePuriNumber(puris) !== null) return null
  return puris.some((puri) => !puri.rakugaki.isRawPuri) ? 'PROOF_SAMPLES' : 'RAW_ONLY'
}

/**
 * The puris a member saves when registering a seal: premium (paid or junior-high) every one, raw
 * included; mini the free one.
 */
export function puriNumbersToSave<P extends PuriFlags & { number: number }>(
  membership: MemberMembership,
  puris: readonly P[],
): number[] {
  if (hasPremiumFeatures(membership)) return puris.map((puri) => puri.number)
  const free = freePuriNumber(puris)
  return free === null ? [] : [free]
}
