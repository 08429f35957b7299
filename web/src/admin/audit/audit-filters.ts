import { auditSearchQuerySchema } from '@puribox/contract/admin-audit'
import { japanDayStart } from '@puribox/contract/admin-numbers'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { t } from '../i18n'
import { AUDIT_PATH, withQuery } from '../paths'

/** The audit log's filters, in the order the form shows them and the address names them. */
export const AUDIT_FILTERS = ['operatorId', 'targetKind', 'targetId', 'action', 'from', 'to'] as const
export type AuditFilter = (typeof AUDIT_FILTERS)[number]

/** The filters in force: only those with a value (trimmed), as the address and the request carry them. */
export type AuditFilters = Partial<Record<AuditFilter, string>>

/** The filters of a form's values or an address's query: each trimmed, the empty ones left out. */
export function auditFiltersOf(read: (name: AuditFilter) => string | null): AuditFilters {
  const filters: AuditFilters = {}
  for (const name of AUDIT_FILTERS) {
    const value = read(name)?.trim()
    if (value) filters[name] = value
  }
  return filters
}

/** The filters an address's query (`useSearch()`) holds. */
export function auditFiltersOfSearch(search: string): AuditFilters {
  const params = new URLSearchParams(search)
  return auditFiltersOf((name) => params.get(name))
}

/** The audit log's address showing these filters: a link to it shows the same entries. */
export function auditPath(filters: AuditFilters): string {
  return withQuery(AUDIT_PATH, Object.fromEntries(AUDIT_FILTERS.map((name) => [name, filters[name]])))
}

const isDay = (value: string) => japanDayStart(value) !== null

/**
 * What is wrong with the filters, field by field, in Japanese: the server's own rules (the contract's
 * query schema), checked before asking, so a mistyped address or field is told beside its field
 * rather than as a refused request.
 */
export function auditFilterErrors(filters: AuditFilters): FieldErrors<AuditFilter> {
  const errors: FieldErrors<AuditFilter> = {}
  const checked = auditSearchQuerySchema.safeParse(filters)
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field === 'string' && (AUDIT_FILTERS as readonly string[]).includes(field)) {
      errors[field as AuditFilter] ??= t(`admin.audit.errors.${field as AuditFilter}`)
    }
  }
  // Two real days the wrong way round (the schema says so only once every other filter is right):
  // the end is what to move.
  const { from, to } = filters
  if (from !== undefined && to !== undefined && isDay(from) && isDay(to)) {
    if (from > to) errors.to = t('admin.audit.errors.reversed')
    else delete errors.to
  }
  return errors
}
