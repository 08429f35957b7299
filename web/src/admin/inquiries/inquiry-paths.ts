import {
  INQUIRY_ADMIN_LIMITS,
  INQUIRY_STATES,
  type InquiryState,
  inquiryListQuerySchema,
  normalizeReferenceNumber,
} from '@puribox/contract/admin-inquiries'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { INQUIRIES_PATH, withQuery } from '../paths'
import { t } from './i18n'

/** The inbox: the area's first screen; its filters are the address's query. */
export const INBOX_PATH = INQUIRIES_PATH

/** An inquiry's page: what the person sent, the replies and notes, and what support does with it. */
export const inquiryPath = (inquiryId: string) => `${INQUIRIES_PATH}/${encodeURIComponent(inquiryId)}`

/** The patterns of the area's screens, as wouter matches them. */
export const INQUIRY_ROUTES = {
  inbox: INBOX_PATH,
  inquiry: `${INQUIRIES_PATH}/:inquiryId`,
} as const

/**
 * The inbox's filters, in the order the address names them: the state is the tabs', the others the
 * form's (`order` too: the longest waiting first unless it says `newest`).
 */
export const INBOX_FILTERS = [
  'state',
  'assignee',
  'topic',
  'referenceNumber',
  'mailAddress',
  'order',
] as const
export type InboxFilter = (typeof INBOX_FILTERS)[number]

/** The fields of the filters' form: every filter but the state, which the tabs choose. */
export const INBOX_FORM_FIELDS = ['assignee', 'topic', 'referenceNumber', 'mailAddress', 'order'] as const
export type InboxFormField = (typeof INBOX_FORM_FIELDS)[number]

/** The filters in force: only what has a value (trimmed), as the address and the request carry it. */
export type InboxFilters = Partial<Record<InboxFilter, string>>

/**
 * The filters of a form's values or an address's query: each trimmed, the empty ones left out, a
 * reference number as the person may have typed it made the printed one, the default order left out.
 */
export function inboxFiltersOf(read: (name: InboxFilter) => string | null): InboxFilters {
  const filters: InboxFilters = {}
  for (const name of INBOX_FILTERS) {
    let value = read(name)?.trim()
    if (name === 'referenceNumber' && value) value = normalizeReferenceNumber(value)
    if (name === 'order' && value === 'oldest') continue
    if (value) filters[name] = value
  }
  return filters
}

/** The filters an address's query (`useSearch()`) holds. */
export function inboxFiltersOfSearch(search: string): InboxFilters {
  const params = new URLSearchParams(search)
  return inboxFiltersOf((name) => params.get(name))
}

/** The inbox's address showing these filters: a link to it shows the same inquiries. */
export function inboxPath(filters: InboxFilters): string {
  return withQuery(INBOX_PATH, Object.fromEntries(INBOX_FILTERS.map((name) => [name, filters[name]])))
}

/** The filters but the state: what the tabs keep when they change it. */
export function withState(filters: InboxFilters, state: InquiryState | undefined): InboxFilters {
  const { state: _, ...rest } = filters
  return state ? { ...rest, state } : rest
}

export function isInquiryState(value: string | undefined): value is InquiryState {
  return (INQUIRY_STATES as readonly string[]).includes(value ?? '')
}

const MESSAGES: Record<InboxFilter, () => string> = {
  state: () => t('adminInquiries.inbox.filters.errors.state'),
  assignee: () => t('adminInquiries.inbox.filters.errors.assignee'),
  topic: () => t('adminInquiries.inbox.filters.errors.topic'),
  referenceNumber: () => t('adminInquiries.inbox.filters.errors.referenceNumber'),
  mailAddress: () =>
    t('adminInquiries.inbox.filters.errors.mailAddress', { max: INQUIRY_ADMIN_LIMITS.mailAddressMax }),
  order: () => t('adminInquiries.inbox.filters.errors.order'),
}

/**
 * What is wrong with the filters, field by field, in Japanese: the server's own rules (the contract's
 * query schema), checked before asking, so a mistyped address is told beside its field.
 */
export function inboxFilterErrors(filters: InboxFilters): FieldErrors<InboxFilter> {
  const errors: FieldErrors<InboxFilter> = {}
  const checked = inquiryListQuerySchema.safeParse(filters)
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field === 'string' && (INBOX_FILTERS as readonly string[]).includes(field)) {
      errors[field as InboxFilter] ??= MESSAGES[field as InboxFilter]()
    }
  }
  return errors
}
