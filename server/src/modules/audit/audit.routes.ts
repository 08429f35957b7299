import { AUDIT_PAGE_SIZE, adminAuditApi, auditCursor, parseAuditCursor } from '@puribox/contract/admin-audit'
import { japanDayStart } from '@puribox/contract/admin-numbers'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { AuditService } from './audit.service'

const DAY_MS = 24 * 60 * 60 * 1000

/** The console's reading of the audit log: the operator's filters, a page at a time. */
export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }): void {
  registerApiRoute(app, adminAuditApi.auditLog, async (request) => {
    const { query } = request
    const from = query.from ? japanDayStart(query.from) : null
    const to = query.to ? japanDayStart(query.to) : null
    const page = await deps.audit.search(request.caller, {
      ...(query.operatorId ? { operatorId: query.operatorId } : {}),
      ...(query.targetKind ? { targetKind: query.targetKind } : {}),
      ...(query.targetId ? { targetId: query.targetId } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(from ? { from } : {}),
      // To the end of that Japan day: before the next one starts.
      ...(to ? { until: new Date(to.getTime() + DAY_MS) } : {}),
      ...(query.after ? { after: parseAuditCursor(query.after) ?? undefined } : {}),
      limit: query.limit ?? AUDIT_PAGE_SIZE.default,
    })
    return ok(request, {
      entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      next: page.next ? auditCursor(page.next.at, page.next.id) : null,
    })
  })
}
