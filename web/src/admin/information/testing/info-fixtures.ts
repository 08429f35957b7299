import type {
  AdminInformationDocument,
  AdminInformationPage,
  AdminInformationVersion,
  InformationVersionSummary,
} from '@puribox/contract/admin-information'
import { INFORMATION_PAGES } from '@puribox/contract/pages'
import type { ConsoleRole } from '@puribox/contract/routes'
import type { ApiHandler } from '../../../testing/mock-api'
import { mockApi } from '../../../testing/mock-api'
import { wrapperResponse } from '../../../testing/render'
import { signedInOperator } from '../../testing/render-console'

/** The area's routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const INFO_API = '/admin/api/information'

/** An answer carrying this entity. */
export const answer = (entity: unknown) => () => wrapperResponse({ entity })

/** A refusal with this code (and the status the server gives it). */
export const refusal = (code: string, status: number) => () =>
  wrapperResponse({ error: { code, message: code } }, status)

/** The console's API signed in as an operator of `role`, with the area's routes given. */
export function stubInfoApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'EDITOR') {
  return mockApi({ 'GET /admin/api/session': answer(signedInOperator(role)), ...handlers })
}

export function versionSummary(
  overrides: Partial<InformationVersionSummary> = {},
): InformationVersionSummary {
  return {
    version: '2026-04-01',
    title: 'プライバシーポリシー',
    state: 'current',
    // 2026/04/01 00:00 in Japan.
    publishedAt: '2026-03-31T15:00:00.000Z',
    updatedAt: '2026-03-31T15:00:00.000Z',
    characters: 3806,
    ...overrides,
  }
}

export const POLICY_BODY =
  '## 第1条（目的）\n\nこのポリシーは、**会員の情報**の扱いを定めます。\n\n- 保存したプリ\n- メールアドレス'

export function adminVersion(overrides: Partial<AdminInformationVersion> = {}): AdminInformationVersion {
  return {
    page: 'privacyPolicy',
    version: '2026-12-01',
    title: 'プライバシーポリシー',
    body: POLICY_BODY,
    state: 'draft',
    publishedAt: null,
    // 10:00 in Japan on the tests' day.
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:30:00.000Z',
    policy: { kind: 'furyu', inForce: '2026-04-01', agreedToInForce: 1234 },
    blocks: [
      { type: 'heading', level: 2, id: 's1', content: [{ type: 'text', text: '第1条（目的）' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'このポリシーは、' },
          { type: 'strong', text: '会員の情報' },
          { type: 'text', text: 'の扱いを定めます。' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[{ type: 'text', text: '保存したプリ' }], [{ type: 'text', text: 'メールアドレス' }]],
      },
    ],
    problems: [],
    characters: POLICY_BODY.length,
    ...overrides,
  }
}

export function adminPage(overrides: Partial<AdminInformationPage> = {}): AdminInformationPage {
  return {
    page: 'privacyPolicy',
    policy: { kind: 'furyu', inForce: '2026-04-01', agreedToInForce: 1234 },
    current: versionSummary(),
    scheduled: [],
    drafts: [],
    ...overrides,
  }
}

/** Every page as the list answers them: each with its shipped version in force, no drafts. */
export function adminDocuments(
  change: (document: AdminInformationDocument) => AdminInformationDocument = (document) => document,
): { documents: AdminInformationDocument[] } {
  return {
    documents: INFORMATION_PAGES.map((page) =>
      change({
        page,
        policyKind: page === 'privacyPolicy' ? 'furyu' : page === 'externalTransmission' ? 'puribox' : null,
        current: versionSummary({ title: page }),
        scheduled: [],
        drafts: 0,
      }),
    ),
  }
}
