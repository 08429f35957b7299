import { z } from 'zod'
import { mailAddressSchema, passwordSchema } from './auth'
import { EVERYONE, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * Signing in to the operators' console (decisions 0069 and 0070): a mail address, a password and,
 * every time, the code of the operator's authenticator app (TOTP, 6 digits, a new one every 30
 * seconds) or one of their ten recovery codes. The console's session has a cookie of its own; a
 * member's session never makes anyone an operator.
 */

export const OPERATOR_SIGN_IN_RULES = {
  /** Digits of an authenticator app's code. */
  totpDigits: 6,
  /** Characters of a recovery code, without its hyphen (`XXXXX-XXXXX`). */
  recoveryCodeLength: 10,
  /** The console's session ends after this long without a request. */
  idleMinutes: 30,
  /** And after this long in any case: the operator signs in again. */
  absoluteHours: 12,
} as const

/** The signed-in operator, as the console shows them. */
export const operatorSchema = z.object({
  id: z.uuid(),
  mailAddress: z.string(),
  role: z
    .enum(OPERATORS)
    .describe('VIEWER, SUPPORT, EDITOR or ADMIN; each may do what the ones before it may.'),
})

export type SignedInOperator = z.infer<typeof operatorSchema>

export const operatorSignInBodySchema = z.object({
  mailAddress: mailAddressSchema,
  password: passwordSchema,
  code: z
    .string()
    .max(100)
    .describe(
      "The 6 digits the operator's authenticator app shows now, or one of their recovery codes (`XXXXX-XXXXX`; hyphens, spaces and case do not matter). Each is accepted once.",
    ),
})

export type OperatorSignInBody = z.infer<typeof operatorSignInBodySchema>

export const operatorResponse = wrapped(operatorSchema)
export const operatorSignedOutResponse = wrapped(z.object({ signedOut: z.literal(true) }))

/** The console's session: signing in and out, and who is signed in. */
export const adminSessionApi = {
  operatorSignIn: route({
    method: 'POST',
    path: '/admin/api/session',
    // Anyone may try; a member's own session is neither needed nor used.
    roles: EVERYONE,
    tag: 'admin',
    summary: 'Signs an operator in to the console with mail address, password and a code.',
    description:
      "OPERATOR_SIGN_IN_FAILED for an unknown address, a wrong password, a wrong or already used code and a disabled operator alike. Failures are limited per operator and per client address apart (RATE_LIMITED, Retry-After); a browser the operator signed in from before is held only by its own failures. The console's session cookie is replaced.",
    errors: ['OPERATOR_SIGN_IN_FAILED', 'RATE_LIMITED'],
    body: operatorSignInBodySchema,
    response: operatorResponse,
  }),
  operatorSession: route({
    method: 'GET',
    path: '/admin/api/session',
    roles: OPERATORS,
    tag: 'admin',
    summary: 'The operator signed in to the console (OPERATOR_UNAUTHENTICATED when nobody is).',
    response: operatorResponse,
  }),
  operatorSignOut: route({
    method: 'DELETE',
    path: '/admin/api/session',
    roles: OPERATORS,
    tag: 'admin',
    summary: "Signs the operator out: the console's session ends and its cookie is cleared.",
    response: operatorSignedOutResponse,
  }),
}
