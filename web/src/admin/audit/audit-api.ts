import { type AuditPageView, adminAuditApi } from '@puribox/contract/admin-audit'
import { callConsoleApi } from '../api'
import type { AuditFilters } from './audit-filters'

export type { AuditEntryView, AuditPageView } from '@puribox/contract/admin-audit'

/** The query of the audit log's pages under these filters. */
export const auditQueryKey = (filters: AuditFilters) => ['admin', 'audit', filters] as const

/** A page of the log under the filters, newest first, from `after` (the previous page's `next`). */
export function readAuditPage(
  filters: AuditFilters,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AuditPageView> {
  return callConsoleApi(adminAuditApi.auditLog, { query: { ...filters, after }, signal })
}
