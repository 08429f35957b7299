import type {
  AdminAuditionApplication,
  AdminAuditionDetail,
  AuditionProgress,
} from '@puribox/contract/admin-auditions'

/** The audition routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const AUDITIONS_API = '/admin/api/auditions'
export const AUDITION_ID = 'adult-ad-2027'
export const ACCOUNT_ID = '0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d'

export function auditionProgress(overrides: Partial<AuditionProgress> = {}): AuditionProgress {
  return {
    applicants: 0,
    guardianConsents: { PENDING: 0, EXPIRED: 0, AGREED: 0, DECLINED: 0 },
    identityChecks: { PENDING: 0, VERIFIED: 0, REJECTED: 0, ABANDONED: 0, EXPIRED: 0 },
    sent: 0,
    ...overrides,
  }
}

export function adminAudition(overrides: Partial<AdminAuditionDetail> = {}): AdminAuditionDetail {
  return {
    id: AUDITION_ID,
    state: 'open',
    title: '大人プリ 広告モデル オーディション',
    organizer: 'PuriBox',
    description: '大人向けのプリ機の広告モデルを募集します。\n撮影は平日の日中です。',
    minAge: 20,
    maxAge: 34,
    // 10:00 in Japan on the tests' day, to the end of the year.
    opensAt: '2026-11-20T01:00:00.000Z',
    closesAt: '2026-12-31T14:59:59.000Z',
    createdAt: '2026-11-19T01:00:00.000Z',
    applicationsSent: 0,
    progress: auditionProgress(),
    ...overrides,
  }
}

export function auditionApplication(
  overrides: Partial<AdminAuditionApplication> = {},
): AdminAuditionApplication {
  return {
    referenceNumber: 'AU261120-7Q2KXM',
    accountId: ACCOUNT_ID,
    birthday: '1998-04-01',
    age: 28,
    sentAt: '2026-11-20T03:05:00.000Z',
    identityCheckedAt: '2026-11-20T03:04:00.000Z',
    guardianConsent: null,
    ...overrides,
  }
}
