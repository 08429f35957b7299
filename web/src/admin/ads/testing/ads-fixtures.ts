import type { AdminAd, AdminAdRead, AdminAdSpace, AdReactionDay } from '@puribox/contract/admin-ads'

export { answer, refusal, stubContentApi as stubAdsApi } from '../../content/testing/content-fixtures'

/** The ads routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const ADS_API = '/admin/api/ads'
export const AD_ID = 42
export const PICTURE = '/sp/advertisements/pictures/0192f0c4-0000-4000-8000-0000000000c1.jpg'

export function adSpace(overrides: Partial<AdminAdSpace> = {}): AdminAdSpace {
  return {
    id: 'sp-top',
    name: 'トップページの広告',
    placement: 'topPage',
    counts: { draft: 1, scheduled: 0, published: 2, ended: 0, withdrawn: 1 },
    createdAt: '2026-11-01T01:00:00.000Z',
    ...overrides,
  }
}

export function adminAd(overrides: Partial<AdminAd> = {}): AdminAd {
  return {
    id: AD_ID,
    spaceId: 'sp-top',
    state: 'draft',
    conversionId: 'cv-winter-lip',
    name: '冬の新色リップ',
    title: '冬の新色リップ、プリ映えカラー',
    text: 'プリ機のライトの下でもかわいく写ります。',
    linkType: 'EXTERNAL',
    linkUrl: 'https://www.example.com/lip',
    mediaType: 'IMAGE',
    mediaUrl: PICTURE,
    forGuests: true,
    forMini: true,
    forPremium: false,
    ageTarget: 'ALL',
    priority: 5,
    startsAt: null,
    endsAt: null,
    withdrawnAt: null,
    // 10:00 in Japan on the tests' day.
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:30:00.000Z',
    totals: { IMPRESSION: 1234, CLICK: 56 },
    ...overrides,
  }
}

/** Every day from `from` to `to` with no reactions, then the ones given. */
export function reactionDays(
  from: string,
  to: string,
  counted: Record<string, Partial<Omit<AdReactionDay, 'day'>>> = {},
): AdReactionDay[] {
  const days: AdReactionDay[] = []
  for (
    let at = new Date(`${from}T00:00:00Z`);
    at <= new Date(`${to}T00:00:00Z`);
    at.setUTCDate(at.getUTCDate() + 1)
  ) {
    const day = at.toISOString().slice(0, 10)
    days.push({ day, IMPRESSION: 0, CLICK: 0, ...counted[day] })
  }
  return days
}

/** An ad's page answer: the ad, with reactions of the days given (summed). */
export function adRead(ad: AdminAd, days: AdReactionDay[]): AdminAdRead {
  const sum = (kind: 'IMPRESSION' | 'CLICK') => days.reduce((total, day) => total + day[kind], 0)
  return {
    ad,
    reactions: {
      from: days[0]?.day ?? '',
      to: days.at(-1)?.day ?? '',
      days,
      totals: { IMPRESSION: sum('IMPRESSION'), CLICK: sum('CLICK') },
    },
  }
}
