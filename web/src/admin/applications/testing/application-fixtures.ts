import type { AdminApplication, AdminApplicationSummary } from '@puribox/contract/admin-applications'
import type { ConsoleRole } from '@puribox/contract/routes'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { wrapperResponse } from '../../../testing/render'
import { signedInOperator } from '../../testing/render-console'

/** The applications routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const APPLICATIONS_API = '/admin/api/applications'
export const APPLICATION_ID = '0192f0c4-0000-7000-8000-0000000000a1'
export const OTHER_ID = '0192f0c4-0000-7000-8000-0000000000a2'

export function applicationSummary(
  overrides: Partial<AdminApplicationSummary> = {},
): AdminApplicationSummary {
  return {
    id: APPLICATION_ID,
    state: 'SUBMITTED',
    accountId: '0192f0c4-0000-7000-8000-00000000acc1',
    familyName: '山田',
    givenName: '花子',
    grade: 2,
    // 10:00 in Japan, two days before the tests' day.
    submittedAt: '2026-11-18T01:00:00.000Z',
    reviewedAt: null,
    // A second-year pupil in school year 2026: the last day is 31 March 2028.
    premiumEndsAt: '2028-03-31T15:00:00.000Z',
    certificatesDeleted: false,
    ...overrides,
  }
}

export function adminApplication(overrides: Partial<AdminApplication> = {}): AdminApplication {
  return {
    ...applicationSummary(),
    birthday: '2013-05-01',
    mailAddress: 'hanako@example.jp',
    kindDocument: 'MY_NUMBER_CARD',
    rejectReason: null,
    rejectReasonText: null,
    note: null,
    reviewer: null,
    certificates: [
      { slot: 'kind', contentType: 'image/jpeg', byteSize: 1_200_000 },
      { slot: 'insurance', contentType: 'image/png', byteSize: 400_000 },
      { slot: 'schoolFront', contentType: 'image/heic', byteSize: 2_500_000 },
      { slot: 'schoolBack', contentType: 'image/jpeg', byteSize: 900_000 },
    ],
    ...overrides,
  }
}

/** What a viewer or an editor reads of the same application: the person's texts as `***`. */
export function maskedApplication(overrides: Partial<AdminApplication> = {}): AdminApplication {
  return adminApplication({
    familyName: '***',
    givenName: '***',
    birthday: '***',
    mailAddress: '***',
    ...overrides,
  })
}

/** An answer carrying this entity. */
export const answer = (entity: unknown) => () => wrapperResponse({ entity })

/** A refusal with this code (and the status the server gives it). */
export const refusal = (code: string, status: number) => () =>
  wrapperResponse({ error: { code, message: code } }, status)

/** A certificate picture as the route answers it: the file's bytes with its own type. */
export const picture = (contentType: string) => () =>
  new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), {
    status: 200,
    headers: { 'Content-Type': contentType, 'Cache-Control': 'private, no-store' },
  })

/** The console's API signed in as an operator of `role`, with the applications routes given. */
export function stubApplicationsApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'SUPPORT') {
  return mockApi({ 'GET /admin/api/session': answer(signedInOperator(role)), ...handlers })
}
