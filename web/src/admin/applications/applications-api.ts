import {
  type AdminApplication,
  type AdminApplicationPage,
  type ApplicationApprove,
  type ApplicationReject,
  adminApplicationsApi,
} from '@puribox/contract/admin-applications'
import type { ApplicationState, CertificateSlot } from '@puribox/contract/jhs-free'
import { ApiError, readAnswer, type WithClock } from '../../lib/api-client'
import { type ConsoleRoute, callConsoleApi } from '../api'

const api = adminApplicationsApi

/** Every answer of the area: one prefix, so a review asks every screen of it again. */
export const APPLICATIONS_QUERY_KEY = ['admin', 'applications'] as const
export const queueQueryKey = (state: ApplicationState | undefined) =>
  [...APPLICATIONS_QUERY_KEY, 'queue', state ?? 'all'] as const
export const applicationQueryKey = (applicationId: string) =>
  [...APPLICATIONS_QUERY_KEY, 'application', applicationId] as const

/** The route with its path's `:name` parts filled in (each encoded). */
function at<R extends { path: string }>(route: R, params: Readonly<Record<string, string>>): R {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`)
    return encodeURIComponent(value)
  })
  return { ...route, path }
}

/** A page of the queue (waiting ones first, the longest waiting first), from `after` (the previous page's `next`). */
export function readApplications(
  state: ApplicationState | undefined,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminApplicationPage> {
  return callConsoleApi(api.adminApplications, { query: { state, after }, signal })
}

export function readApplication(
  applicationId: string,
  signal?: AbortSignal,
): Promise<WithClock<AdminApplication>> {
  return callConsoleApi(at(api.adminApplication, { applicationId }), { signal })
}

export function approveApplication(
  applicationId: string,
  body: ApplicationApprove,
): Promise<WithClock<AdminApplication>> {
  return callConsoleApi(at(api.adminApplicationApprove, { applicationId }), { body })
}

export function rejectApplication(
  applicationId: string,
  body: ApplicationReject,
): Promise<WithClock<AdminApplication>> {
  return callConsoleApi(at(api.adminApplicationReject, { applicationId }), { body })
}

/** As api.ts reads a console answer: the wrapper, its error codes and its clock. */
const readRefusal = readAnswer as unknown as (request: Promise<Response>) => Promise<unknown>

/**
 * One certificate picture, as the applicant sent it. The server records the opening in the audit
 * log before it answers, so this is asked only when the operator chose to see the picture. A
 * refusal comes as the wrapper and throws ApiError (its code) as callConsoleApi does.
 */
export async function readCertificate(applicationId: string, slot: CertificateSlot): Promise<Blob> {
  const route: Pick<ConsoleRoute, 'path'> = at(api.adminApplicationCertificate, { applicationId, slot })
  let response: Response
  try {
    response = await fetch(route.path, { credentials: 'include' })
  } catch (cause) {
    throw new ApiError('NETWORK', 0, String(cause))
  }
  const type = response.headers.get('content-type') ?? ''
  if (response.ok && !type.startsWith('application/json')) return response.blob()
  await readRefusal(Promise.resolve(response))
  throw new ApiError('BAD_RESPONSE', response.status, `No picture (HTTP ${response.status})`)
}
