import { z } from 'zod'
import { japanDayStart } from './admin-numbers'
import { OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * The audit log as the console reads it (decision 0069): what operators, jobs and strangers (a failed
 * console sign-in) changed, newest first, a page at a time. Every operator reads it; a viewer sees
 * personal data as `***`. Nobody changes it.
 */

export const AUDIT_PAGE_SIZE = { default: 50, max: 100 } as const

/** Where a page continues from: the instant and id of the previous page's last entry. */
export const AUDIT_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,18})$/

export function auditCursor(at: Date, id: number): string {
  return `${at.toISOString()}_${id}`
}

export function parseAuditCursor(cursor: string): { at: Date; id: number } | null {
  const match = AUDIT_CURSOR.exec(cursor)
  if (!match?.[1] || !match[2]) return null
  const at = new Date(match[1])
  return Number.isNaN(at.getTime()) ? null : { at, id: Number(match[2]) }
}

const japanDay = z
  .string()
  .refine((day) => japanDayStart(day) !== null, 'a real day, YYYY-MM-DD')
  .describe('A Japan calendar day, YYYY-MM-DD.')

const shortText = (max: number) => z.string().trim().min(1).max(max)

export const auditSearchQuerySchema = z
  .object({
    operatorId: z.uuid().optional().describe('Entries of this operator.'),
    targetKind: shortText(40).optional().describe('`account`, `shop`, `machine`, `operator`…'),
    targetId: shortText(200).optional(),
    action: shortText(80).optional().describe('The event: `booth.machine-key-issued`.'),
    from: japanDay.optional().describe('From the start of this Japan day.'),
    to: japanDay.optional().describe('To the end of this Japan day.'),
    after: z.string().regex(AUDIT_CURSOR).optional().describe("The previous page's `next`."),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE.max).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from is after to',
    path: ['to'],
  })
export type AuditSearchQuery = z.infer<typeof auditSearchQuerySchema>

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601 instant, UTC.'),
  actor: z.object({
    kind: z.enum(['operator', 'system', 'anonymous']),
    operatorId: z.string().nullable(),
    /** The operator's mail address as it is now (staff, not personal data of a member). */
    operatorMailAddress: z.string().nullable(),
    job: z.string().nullable(),
  }),
  action: z.string(),
  target: z.object({ kind: z.string(), id: z.string() }),
  reason: z.string().nullable(),
  before: z.unknown().describe('The changed fields as they were; null when the thing was new.'),
  after: z.unknown().describe('The changed fields as they became; null when the thing went.'),
  clientIp: z.string().nullable(),
})
export type AuditEntryView = z.infer<typeof auditEntrySchema>

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next: z.string().nullable().describe('Pass as `after` for the next page; null on the last.'),
})
export type AuditPageView = z.infer<typeof auditPageSchema>

export const adminAuditApi = {
  auditLog: route({
    method: 'GET',
    path: '/admin/api/audit',
    roles: OPERATORS,
    tag: 'admin',
    summary: 'Searches the audit log by operator, target, action and day, newest first.',
    query: auditSearchQuerySchema,
    response: wrapped(auditPageSchema),
  }),
}
