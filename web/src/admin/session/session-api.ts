import {
  adminSessionApi,
  type OperatorSignInBody,
  type SignedInOperator,
} from '@puribox/contract/admin-session'
import type { ErrorCode } from '@puribox/contract/errors'
import { ApiError } from '../../lib/api-client'
import { callConsoleApi } from '../api'

export type { OperatorSignInBody, SignedInOperator } from '@puribox/contract/admin-session'

/** The query of who is signed in to the console; null while nobody is. */
export const SESSION_QUERY_KEY = ['admin', 'session'] as const

/** A sign-in refused (any part wrong): a 401 too, but no session that ended. */
export const SIGN_IN_FAILED = 'OPERATOR_SIGN_IN_FAILED' satisfies ErrorCode

/** Whether an error says the operator's session is over (or never was): 401 to anything but signing in. */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code !== SIGN_IN_FAILED
}

/** Who is signed in to the console in this browser, or null when nobody is. */
export async function readSignedInOperator(signal?: AbortSignal): Promise<SignedInOperator | null> {
  try {
    return await callConsoleApi(adminSessionApi.operatorSession, { signal })
  } catch (error) {
    if (endsSession(error)) return null
    throw error
  }
}

/** Signs in with a password and a code from the authenticator app, or a recovery code. */
export function signIn(body: OperatorSignInBody): Promise<SignedInOperator> {
  return callConsoleApi(adminSessionApi.operatorSignIn, { body })
}

/** Ends this browser's console session; one already over counts as ended. */
export async function signOut(): Promise<void> {
  try {
    await callConsoleApi(adminSessionApi.operatorSignOut)
  } catch (error) {
    if (!endsSession(error)) throw error
  }
}
