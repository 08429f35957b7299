import type {
  AdminInquiry,
  AdminInquiryPage,
  AdminInquirySummary,
  OperatorRef,
} from '@puribox/contract/admin-inquiries'
import type { ConsoleRole } from '@puribox/contract/routes'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { wrapperResponse } from '../../../testing/render'
import { signedInOperator } from '../../testing/render-console'

/** The inquiries routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const INQUIRIES_API = '/admin/api/inquiries'
export const INQUIRY_ID = '0192f0c4-1111-7000-8000-000000000001'

/** The tests' signed-in operator, and another who may handle inquiries. */
export const ME: OperatorRef = {
  operatorId: signedInOperator().id,
  operatorMailAddress: signedInOperator().mailAddress,
}
export const REN: OperatorRef = {
  operatorId: '0192f0c4-2222-7000-8000-000000000002',
  operatorMailAddress: 'ren@puribox.example',
}

export function inquirySummary(overrides: Partial<AdminInquirySummary> = {}): AdminInquirySummary {
  return {
    id: INQUIRY_ID,
    referenceNumber: 'PB261120-ABCD',
    topic: 'sealLookup',
    state: 'new',
    assignee: null,
    accountId: '0192f0c4-3333-7000-8000-000000000003',
    replyTo: 'hana@example.jp',
    // 11:45 in Japan on the tests' day.
    receivedAt: '2026-11-20T02:45:00.000Z',
    lastRepliedAt: null,
    replyCount: 0,
    noteCount: 0,
    ...overrides,
  }
}

export function inboxPage(
  inquiries: AdminInquirySummary[],
  overrides: Partial<AdminInquiryPage> = {},
): AdminInquiryPage {
  return {
    inquiries,
    counts: { new: 3, 'in-progress': 2, answered: 5, closed: 10 },
    next: null,
    ...overrides,
  }
}

export function adminInquiry(overrides: Partial<AdminInquiry> = {}): AdminInquiry {
  return {
    ...inquirySummary(),
    draft: {
      text: 'シールIDを入れても、プリが見つかりません。\n昨日撮ったものです。',
      mailAddresses: ['hana@example.jp'],
      sealIds: ['AB3CD-EF4GH'],
      checkedImage: null,
      machine: 'ミルキースター',
      shop: null,
      date: '2026-11-19',
      carrier: null,
      accountKind: null,
      paymentKind: null,
      paymentPrice: null,
      howToRegister: [],
    },
    supportMailedAt: '2026-11-20T02:45:01.000Z',
    confirmationMailedAt: '2026-11-20T02:45:02.000Z',
    replies: [],
    notes: [],
    ...overrides,
  }
}

/** An answer carrying this entity. */
export const answer = (entity: unknown) => () => wrapperResponse({ entity })

/** A refusal with this code (and the status the server gives it). */
export const refusal =
  (code: string, status: number, extra: Record<string, unknown> = {}) =>
  () =>
    wrapperResponse({ error: { code, message: code, ...extra } }, status)

/** The console's API signed in as an operator of `role`, with the assignees listed and the routes given. */
export function stubInquiriesApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'ADMIN') {
  return mockApi({
    'GET /admin/api/session': answer(signedInOperator(role)),
    [`GET ${INQUIRIES_API}/assignees`]: answer({ operators: [ME, REN] }),
    ...handlers,
  })
}
