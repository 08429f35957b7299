import {
  type AdminInquiry,
  type AdminInquiryPage,
  adminInquiriesApi,
  type InquiryAssign,
  type InquiryAssignees,
  type InquiryNoteBody,
  type InquiryReplyBody,
  type InquiryStateChange,
} from '@puribox/contract/admin-inquiries'
import { type ConsoleRoute, callConsoleApi } from '../api'
import type { InboxFilters } from './inquiry-paths'

const api = adminInquiriesApi

/** Every answer of the area: one prefix, so a change asks every screen of it again. */
export const INQUIRIES_QUERY_KEY = ['admin', 'inquiries'] as const
export const inboxQueryKey = (filters: InboxFilters) => [...INQUIRIES_QUERY_KEY, 'inbox', filters] as const
export const assigneesQueryKey = [...INQUIRIES_QUERY_KEY, 'assignees'] as const
export const inquiryQueryKey = (inquiryId: string) => [...INQUIRIES_QUERY_KEY, 'inquiry', inquiryId] as const

/** The route with its path's `:name` parts filled in (each encoded). */
function at<R extends ConsoleRoute>(route: R, params: Readonly<Record<string, string>>): R {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`)
    return encodeURIComponent(value)
  })
  return { ...route, path }
}

/** A page of the inbox with these filters, from `after` (the previous page's `next`). */
export function readInbox(
  filters: InboxFilters,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminInquiryPage> {
  return callConsoleApi(api.adminInquiries, { query: { ...filters, after }, signal })
}

/** The operators an inquiry may be given to, by mail address. */
export function readAssignees(signal?: AbortSignal): Promise<InquiryAssignees> {
  return callConsoleApi(api.adminInquiryAssignees, { signal })
}

export function readInquiry(inquiryId: string, signal?: AbortSignal): Promise<AdminInquiry> {
  return callConsoleApi(at(api.adminInquiry, { inquiryId }), { signal })
}

export function assignInquiry(inquiryId: string, body: InquiryAssign): Promise<AdminInquiry> {
  return callConsoleApi(at(api.adminInquiryAssign, { inquiryId }), { body })
}

export function setInquiryState(inquiryId: string, body: InquiryStateChange): Promise<AdminInquiry> {
  return callConsoleApi(at(api.adminInquiryState, { inquiryId }), { body })
}

/** Mails the reply; the answer is the inquiry with it kept (the server keeps it only once mailed). */
export function replyToInquiry(inquiryId: string, body: InquiryReplyBody): Promise<AdminInquiry> {
  return callConsoleApi(at(api.adminInquiryReply, { inquiryId }), { body })
}

export function addInquiryNote(inquiryId: string, body: InquiryNoteBody): Promise<AdminInquiry> {
  return callConsoleApi(at(api.adminInquiryNote, { inquiryId }), { body })
}
