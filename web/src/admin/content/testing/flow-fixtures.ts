import type { AdminFlow } from '@puribox/contract/admin-flows'

/** The flow routes as the tests stub them (`METHOD /path`). */
export const FLOWS_API = '/admin/api/flows'

export function adminFlow(overrides: Partial<AdminFlow> = {}): AdminFlow {
  return {
    flowName: 'PURI_GRID',
    screenPath: '/web/preview',
    caseName: 'TRIAL',
    rolloutPercent: 100,
    updatedAt: null,
    ...overrides,
  }
}

/** The four flows as shipped (TRIAL for every member), with the changes given by name. */
export function adminFlows(changes: Partial<Record<AdminFlow['flowName'], Partial<AdminFlow>>> = {}) {
  const paths = {
    TRIAL_JUDGE: '/web/payment',
    PURI_GRID: '/web/preview',
    MY_PAGE: '/sp/2/mypage/#/puri/new',
    PURIGET_LP: '/sp/puri/get',
  } as const
  return {
    flows: (Object.keys(paths) as Array<keyof typeof paths>).map((flowName) =>
      adminFlow({ flowName, screenPath: paths[flowName], ...changes[flowName] }),
    ),
  }
}
