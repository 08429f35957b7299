import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { createAdsRepository, type NewAd } from '../modules/ads/ads.repository'
import { profiles } from '../modules/profile/profile.schema'

let serial = 0

/** The top page's space (the migration makes it; tests start from an empty database). */
export async function createTopPageSpace(db: Database): Promise<void> {
  await createAdsRepository(db).createSpace({ id: 'sp-top', name: 'Top page', placement: 'topPage' })
}

/** A space no placement shows. */
export async function createAdSpace(db: Database, id: string): Promise<void> {
  await createAdsRepository(db).createSpace({ id, name: id })
}

/** An ad in `sp-top` for everyone, running since 2026-01-01, unless overridden (not stored). */
export function buildAd(overrides: Partial<NewAd> = {}): NewAd {
  serial += 1
  return {
    spaceId: 'sp-top',
    conversionId: `cv-test-${serial}`,
    name: `Test ad ${serial}`,
    title: `title ${serial}`,
    text: `text ${serial}`,
    linkUrl: '/web/payment',
    linkType: 'INTERNAL',
    mediaUrl: '/favicon.svg',
    mediaType: 'IMAGE',
    forGuests: true,
    forMini: true,
    forPremium: true,
    ageTarget: 'ALL',
    priority: 0,
    startsAt: new Date('2026-01-01T00:00:00+09:00'),
    endsAt: null,
    ...overrides,
  }
}

/** `buildAd(overrides)`, stored. */
export async function createAd(db: Database, overrides: Partial<NewAd> = {}) {
  const row = await createAdsRepository(db).createAd(buildAd(overrides))
  if (!row) throw new Error('createAd: the conversion id exists')
  return row
}

/** Sets a member's birthday (the profile's row). */
export async function setBirthday(db: Database, accountId: string, birthday: string | null): Promise<void> {
  await db
    .insert(profiles)
    .values({ accountId, birthday })
    .onConflictDoUpdate({ target: profiles.accountId, set: { birthday } })
}

/** The caller's ad token, as the web app gets it (and the cookie it came in). */
export async function fetchAdToken(
  app: FastifyInstance,
  cookie?: string,
): Promise<{ token: string; setCookie: string }> {
  const response = await app.inject({ url: '/sp/advertisements/token', headers: cookie ? { cookie } : {} })
  if (response.statusCode !== 200) throw new Error(`fetchAdToken: ${response.statusCode} ${response.body}`)
  const setCookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('pbx_ads=')) ?? ''
  return { token: response.json().entity.token, setCookie }
}
