import { z } from 'zod'

/**
 * Every error the API can answer, with its HTTP status. Codes are stable: clients (the web app and
 * the native apps) map them to Japanese messages; the `message` field is for developers only.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  SEAL_ID_MALFORMED: 400,
  BOOTH_META_INVALID: 400,
  IMAGE_INVALID: 400,
  IMAGE_MISSING: 400,
  MAIL_ADDRESS_INVALID: 400,
  PASSWORD_INVALID: 400,
  VERIFICATION_CODE_WRONG: 400,
  POLICY_KIND_UNKNOWN: 400,
  POLICY_VERSION_UNKNOWN: 400,
  POLICY_AGREEMENT_INCOMPLETE: 400,
  AUTH_REQUEST_INVALID: 400,
  REDIRECT_URI_INVALID: 400,
  AUTH_STATE_INVALID: 400,
  UNAUTHENTICATED: 401,
  MACHINE_KEY_INVALID: 401,
  LOGIN_FAILED: 401,
  CSRF_REJECTED: 403,
  FORBIDDEN: 403,
  MACHINE_MISMATCH: 403,
  ACCOUNT_SUSPENDED: 403,
  ALREADY_SIGNED_IN: 403,
  AUTH_CANCELLED: 403,
  NOT_FOUND: 404,
  SEAL_NOT_FOUND: 404,
  TIME_TRAVEL_DISABLED: 404,
  VERIFICATION_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  MAIL_ADDRESS_TAKEN: 409,
  VERIFICATION_INCOMPLETE: 409,
  POLICY_VERSION_OUTDATED: 409,
  IDENTITY_TAKEN: 409,
  PROVIDER_ALREADY_LINKED: 409,
  SEAL_EXPIRED: 410,
  VERIFICATION_EXPIRED: 410,
  AUTH_STATE_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  // Profile and leaving (issue 3)
  NICKNAME_INVALID: 400,
  BIRTHDAY_INVALID: 400,
  CONFIRMATION_REQUIRED: 400,
  PASSWORD_WRONG: 403,
  SNS_RESTRICTED: 403,
  OFFICIAL_ACCOUNT_CANNOT_LEAVE: 403,
  PREMIUM_ACTIVE: 409,
  IMAGE_FORMAT_UNSUPPORTED: 415,
  // Puri-getting penalties (issue 4): YELLOW answers Retry-After; RED lasts until an operator clears it
  PURIGET_PENALTY_RED: 403,
  PURIGET_PENALTY_YELLOW: 429,
  // Saving (issue 4)
  SEAL_FULL: 409,
  INTERNAL_ERROR: 500,
  AUTH_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  AUTH_SERVICE_UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]

export const errorCodeSchema = z.enum(errorCodes)

export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
})

export type ApiError = z.infer<typeof apiErrorSchema>
