import { z } from 'zod'
import { AUDITED, instantSchema, reasonSchema } from './admin-content'
import { links } from './pages'
import { FLOW_CASES, FLOW_NAMES, type FlowName } from './payments'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * The optimised flows in the operators' console (decisions 0064, 0080): where members are offered
 * the au trial. Each flow is a row with its case and the share of members who get it:
 * - `TRIAL_JUDGE` decides whether the trial may be taken at all (the premium page and every screen
 *   below read it): NORMAL there stops the trial everywhere;
 * - `PURI_GRID` (a seal's pictures), `MY_PAGE` and `PURIGET_LP` (the puri-get page) each decide
 *   whether their screen offers the trial to a free member on au who may take it.
 * In the TRIAL case, members in the share (each stays on one side for good) get TRIAL, the others
 * NORMAL; NORMAL reaches every member, so its share is always 100. Guests always get NORMAL. Every
 * operator reads; editors and admins change a flow, and members see it from their next request.
 */

/** The members' page each flow decides for (the judge: the premium page, where the trial is taken). */
export const FLOW_SCREEN_PATHS: Readonly<Record<FlowName, string>> = {
  TRIAL_JUDGE: links.premiumRegistration,
  PURI_GRID: links.preview,
  MY_PAGE: links.mypage,
  PURIGET_LP: links.puriGet,
}

export const adminFlowSchema = z.object({
  flowName: z.enum(FLOW_NAMES),
  screenPath: z.string().describe('The members’ page the flow decides for.'),
  caseName: z.enum(FLOW_CASES),
  rolloutPercent: z.int().describe('Share of members (0–100) who get `caseName`; the others get NORMAL.'),
  updatedAt: instantSchema
    .nullable()
    .describe('When it was last set; null for a flow never written, which behaves as shipped (TRIAL, 100).'),
})
export type AdminFlow = z.infer<typeof adminFlowSchema>

export const adminFlowsSchema = z.object({
  flows: z.array(adminFlowSchema).describe('Every flow, the judge first.'),
})
export type AdminFlows = z.infer<typeof adminFlowsSchema>

export const flowChangeSchema = z.object({
  caseName: z.enum(FLOW_CASES),
  rolloutPercent: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('Share of members in TRIAL (0 pauses it); 100 for NORMAL, which reaches everyone.'),
  reason: reasonSchema,
})
export type FlowChange = z.infer<typeof flowChangeSchema>

export const flowParamsSchema = z.object({ flowName: z.enum(FLOW_NAMES) })

const FLOWS = '/admin/api/flows'

/** The console's routes for the optimised flows (`optimized-flows.policy.ts` decides the same again). */
export const adminFlowsApi = {
  adminFlows: route({
    method: 'GET',
    path: FLOWS,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'Every optimised flow with its case and share, as members get them now.',
    response: wrapped(adminFlowsSchema),
  }),
  adminFlow: route({
    method: 'GET',
    path: `${FLOWS}/:flowName`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'One optimised flow.',
    params: flowParamsSchema,
    response: wrapped(adminFlowSchema),
  }),
  adminFlowChange: route({
    method: 'PUT',
    path: `${FLOWS}/:flowName`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Sets a flow’s case and share; members get it from their next request.',
    description: `VALIDATION_FAILED for NORMAL with a share other than 100. Nothing written at start changes it again. ${AUDITED}`,
    params: flowParamsSchema,
    body: flowChangeSchema,
    response: wrapped(adminFlowSchema),
  }),
}
