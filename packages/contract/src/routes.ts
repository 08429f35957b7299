import type { z } from 'zod'
import { accessResponse } from './access'
import { accountStatusResponse } from './account'
import { accountDeletionBodySchema, accountDeletionCheckResponse } from './account-deletion'
import {
  adListQuerySchema,
  adListResponse,
  adPictureParamsSchema,
  adReactionBodySchema,
  adReactionParamsSchema,
  adReactionResponse,
  adTokenResponse,
  staticDataQuerySchema,
  staticDataResponse,
} from './ads'
import { apiPaths } from './api-paths'
import type { ApiTag } from './api-tags'
import {
  auditionCheckParamsSchema,
  auditionCheckResponse,
  auditionParamsSchema,
  auditionStartedResponse,
  auditionsResponse,
  consentTokenBodySchema,
  guardianConsentAnswerBodySchema,
  guardianConsentAnsweredResponse,
  guardianConsentBodySchema,
  guardianConsentRequestResponse,
  guardianConsentResponse,
} from './auditions'
import {
  afterSignInQuerySchema,
  loginBodySchema,
  passwordResetParamsSchema,
  passwordResetSentResponse,
  passwordResetVerifiedResponse,
  registerBodySchema,
  registerMailAddressBodySchema,
  registerMailFormBodySchema,
  registrationMailBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationMailBodySchema,
  validateEmailParametersBodySchema,
  validEmailParametersResponse,
  verificationParamsSchema,
  verificationSentResponse,
  verifiedResponse,
  verifyCodeBodySchema,
  verifyLinkBodySchema,
  verifyPasswordResetCodeBodySchema,
  verifyPasswordResetLinkBodySchema,
} from './auth'
import { bannerParamsSchema, bannerResponse } from './banners'
import { blogPostsQuerySchema, blogPostsResponse } from './blog'
import { boothPlayPartsSchema, boothPlayResultSchema } from './booth'
import { couponTicketParamsSchema, couponTicketsResponse, couponTicketUseResponse } from './coupons'
import { timeTravelBodySchema, timeTravelResponse } from './debug'
import { dynamicLinksResponse } from './dynamic-links'
import type { ErrorCode } from './errors'
import {
  carrierAuthQuerySchema,
  declinedRecommendationResponse,
  declineRecommendationBodySchema,
  externalAuthCallbackQuerySchema,
  externalIdentitiesResponse,
  lineLinkQuerySchema,
  lineRegistrationQuerySchema,
  lineRegistrationValidatedResponse,
  lineRegistrationValidateQuerySchema,
  signInQuerySchema,
  skipRecommendationQuerySchema,
} from './external-auth-api'
import { helpDocumentQuerySchema, helpDocumentSchema } from './help'
import { informationParamsSchema, informationQuerySchema, informationResponse } from './information'
import {
  inquiryBodySchema,
  inquiryCheckBodySchema,
  inquiryCheckResponse,
  inquirySentResponse,
} from './inquiries'
import {
  certificateUploadResponse,
  JHS_LIMITS,
  jhsApplicationResponse,
  jhsApplyBodySchema,
  jhsDebugReviewBodySchema,
  jhsStateResponse,
  startUploadBodySchema,
  uploadChunkQuerySchema,
  uploadParamsSchema,
  uploadRemovedResponse,
} from './jhs-free'
import {
  machineModelDetailResponse,
  machineModelParamsSchema,
  machineModelsQuerySchema,
  machineModelsResponse,
  machineSampleParamsSchema,
  shopCitiesQuerySchema,
  shopCitiesResponse,
  shopSearchQuerySchema,
  shopSearchResponse,
} from './machines'
import {
  playZipParamsSchema,
  savedImageParamsSchema,
  savedPlaysQuerySchema,
  savedPlaysResponse,
} from './mypage'
import { newsQuerySchema, newsReadParamsSchema, newsReadResponse, newsResponse } from './news'
import {
  cancellationResponse,
  flowParamsSchema,
  flowResponse,
  notificationAckResponse,
  paymentSelfResponse,
  redirectResponse,
  resumptionResponse,
  startSubscriptionBodySchema,
  subscriptionParamsSchema,
  subscriptionResponse,
  trialResponse,
  unsubscribableResponse,
  withdrawalQuerySchema,
} from './payments-api'
import { agreePoliciesBodySchema, latestPoliciesResponse, policyStatusesResponse } from './policies'
import {
  profileImageParamsSchema,
  profileImagePartsSchema,
  profileResponse,
  profileSavePartsSchema,
  profileSummaryResponse,
  profileUpdateBodySchema,
} from './profile'
import {
  sealRegistrationResponse,
  unsavedImageParamsSchema,
  unsavedImageQuerySchema,
  unsavedListQuerySchema,
  unsavedPageResponse,
  unsavedSummaryResponse,
} from './saving'
import { puriThumbQuerySchema, sealLookupQuerySchema, sealParamsSchema, sealResponse } from './seals'
import { signedInSessionsResponse } from './sessions'
import { wrapped } from './wrapper'

/**
 * Who may call a route. MACHINE is a booth authenticated by its machine key; GATEWAY the payment
 * gateway, authenticated by the signature of what it sends. VIEWER, SUPPORT, EDITOR and ADMIN are
 * operators (`ConsoleRole`), known by the console's own cookie, never by a member's session
 * (decision 0069). The server gives each role a caller (`server/src/http/caller.ts`): a new role is
 * added here and there, and nowhere else.
 */
export type Role = 'GUEST' | 'MINI' | 'PREMIUM' | 'JHS_PREMIUM' | 'MACHINE' | 'GATEWAY' | ConsoleRole
// Tuples, not Role[]: the server computes the type of a route's caller from its roles.
export const EVERYONE = ['GUEST', 'MINI', 'PREMIUM', 'JHS_PREMIUM'] as const satisfies readonly Role[]
export const GUESTS = ['GUEST'] as const satisfies readonly Role[]
export const MEMBERS = ['MINI', 'PREMIUM', 'JHS_PREMIUM'] as const satisfies readonly Role[]

/**
 * An operator's role in the console. The roles are lanes, not a ladder (decision 0074): VIEWER reads
 * with personal data masked; SUPPORT handles people's cases (members, penalties, inquiries,
 * applications, reported seals) and reads personal data; EDITOR writes content and registers booths,
 * reading the rest as a viewer does; ADMIN does everything, operators and machine keys included.
 */
export type ConsoleRole = 'VIEWER' | 'SUPPORT' | 'EDITOR' | 'ADMIN'
/** Every operator, whatever their role. */
export const OPERATORS = ['VIEWER', 'SUPPORT', 'EDITOR', 'ADMIN'] as const satisfies readonly ConsoleRole[]
/** Those who write content (news, banners, help…) and register booths. */
export const EDITORS = ['EDITOR', 'ADMIN'] as const satisfies readonly ConsoleRole[]
export const ADMINS = ['ADMIN'] as const satisfies readonly ConsoleRole[]

export function isConsoleRole(role: Role): role is ConsoleRole {
  return (OPERATORS as readonly Role[]).includes(role)
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface ApiRoute {
  method: HttpMethod
  /** Fastify-style path (`:id`); the spec writes `{id}`. */
  path: string
  roles: readonly Role[]
  /**
   * The area of the API the route belongs to: its tag in the OpenAPI document (`api-tags.ts`);
   * `admin` for the operators' console, whose routes (`admin-api.ts`) are not in that document.
   */
  tag: ApiTag | 'admin'
  /** What the route does, in one sentence. */
  summary: string
  /** What one sentence cannot say (the rules behind its errors, what a redirect carries), for the OpenAPI document. */
  description?: string
  /**
   * The error codes the route's own rules can answer. The ones every route of its kind can answer
   * (validation, the role guard, CSRF, a booth's key or the gateway's signature, 500) are added by
   * `errorCodesOf` (`openapi.ts`); the role walk and the contract fuzz fail on a code a route answers
   * that is in neither.
   */
  errors?: readonly ErrorCode[]
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The JSON answer; absent for routes that answer with a file or a redirect. */
  response?: z.ZodType
  /**
   * Answers this JSON document as a static file: not the wrapper, the same for every caller, with an
   * ETag and a cache lifetime (static data: help, docs/guide/ground-rules.md). Its failures are still the wrapper.
   */
  staticJson?: z.ZodType
  /** Answers with a redirect of this status (a page a browser opens) instead of JSON. */
  redirect?: 302 | 303
  /** Answers with a file of one of these media types instead of JSON. */
  file?: readonly string[]
  /** The file (or the static JSON) has an ETag: `If-None-Match` with it gets 304 Not Modified. */
  etag?: true
  /** The multipart/form-data fields the route reads itself (no schema validates them), for the OpenAPI document. */
  multipart?: z.ZodType
  /** The body is raw bytes (`application/octet-stream`) the route reads itself, at most this many. */
  octetStream?: { maxBytes: number }
  /**
   * Also takes a plain HTML form post (application/x-www-form-urlencoded, before the app's
   * JavaScript has arrived): no X-Requested-With then, so a same-origin Origin is required instead.
   */
  form?: true
  /** Also needs the caller's ad token as `Authorization: Bearer` (decision 0041), besides the session. */
  adToken?: true
}

/** A route of a table, its literal method, path and roles kept (the server types its caller by them). */
export function route<const R extends ApiRoute>(definition: R): R {
  return definition
}

const PURIGET_PENALTIES = ['PURIGET_PENALTY_RED', 'PURIGET_PENALTY_YELLOW'] as const
/** A seal looked up by a typed ID (`SealService.lookUpSeal`): the seal view, its previews and saving. */
const SEAL_LOOKUP_ERRORS = [
  'SEAL_ID_MALFORMED',
  'SEAL_NOT_FOUND',
  'SEAL_EXPIRED',
  'SEAL_HIDDEN',
  ...PURIGET_PENALTIES,
] as const
/** The seal lookups that say where they came from are counted (decision 0043). */
const FROM_COUNTED =
  'With `from`, a lookup that finds a live seal is counted for the statistics, per day (Japan time) and source; the count never fails or slows the request.'
const PURIGET_PENALTY_RULES =
  "A person's lookups count towards the puri-getting penalty (decision 0034); an unknown seal ID counts once in its window, however often it is asked for. A member counts by account: 10 unknown IDs in an hour refuse lookups for an hour with PURIGET_PENALTY_YELLOW (429, Retry-After), and 30 in a day (or an operator) give PURIGET_PENALTY_RED (403) until an operator clears it. A guest counts by browser (the `pbx_puriget` cookie, set with the first unknown ID; 10 in an hour) and by client address (100 in an hour, every guest there together); members are never held by their address. SEAL_NOT_FOUND and the penalties carry `error.penalty`: the tries left, and when a pause ends."
const GATEWAY_ERRORS = ['PAYMENT_REFUSED', 'PAYMENT_GATEWAY_UNAVAILABLE'] as const
const AD_TOKEN_RULES =
  "Needs the caller's ad token as `Authorization: Bearer <token>` (adToken): a member's is bound to the session, a guest's names a viewer; another's, or none, is AD_TOKEN_INVALID (decision 0041)."
const TIME_TRAVEL_ONLY =
  'Only on a server running with TIME_TRAVEL=on (never production); otherwise TIME_TRAVEL_DISABLED.'
const PROFILE_EDIT_ERRORS = ['ACCOUNT_SUSPENDED', 'SNS_RESTRICTED'] as const
const SIGN_IN_REDIRECT =
  'A full-page route: the auth service comes back to the callback (externalAuthCallback), which ends on the return path; a failure ends on /web/login/fail?reason=<CODE> (one of EXTERNAL_AUTH_FAILURES). `agreed=<kind>:<version>` (once per policy) carries the policies agreed on the page that started it; they are recorded when the trip ends signed in (with a new account in the same transaction), unless they are not every kind in its latest version or the request came from another site.'
const LINK_REDIRECT =
  'A full-page route: ends on `acp` after success (with `linked=line`), on `alp` with `reason=<CODE>` after a failure; both are paths under /sp/ or /web/ (the settings page when absent).'

/** Every API route of PuriBox. The server registers exactly these; the web client calls only these. */
export const api = {
  accountSelf: route({
    ...apiPaths.accountSelf,
    roles: EVERYONE,
    tag: 'accounts',
    summary: 'The account status of the caller (a guest gets account null and membershipStatus GUEST).',
    response: accountStatusResponse,
  }),
  userAccess: route({
    ...apiPaths.userAccess,
    roles: EVERYONE,
    tag: 'accounts',
    summary: 'The carrier of the connection and whether the caller is the native app.',
    response: accessResponse,
  }),
  seal: route({
    ...apiPaths.seal,
    roles: EVERYONE,
    tag: 'seals',
    summary: 'A seal set (the pictures of one booth play) by its seal ID.',
    description: `A member also sees, per puri, whether they may save it. ${FROM_COUNTED} ${PURIGET_PENALTY_RULES}`,
    errors: SEAL_LOOKUP_ERRORS,
    params: sealParamsSchema,
    query: sealLookupQuerySchema,
    response: sealResponse,
  }),
  puriPreviewImage: route({
    ...apiPaths.puriPreviewImage,
    roles: EVERYONE,
    tag: 'seals',
    summary: 'The watermarked preview (JPEG) of one puri of a seal.',
    description: `The seal is looked up as the seal view does, so an unknown seal (SEAL_NOT_FOUND) counts towards the penalty; a number the seal does not have is NOT_FOUND and does not count. \`padding=1\` letterboxes it to a square. ${PURIGET_PENALTY_RULES}`,
    errors: [...SEAL_LOOKUP_ERRORS, 'NOT_FOUND'],
    query: puriThumbQuerySchema,
    file: ['image/jpeg'],
  }),
  timeTravelGet: route({
    ...apiPaths.timeTravelGet,
    roles: EVERYONE,
    tag: 'debug',
    summary: 'The time travel of this session.',
    description: TIME_TRAVEL_ONLY,
    errors: ['TIME_TRAVEL_DISABLED'],
    response: timeTravelResponse,
  }),
  timeTravelSet: route({
    ...apiPaths.timeTravelSet,
    roles: EVERYONE,
    tag: 'debug',
    summary: 'Sets "now" for this session.',
    description: `Every answer to this session then carries \`clock\`. ${TIME_TRAVEL_ONLY}`,
    errors: ['TIME_TRAVEL_DISABLED'],
    body: timeTravelBodySchema,
    response: timeTravelResponse,
  }),
  timeTravelClear: route({
    ...apiPaths.timeTravelClear,
    roles: EVERYONE,
    tag: 'debug',
    summary: 'Goes back to the real time for this session.',
    description: TIME_TRAVEL_ONLY,
    errors: ['TIME_TRAVEL_DISABLED'],
    response: timeTravelResponse,
  }),
  boothPlay: route({
    ...apiPaths.boothPlay,
    roles: ['MACHINE'],
    tag: 'booth',
    summary: 'A booth pushes one play and gets its seal ID and the get address to print as a QR code.',
    description:
      'Multipart: a `meta` field (JSON: `shotAt`, `puris`, and optionally `machineId`, which must be the machine the key belongs to) and one picture `puri-<number>` per puri of `meta`. The machine key is checked before the body is read; every picture is checked by content before anything is stored.',
    errors: ['MACHINE_MISMATCH', 'BOOTH_META_INVALID', 'IMAGE_MISSING', 'IMAGE_INVALID'],
    multipart: boothPlayPartsSchema,
    response: wrapped(boothPlayResultSchema),
  }),
  sendVerificationMail: route({
    ...apiPaths.sendVerificationMail,
    roles: GUESTS,
    tag: 'auth',
    summary: 'Registration, step 1: sends a mail with a 6-digit code and a link to the address.',
    description:
      'The same answer whether or not the address has an account (an address with one is told so by mail). Limited per client address and per mail address (RATE_LIMITED, Retry-After).',
    errors: ['MAIL_ADDRESS_INVALID', 'RATE_LIMITED'],
    body: registrationMailBodySchema,
    response: verificationSentResponse,
  }),
  verifyCode: route({
    ...apiPaths.verifyCode,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Registration, step 2: the code from the mail proves the address for this session.',
    description:
      'Starts a session when there is none: only the session that proved the address may then register with it. Too many wrong codes use the verification up (VERIFICATION_EXPIRED).',
    errors: ['VERIFICATION_NOT_FOUND', 'VERIFICATION_EXPIRED', 'VERIFICATION_CODE_WRONG'],
    body: verifyCodeBodySchema,
    response: verifiedResponse,
  }),
  verifyLink: route({
    ...apiPaths.verifyLink,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Registration, step 2 by the link in the mail (its id and token).',
    description: 'Starts a session when there is none, as verifyCode does.',
    errors: ['VERIFICATION_NOT_FOUND', 'VERIFICATION_EXPIRED'],
    params: verificationParamsSchema,
    body: verifyLinkBodySchema,
    response: verifiedResponse,
  }),
  register: route({
    ...apiPaths.register,
    roles: GUESTS,
    tag: 'auth',
    summary: 'Registration, step 3: a free (MINI) account with a password, signed in at once.',
    description:
      "`policies` (optional): the policies agreed to on this step, as POST /sp/2/users/self/privacy_policy_statuses takes them (every kind, each in its latest version, from latestPolicies); recorded with the account, so afterRegister has nothing more to ask. A wrong agreement gets that route's error codes and makes nothing. Without it the account is made as before, and afterRegister sends the new member to the agreement page.",
    errors: [
      'VERIFICATION_NOT_FOUND',
      'VERIFICATION_EXPIRED',
      'VERIFICATION_INCOMPLETE',
      'PASSWORD_INVALID',
      'MAIL_ADDRESS_TAKEN',
      'POLICY_KIND_UNKNOWN',
      'POLICY_AGREEMENT_INCOMPLETE',
      'POLICY_VERSION_UNKNOWN',
      'POLICY_VERSION_OUTDATED',
    ],
    body: registerBodySchema,
    response: accountStatusResponse,
  }),
  startMailVerification: route({
    ...apiPaths.startMailVerification,
    roles: MEMBERS,
    tag: 'auth',
    summary: 'A member adds or changes their mail address: sends the code and link mail.',
    description:
      'Then verifyCode or verifyLink, then registerMailAddress. Limited as sendVerificationMail is (RATE_LIMITED, Retry-After).',
    errors: ['MAIL_ADDRESS_INVALID', 'RATE_LIMITED'],
    body: sendVerificationMailBodySchema,
    response: verificationSentResponse,
  }),
  registerMailAddress: route({
    ...apiPaths.registerMailAddress,
    roles: MEMBERS,
    tag: 'auth',
    summary: "Gives the member's account the address this session proved.",
    description: 'An account without a password (made by LINE, Twitter or a carrier) chooses one now.',
    errors: [
      'VERIFICATION_NOT_FOUND',
      'VERIFICATION_EXPIRED',
      'VERIFICATION_INCOMPLETE',
      'PASSWORD_INVALID',
      'MAIL_ADDRESS_TAKEN',
    ],
    body: registerMailAddressBodySchema,
    response: accountStatusResponse,
  }),
  validateEmailParameters: route({
    ...apiPaths.validateEmailParameters,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Checks a mail address before sending, answering its normalised form.',
    errors: ['MAIL_ADDRESS_INVALID'],
    body: validateEmailParametersBodySchema,
    response: validEmailParametersResponse,
  }),
  sendRegisterMailFromForm: route({
    ...apiPaths.sendRegisterMailFromForm,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Registration step 1 posted as a plain HTML form.',
    description:
      "For a browser whose JavaScript has not arrived: x-www-form-urlencoded without X-Requested-With, so a same-origin Origin (or Referer) is required. Redirects to the code step, or back to the form with `?error=<CODE>` (sendVerificationMail's codes, or ALREADY_SIGNED_IN).",
    body: registerMailFormBodySchema,
    form: true,
    redirect: 303,
  }),
  login: route({
    ...apiPaths.login,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Signs in with mail address and password.',
    description:
      'LOGIN_FAILED for an unknown address and a wrong password alike, in the same time. Limited per client address and per account (RATE_LIMITED, Retry-After). The session cookie is replaced.',
    errors: ['LOGIN_FAILED', 'ACCOUNT_SUSPENDED', 'RATE_LIMITED'],
    body: loginBodySchema,
    response: accountStatusResponse,
  }),
  logout: route({
    ...apiPaths.logout,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Signs out, ending the session (a guest gets the same answer).',
    response: accountStatusResponse,
  }),
  accountSessions: route({
    ...apiPaths.accountSessions,
    roles: MEMBERS,
    tag: 'auth',
    summary: 'Where the member is signed in: each session with its device, newest use first.',
    response: signedInSessionsResponse,
  }),
  logoutEverywhere: route({
    ...apiPaths.logoutEverywhere,
    roles: MEMBERS,
    tag: 'auth',
    summary: 'Signs the member out everywhere, this browser included.',
    description: 'Every session of the account ends; the answer is the guest status, as after signing out.',
    response: accountStatusResponse,
  }),
  // Password reset by mail (decision 0035): request, prove by the code or the link, choose a password.
  requestPasswordReset: route({
    ...apiPaths.requestPasswordReset,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Password reset, step 1: sends a mail with a 6-digit code and a link to the address.',
    description:
      'The same answer whether or not the address has an account with a password (such an address is told by mail how to sign in instead). The code and the link work for 30 minutes. Limited per client address and per mail address, and refused for a while after too many wrong codes for the address (RATE_LIMITED, Retry-After).',
    errors: ['MAIL_ADDRESS_INVALID', 'RATE_LIMITED'],
    body: requestPasswordResetBodySchema,
    response: passwordResetSentResponse,
  }),
  verifyPasswordResetCode: route({
    ...apiPaths.verifyPasswordResetCode,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Password reset, step 2: the code from the mail proves the reset for this session.',
    description:
      'Starts a session when there is none: only the session that proved the reset may then choose the password. The fifth wrong code locks the reset (PASSWORD_RESET_LOCKED); wrong codes also count per mail address, and too many in an hour refuse every code of the address for the rest of the hour (RATE_LIMITED, Retry-After).',
    errors: [
      'PASSWORD_RESET_NOT_FOUND',
      'PASSWORD_RESET_CODE_WRONG',
      'PASSWORD_RESET_EXPIRED',
      'PASSWORD_RESET_USED',
      'PASSWORD_RESET_LOCKED',
      'RATE_LIMITED',
    ],
    body: verifyPasswordResetCodeBodySchema,
    response: passwordResetVerifiedResponse,
  }),
  verifyPasswordResetLink: route({
    ...apiPaths.verifyPasswordResetLink,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Password reset, step 2 by the link in the mail (its id and token).',
    description:
      'In any browser: it proves the reset for the session that opens it, as verifyPasswordResetCode does; a wrong token counts as a wrong code.',
    errors: [
      'PASSWORD_RESET_NOT_FOUND',
      'PASSWORD_RESET_EXPIRED',
      'PASSWORD_RESET_USED',
      'PASSWORD_RESET_LOCKED',
      'RATE_LIMITED',
    ],
    params: passwordResetParamsSchema,
    body: verifyPasswordResetLinkBodySchema,
    response: passwordResetVerifiedResponse,
  }),
  resetPassword: route({
    ...apiPaths.resetPassword,
    roles: EVERYONE,
    tag: 'auth',
    summary:
      "Password reset, step 3: the account's new password; this browser is signed in, every other session ends.",
    description:
      'Only the session that proved the reset, within 30 minutes of proving it. The reset (and every other open reset of the account) cannot be used again; a mail tells the member the password changed. The session cookie is replaced.',
    errors: [
      'PASSWORD_RESET_NOT_FOUND',
      'PASSWORD_RESET_INCOMPLETE',
      'PASSWORD_RESET_EXPIRED',
      'PASSWORD_RESET_USED',
      'PASSWORD_INVALID',
      'ACCOUNT_SUSPENDED',
    ],
    body: resetPasswordBodySchema,
    response: accountStatusResponse,
  }),
  afterLogin: route({
    ...apiPaths.afterLogin,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Redirects after a sign-in to where the person goes next.',
    description:
      'Remembers the sign-in method (a cookie for the login page), sends a member who has not agreed to the latest policies to the agreement page first (with `reason=revised` when the member agreed to an earlier version), else to `next` (a same-origin path only). Without a member, to the login page.',
    query: afterSignInQuerySchema,
    redirect: 303,
  }),
  afterRegister: route({
    ...apiPaths.afterRegister,
    roles: EVERYONE,
    tag: 'auth',
    summary: 'Redirects after a registration, as afterLogin does.',
    description:
      'A new member who agreed to the policies while registering (the `policies` of register, the `agreed` of the LINE, Twitter and carrier routes) goes straight on; one who did not agrees first (`reason=registration`). The page it ends on gets `registered=1`, and says that the registration is complete.',
    query: afterSignInQuerySchema,
    redirect: 303,
  }),
  policyStatusesLatest: route({
    ...apiPaths.policyStatusesLatest,
    roles: MEMBERS,
    tag: 'policies',
    summary: 'The latest version of each policy and whether the caller agreed to it.',
    description: 'furyu: the privacy policy; puribox: the data-transmission contract.',
    response: policyStatusesResponse,
  }),
  latestPolicies: route({
    ...apiPaths.latestPolicies,
    roles: EVERYONE,
    tag: 'policies',
    summary: 'The latest version of each policy, for anyone: what a registration agrees to.',
    description:
      'furyu: the privacy policy; puribox: the data-transmission contract. Empty when nothing is published (nothing to agree to).',
    response: latestPoliciesResponse,
  }),
  agreePolicies: route({
    ...apiPaths.agreePolicies,
    roles: MEMBERS,
    tag: 'policies',
    summary: 'Agrees to the latest version of every policy kind at once, answering the statuses.',
    description: 'Agreeing again is harmless.',
    errors: [
      'POLICY_KIND_UNKNOWN',
      'POLICY_AGREEMENT_INCOMPLETE',
      'POLICY_VERSION_UNKNOWN',
      'POLICY_VERSION_OUTDATED',
    ],
    body: agreePoliciesBodySchema,
    response: policyStatusesResponse,
  }),
  // Sign-in through the external auth service (decision 0008). These answer with a redirect: to the
  // auth service, then from its callback to the page to end on (or /web/login/fail?reason=…).
  carrierAuth: route({
    ...apiPaths.carrierAuth,
    roles: EVERYONE,
    tag: 'external-auth',
    summary: 'Signs in (or registers) through a carrier: au, docomo or softbank.',
    description: `${SIGN_IN_REDIRECT} A carrier other than these three fails with AUTH_REQUEST_INVALID.`,
    query: carrierAuthQuerySchema,
    redirect: 302,
  }),
  lineLogin: route({
    ...apiPaths.lineLogin,
    roles: EVERYONE,
    tag: 'external-auth',
    summary: 'Signs in through LINE (an unknown LINE account registers a free member).',
    description: SIGN_IN_REDIRECT,
    query: signInQuerySchema,
    redirect: 302,
  }),
  twitterLogin: route({
    ...apiPaths.twitterLogin,
    roles: EVERYONE,
    tag: 'external-auth',
    summary: 'Signs in through Twitter (an unknown Twitter account registers a free member).',
    description: SIGN_IN_REDIRECT,
    query: signInQuerySchema,
    redirect: 302,
  }),
  lineRegistration: route({
    ...apiPaths.lineRegistration,
    roles: GUESTS,
    tag: 'external-auth',
    summary: 'Registers a free member through LINE.',
    description: `\`redirectUri\`: where to end, a path under /sp/ or /web/. ${SIGN_IN_REDIRECT}`,
    query: lineRegistrationQuerySchema,
    redirect: 302,
  }),
  lineLink: route({
    ...apiPaths.lineLink,
    roles: MEMBERS,
    tag: 'external-auth',
    summary: "Links a LINE account to the signed-in member's account.",
    description: LINK_REDIRECT,
    query: lineLinkQuerySchema,
    redirect: 302,
  }),
  lineSwitchStart: route({
    ...apiPaths.lineSwitchStart,
    roles: MEMBERS,
    tag: 'external-auth',
    summary: 'Replaces the linked LINE account with another one.',
    description: LINK_REDIRECT,
    query: lineLinkQuerySchema,
    redirect: 302,
  }),
  lineSkipRecommendation: route({
    ...apiPaths.lineSkipRecommendation,
    roles: MEMBERS,
    tag: 'external-auth',
    summary: 'Opens the "link LINE" recommendation page, changing nothing.',
    description:
      'A GET never changes state: it redirects to /web/link/line/recommendation?rp=…, where declining is a button that sends the POST of this path. `rp` is a path under /sp/ or /web/ (the settings page when absent); any other ends on /web/login/fail?reason=REDIRECT_URI_INVALID.',
    query: skipRecommendationQuerySchema,
    redirect: 302,
  }),
  lineDeclineRecommendation: route({
    ...apiPaths.lineDeclineRecommendation,
    roles: MEMBERS,
    tag: 'external-auth',
    summary: 'Records that the member declined linking LINE; answers where to go on (`rp`).',
    description:
      '`next` is `rp` when it is a path under /sp/ or /web/, else the settings page. Declining twice is declining.',
    body: declineRecommendationBodySchema,
    response: declinedRecommendationResponse,
  }),
  externalAuthCallback: route({
    ...apiPaths.externalAuthCallback,
    roles: EVERYONE,
    tag: 'external-auth',
    summary: "The auth service's answer (the OIDC redirect_uri), redirecting to where the flow ends.",
    description:
      "Signed in: afterLogin or afterRegister with the flow's return path; linked: `acp` with `linked=<provider>`; a failure: the flow's failure page with `reason=<CODE>`.",
    query: externalAuthCallbackQuerySchema,
    redirect: 302,
  }),
  lineRegistrationValidate: route({
    ...apiPaths.lineRegistrationValidate,
    roles: GUESTS,
    tag: 'external-auth',
    summary: 'Checks the parameters of a LINE registration before starting it.',
    errors: ['REDIRECT_URI_INVALID'],
    query: lineRegistrationValidateQuerySchema,
    response: lineRegistrationValidatedResponse,
  }),
  externalIdentities: route({
    ...apiPaths.externalIdentities,
    roles: MEMBERS,
    tag: 'external-auth',
    summary: "The caller's linked sign-in services (LINE, Twitter, carriers) and when they were linked.",
    response: externalIdentitiesResponse,
  }),
  profile: route({
    ...apiPaths.profile,
    roles: MEMBERS,
    tag: 'profile',
    summary: "The caller's profile.",
    response: profileResponse,
  }),
  profileSummary: route({
    ...apiPaths.profileSummary,
    roles: MEMBERS,
    tag: 'profile',
    summary: 'Nickname, picture and the 25-or-over check (from the birthday and "now"), for the frame.',
    response: profileSummaryResponse,
  }),
  profileUpdate: route({
    ...apiPaths.profileUpdate,
    roles: MEMBERS,
    tag: 'profile',
    summary: 'Replaces nickname, birthday, gender and prefecture.',
    description: 'Refused with SNS_RESTRICTED under an ACCESSCONTROL penalty.',
    errors: [...PROFILE_EDIT_ERRORS, 'NICKNAME_INVALID', 'BIRTHDAY_INVALID'],
    body: profileUpdateBodySchema,
    response: profileResponse,
  }),
  profileSave: route({
    ...apiPaths.profileSave,
    roles: MEMBERS,
    tag: 'profile',
    summary: 'Saves the whole profile at once: the four fields, and a new picture or none.',
    description:
      'Multipart: a `profile` field (JSON: the body of PUT /sp/profile, and `removeImage`) and, optionally, an `image` file (JPEG, PNG, WebP or AVIF up to 10 MB, checked by content). Everything is saved in one transaction, or nothing is: a refused nickname, birthday or picture changes nothing. Refused with SNS_RESTRICTED under an ACCESSCONTROL penalty, before the picture is read.',
    errors: [
      ...PROFILE_EDIT_ERRORS,
      'NICKNAME_INVALID',
      'BIRTHDAY_INVALID',
      'IMAGE_MISSING',
      'IMAGE_INVALID',
      'IMAGE_FORMAT_UNSUPPORTED',
    ],
    multipart: profileSavePartsSchema,
    response: profileResponse,
  }),
  profileImageUpload: route({
    ...apiPaths.profileImageUpload,
    roles: MEMBERS,
    tag: 'profile',
    summary: 'Sets the profile picture.',
    description:
      'Multipart field `image`: JPEG, PNG, WebP or AVIF up to 10 MB, checked by content; stored as a square JPEG without metadata. An account under an ACCESSCONTROL penalty is refused (SNS_RESTRICTED) before the picture is read.',
    errors: [...PROFILE_EDIT_ERRORS, 'IMAGE_MISSING', 'IMAGE_INVALID', 'IMAGE_FORMAT_UNSUPPORTED'],
    multipart: profileImagePartsSchema,
    response: profileResponse,
  }),
  profileImageRemove: route({
    ...apiPaths.profileImageRemove,
    roles: MEMBERS,
    tag: 'profile',
    summary: 'Removes the profile picture and deletes its file.',
    errors: PROFILE_EDIT_ERRORS,
    response: profileResponse,
  }),
  profileImage: route({
    ...apiPaths.profileImage,
    roles: MEMBERS,
    tag: 'profile',
    summary: 'The profile picture (JPEG), only to its owner.',
    description: 'Anyone else gets NOT_FOUND.',
    errors: ['NOT_FOUND'],
    params: profileImageParamsSchema,
    file: ['image/jpeg'],
  }),
  accountDeletionCheck: route({
    ...apiPaths.accountDeletionCheck,
    roles: MEMBERS,
    tag: 'accounts',
    summary: 'Whether the caller may delete the account now, and whether the password is asked.',
    response: accountDeletionCheckResponse,
  }),
  accountDelete: route({
    ...apiPaths.accountDelete,
    roles: MEMBERS,
    tag: 'accounts',
    summary: 'Deletes the account with all its data and files, then signs out.',
    description:
      'An official account cannot leave (OFFICIAL_ACCOUNT_CANNOT_LEAVE); premium that still renews is cancelled first (PREMIUM_ACTIVE). An account with a password types it again (PASSWORD_WRONG, limited as sign-in is).',
    errors: [
      'OFFICIAL_ACCOUNT_CANNOT_LEAVE',
      'PREMIUM_ACTIVE',
      'CONFIRMATION_REQUIRED',
      'PASSWORD_WRONG',
      'RATE_LIMITED',
    ],
    body: accountDeletionBodySchema,
    response: accountStatusResponse,
  }),
  sealRegistration: route({
    ...apiPaths.sealRegistration,
    roles: MEMBERS,
    tag: 'saving',
    summary: 'Saves a seal to the member; saving it again is harmless.',
    description: `A free (MINI) member saves the first regular puri, a premium member every puri. SEAL_FULL once SEAL_MAX_OWNERS accounts saved the seal. ${FROM_COUNTED} ${PURIGET_PENALTY_RULES}`,
    errors: [...SEAL_LOOKUP_ERRORS, 'SEAL_FULL'],
    params: sealParamsSchema,
    query: sealLookupQuerySchema,
    response: sealRegistrationResponse,
  }),
  unsavedList: route({
    ...apiPaths.unsavedList,
    roles: MEMBERS,
    tag: 'saving',
    summary: "A free member's unsaved puris, soonest expiry first, a page at a time (empty for premium).",
    query: unsavedListQuerySchema,
    response: unsavedPageResponse,
  }),
  unsavedSummary: route({
    ...apiPaths.unsavedSummary,
    roles: MEMBERS,
    tag: 'saving',
    summary:
      "A free member's unsaved puris in short: count, the first few, days left and save-by date (empty for premium).",
    response: unsavedSummaryResponse,
  }),
  unsavedImage: route({
    ...apiPaths.unsavedImage,
    roles: MEMBERS,
    tag: 'saving',
    summary: "The watermarked preview (JPEG) of one of the caller's unsaved puris.",
    description: "The id is `{sealId}-{puriNumber}`; anything not unsaved and the caller's is NOT_FOUND.",
    errors: ['NOT_FOUND'],
    params: unsavedImageParamsSchema,
    query: unsavedImageQuerySchema,
    file: ['image/jpeg'],
  }),
  savedPlays: route({
    ...apiPaths.savedPlays,
    roles: MEMBERS,
    tag: 'mypage',
    summary: "My page: the member's saved pictures by play, newest play first, 10 plays a page.",
    query: savedPlaysQuerySchema,
    response: savedPlaysResponse,
  }),
  savedImage: route({
    ...apiPaths.savedImage,
    roles: MEMBERS,
    tag: 'mypage',
    summary: 'One size of a saved picture, only to its owner.',
    description:
      "`{imageId}_thumb.jpg`, `_qvga.jpg`, `_medium.jpg` or `{imageId}.jpg` (the original, always JPEG); anyone else's is NOT_FOUND. Cached for a year with an ETag; the smaller sizes come as WebP to a browser that accepts it.",
    errors: ['NOT_FOUND'],
    params: savedImageParamsSchema,
    file: ['image/jpeg', 'image/webp'],
    etag: true,
  }),
  playZip: route({
    ...apiPaths.playZip,
    roles: MEMBERS,
    tag: 'mypage',
    summary:
      "Every saved picture of one of the member's plays as a ZIP of the originals, with Content-Length.",
    errors: ['NOT_FOUND'],
    params: playZipParamsSchema,
    file: ['application/zip'],
  }),
  savedZip: route({
    ...apiPaths.savedZip,
    roles: MEMBERS,
    tag: 'mypage',
    summary:
      'Every saved picture of the member as one ZIP of the originals, a folder per play, with Content-Length.',
    description:
      'Entries `{YYYY-MM-DD}_{sealId}/{sealId}-{puriNumber}[-raw].jpg` (the day the play was shot, Japan time), oldest play first: what a member takes along before leaving. NOT_FOUND when nothing is saved.',
    errors: ['NOT_FOUND'],
    file: ['application/zip'],
  }),
  // Premium payments (decisions 0019 and 0020). Only the gateway's verified notification
  // moves a subscription; these start, read and stop.
  paymentSelf: route({
    ...apiPaths.paymentSelf,
    roles: MEMBERS,
    tag: 'payments',
    summary: 'How the caller pays for premium and where it stands (all null without a payment).',
    response: paymentSelfResponse,
  }),
  paymentTrial: route({
    ...apiPaths.paymentTrial,
    roles: EVERYONE,
    tag: 'payments',
    summary: 'Whether the au trial is offered to the caller, and the cases of the four flows.',
    description:
      'canAdmit: an au connection, a free member, the first time; its end if started now; the reason when not (UFO_DENIED: the flow says no).',
    response: trialResponse,
  }),
  optimizedFlow: route({
    ...apiPaths.optimizedFlow,
    roles: EVERYONE,
    tag: 'payments',
    summary: 'The case of one flow for the caller: TRIAL (offer the au trial there) or NORMAL.',
    params: flowParamsSchema,
    response: flowResponse,
  }),
  paymentUnsubscribable: route({
    ...apiPaths.paymentUnsubscribable,
    roles: MEMBERS,
    tag: 'payments',
    summary: "The caller's payments that renew, each with the page to stop it and how.",
    response: unsubscribableResponse,
  }),
  startSubscription: route({
    ...apiPaths.startSubscription,
    roles: MEMBERS,
    tag: 'payments',
    summary: "Starts premium, answering the gateway's consent page to send the browser to.",
    description:
      "Nothing is premium until the gateway's notification of the payment arrives. A second tap with the same choice gets the same consent page. Limited per account (RATE_LIMITED, Retry-After).",
    errors: [
      'REDIRECT_URI_INVALID',
      'TRIAL_NOT_ALLOWED',
      'ADD_ON_NOT_ALLOWED',
      'PLAN_NOT_OFFERED',
      'ALREADY_PREMIUM',
      'PAYMENT_IN_PROGRESS',
      'RATE_LIMITED',
      'JHS_PREMIUM_ACTIVE',
      ...GATEWAY_ERRORS,
    ],
    body: startSubscriptionBodySchema,
    response: redirectResponse,
  }),
  subscription: route({
    ...apiPaths.subscription,
    roles: MEMBERS,
    tag: 'payments',
    summary: "One of the caller's subscriptions, read on the way back from the gateway.",
    description: "Anyone else's is NOT_FOUND.",
    errors: ['NOT_FOUND'],
    params: subscriptionParamsSchema,
    response: subscriptionResponse,
  }),
  cancelSubscription: route({
    ...apiPaths.cancelSubscription,
    roles: MEMBERS,
    tag: 'payments',
    summary: "Stops the renewals of one of the caller's subscriptions.",
    description:
      "A credit card stops here and now (premium lasts to the end of the paid period); a carrier's plan stops at the carrier's page (`redirectUrl`). NOT_CANCELLABLE when it does not renew.",
    errors: ['NOT_FOUND', 'NOT_CANCELLABLE', ...GATEWAY_ERRORS],
    params: subscriptionParamsSchema,
    response: cancellationResponse,
  }),
  resumeSubscription: route({
    ...apiPaths.resumeSubscription,
    roles: MEMBERS,
    tag: 'payments',
    summary: "Undoes the cancellation of one of the caller's subscriptions: it renews again.",
    description:
      "Only while the paid period lasts (PAID_PERIOD_OVER after it), only for a cancelled subscription (NOT_CANCELLED), and only for a credit card: a carrier's cancellation is final, and the member subscribes again once the period is over (RESUME_NOT_OFFERED).",
    errors: [
      'NOT_FOUND',
      'NOT_CANCELLED',
      'RESUME_NOT_OFFERED',
      'PAID_PERIOD_OVER',
      ...GATEWAY_ERRORS,
      'JHS_PREMIUM_ACTIVE',
    ],
    params: subscriptionParamsSchema,
    response: resumptionResponse,
  }),
  paymentWithdrawal: route({
    ...apiPaths.paymentWithdrawal,
    roles: EVERYONE,
    tag: 'payments',
    summary: "Redirects to the carrier's page where a payer who cannot sign in stops paying by carrier id.",
    errors: GATEWAY_ERRORS,
    query: withdrawalQuerySchema,
    redirect: 302,
  }),
  paymentNotification: route({
    ...apiPaths.paymentNotification,
    roles: ['GATEWAY'],
    tag: 'payments',
    summary: "The payment gateway's signed notification of a payment event, applied once.",
    description:
      '`PuriBox-Pay-Signature` signs the raw body; an event is applied once by its id (the same event again changes nothing).',
    errors: ['PAYMENT_NOTIFICATION_INVALID'],
    response: notificationAckResponse,
  }),
  news: route({
    ...apiPaths.news,
    roles: EVERYONE,
    tag: 'news',
    summary: 'The news published now, the highest priority first and the newest first within a priority.',
    description:
      '`newsCategoryName` is one of important, campaign and info (absent or empty: every category); a well-formed name that is no category answers an empty `entry`. Each item says whether the signed-in member has read it (`read`, false for guests). Clients treat an empty list as no news.',
    query: newsQuerySchema,
    response: newsResponse,
  }),
  newsRead: route({
    ...apiPaths.newsRead,
    roles: MEMBERS,
    tag: 'news',
    summary: 'Marks a news item as read by the member.',
    description: 'Marking it again changes nothing. An item not published now is NOT_FOUND.',
    errors: ['NOT_FOUND'],
    params: newsReadParamsSchema,
    response: newsReadResponse,
  }),
  banner: route({
    ...apiPaths.banner,
    roles: EVERYONE,
    tag: 'banners',
    summary: 'The banner of a banner space, as sanitised HTML (null when the space shows none now).',
    description:
      'Spaces: maintenance_lead, questionnaire_lead, company_information, product_information, photos_banner; any other is NOT_FOUND. The HTML is sanitised when stored and again when served (decision 0040).',
    errors: ['NOT_FOUND'],
    params: bannerParamsSchema,
    response: bannerResponse,
  }),
  helpDocument: route({
    ...apiPaths.helpDocument,
    roles: EVERYONE,
    tag: 'help',
    summary: 'Every help category with its questions and answers, as one static JSON document.',
    description:
      "Static data: plain JSON, not the wrapper, the same for every caller and every session (no clock), so any cache may keep it. `t` is any timestamp the client picks (the web app sends the current five minutes, so an edit reaches people within five minutes while repeated visits come from the browser's cache); the answer carries an ETag (`If-None-Match` gets 304) and `Cache-Control: public, max-age=300`.",
    query: helpDocumentQuerySchema,
    staticJson: helpDocumentSchema,
    etag: true,
  }),
  // Ads, the static data, dynamic links and the blog (decision 0041).
  staticData: route({
    ...apiPaths.staticData,
    roles: EVERYONE,
    tag: 'ads',
    summary: "The site's static data: the space id of the top page's ads.",
    description:
      'The same for everyone, cached for five minutes; `t` (a timestamp the client rounds) is ignored by the server and lets a client bypass caches.',
    query: staticDataQuerySchema,
    response: staticDataResponse,
  }),
  adToken: route({
    ...apiPaths.adToken,
    roles: EVERYONE,
    tag: 'ads',
    summary: "The caller's ad token, also set in the readable cookie `pbx_ads`.",
    description:
      "A member's is derived from the session (it changes at sign-in and ends with the session); a guest's names a viewer, and the one in the cookie is kept while it is valid.",
    response: adTokenResponse,
  }),
  adList: route({
    ...apiPaths.adList,
    roles: EVERYONE,
    tag: 'ads',
    summary: 'The ads of a space for the caller, highest priority first.',
    description: `Only ads running now (time travel included) and meant for the caller: by membership (GUEST, MINI, PREMIUM) and age (25 or over from the birthday and now; a guest, or a member without a birthday, is not). An unknown space has none. ${AD_TOKEN_RULES}`,
    errors: ['AD_TOKEN_INVALID'],
    adToken: true,
    query: adListQuerySchema,
    response: adListResponse,
  }),
  adReaction: route({
    ...apiPaths.adReaction,
    roles: EVERYONE,
    tag: 'ads',
    summary: 'Reports that the caller saw (IMPRESSION) or tapped (CLICK) an ad.',
    description: `Counted once per viewer, ad and kind on a day (Japan time); \`counted\` says whether this one was. An ad not running now, or not meant for the caller, is NOT_FOUND. Refused under the SNS penalty: ACCESSCONTROL (SNS_RESTRICTED), SUSPENSION (ACCOUNT_SUSPENDED). ${AD_TOKEN_RULES}`,
    errors: ['AD_TOKEN_INVALID', 'NOT_FOUND', 'SNS_RESTRICTED', 'ACCOUNT_SUSPENDED'],
    adToken: true,
    params: adReactionParamsSchema,
    body: adReactionBodySchema,
    response: adReactionResponse,
  }),
  adPicture: route({
    ...apiPaths.adPicture,
    roles: EVERYONE,
    tag: 'ads',
    summary: "An ad's picture (JPEG) as an operator uploaded it: the path an ad item's `mediaUrl` names.",
    description:
      'The same for every caller and never changed under its name: `Cache-Control: public, max-age=31536000, immutable`. A name that is no uploaded picture is NOT_FOUND.',
    errors: ['NOT_FOUND'],
    params: adPictureParamsSchema,
    file: ['image/jpeg'],
  }),
  dynamicLinks: route({
    ...apiPaths.dynamicLinks,
    roles: EVERYONE,
    tag: 'links',
    summary: 'Where the app store, Google Play, app deep link, universal link and shop map links go.',
    response: dynamicLinksResponse,
  }),
  blogPosts: route({
    ...apiPaths.blogPosts,
    roles: EVERYONE,
    tag: 'blog',
    summary: "The newest posts of a category of PuriBox's blog.",
    description:
      "From the server's cache of the blog: it never waits for the blog more than about 1.5 seconds, answers the last good list while it asks again, and an empty list when the blog never answered. An unknown category has no posts.",
    query: blogPostsQuerySchema,
    response: blogPostsResponse,
  }),
  couponTickets: route({
    ...apiPaths.couponTickets,
    roles: MEMBERS,
    tag: 'coupons',
    summary: "The member's coupon tickets: usable ones first, then those not valid yet, used and expired.",
    description:
      'Listing first grants the tickets of the campaigns the member qualifies for now (a sign-up coupon to a member who joined during its campaign, a monthly one to a premium member each Japan calendar month); granting twice gives nothing more. Used and expired tickets are listed for 90 days after their validity ends. `state` is as of now (time travel included); `code` is null until the ticket is used.',
    response: couponTicketsResponse,
  }),
  couponTicketUse: route({
    ...apiPaths.couponTicketUse,
    roles: MEMBERS,
    tag: 'coupons',
    summary:
      "Uses one of the member's coupon tickets, once only, and answers it with its code and when it was used.",
    description:
      'One conditional update: of two taps, two devices or two racing requests, exactly one uses the ticket; the others get COUPON_ALREADY_USED with `error.usedAt`. Outside its validity: COUPON_NOT_YET_VALID or COUPON_EXPIRED. An id that is not a UUID, unknown, or of another member is NOT_FOUND.',
    errors: ['NOT_FOUND', 'COUPON_ALREADY_USED', 'COUPON_NOT_YET_VALID', 'COUPON_EXPIRED'],
    params: couponTicketParamsSchema,
    response: couponTicketUseResponse,
  }),
  // Auditions and the identity check (decision 0049).
  auditions: route({
    ...apiPaths.auditions,
    roles: MEMBERS,
    tag: 'auditions',
    summary:
      'The auditions open now, each with the age rule as it applies to the member and their latest identity check.',
    description:
      'The age rule reads the profile\'s birthday on "now" (time travel included): BIRTHDAY_REQUIRED without one. Needs nothing from the identity verifier, so it answers while the verifier is down.',
    response: auditionsResponse,
  }),
  auditionCheckStart: route({
    ...apiPaths.auditionCheckStart,
    roles: MEMBERS,
    tag: 'auditions',
    summary:
      "Starts an identity check for an audition, answering the verifier's page to send the browser to.",
    description:
      'Only for an audition open now (AUDITION_CLOSED, also when the verifier says so), with a birthday in the profile (AUDITION_BIRTHDAY_REQUIRED) inside its age range (AUDITION_AGE_MISMATCH), not verified already (AUDITION_ALREADY_VERIFIED). A member under 18 on "now" needs a guardian\'s consent first (AUDITION_GUARDIAN_CONSENT_REQUIRED: see auditionGuardianConsent); nothing is asked of the verifier before it. A check still PENDING and not expired is answered again (a second tap gets the same page). Nothing is stored when the verifier cannot be reached (IDENTITY_VERIFIER_UNAVAILABLE). Once the verifier confirms the identity, the application goes to the organiser with the fields of `application.sent` (decision 0060).',
    errors: [
      'NOT_FOUND',
      'AUDITION_CLOSED',
      'AUDITION_BIRTHDAY_REQUIRED',
      'AUDITION_AGE_MISMATCH',
      'AUDITION_ALREADY_VERIFIED',
      'AUDITION_GUARDIAN_CONSENT_REQUIRED',
      'IDENTITY_VERIFIER_UNAVAILABLE',
    ],
    params: auditionParamsSchema,
    response: auditionStartedResponse,
  }),
  auditionCheck: route({
    ...apiPaths.auditionCheck,
    roles: MEMBERS,
    tag: 'auditions',
    summary: "One of the member's identity checks, its outcome read from the verifier while it is PENDING.",
    description:
      "Read on the way back from the verifier. While the check is PENDING, the server asks the verifier for the session (server to server) and keeps a final outcome once; whatever the browser's address says is ignored, and reading again changes nothing. Another member's check, or an unknown one, is NOT_FOUND; IDENTITY_VERIFIER_UNAVAILABLE leaves the check PENDING.",
    errors: ['NOT_FOUND', 'IDENTITY_VERIFIER_UNAVAILABLE'],
    params: auditionCheckParamsSchema,
    response: auditionCheckResponse,
  }),
  // A minor's guardian consent (decision 0060).
  auditionGuardianConsent: route({
    ...apiPaths.auditionGuardianConsent,
    roles: MEMBERS,
    tag: 'auditions',
    summary:
      "Asks a guardian's consent to a minor's application: PuriBox mails the guardian a link to the consent page.",
    description:
      "For a member under 18 on \"now\" (else AUDITION_GUARDIAN_CONSENT_NOT_NEEDED), for an open audition inside their age range (as auditionCheckStart), not agreed already (AUDITION_GUARDIAN_CONSENT_GIVEN). The mail is PuriBox's own text: the audition, the relation chosen, a reference number and a link that works once, for 72 hours; it carries nothing typed (not the guardian's name). The guardian's name (AUDITION_GUARDIAN_NAME_INVALID) and address (MAIL_ADDRESS_INVALID; not the member's own, AUDITION_GUARDIAN_MAIL_OWN) are shown to the member only. Asking again (another address, a lost mail) replaces the request: the older link stops working. At most 5 mails a day per member and 3 a day per guardian address (RATE_LIMITED with Retry-After).",
    errors: [
      'NOT_FOUND',
      'AUDITION_CLOSED',
      'AUDITION_BIRTHDAY_REQUIRED',
      'AUDITION_AGE_MISMATCH',
      'AUDITION_ALREADY_VERIFIED',
      'AUDITION_GUARDIAN_CONSENT_NOT_NEEDED',
      'AUDITION_GUARDIAN_CONSENT_GIVEN',
      'AUDITION_GUARDIAN_NAME_INVALID',
      'AUDITION_GUARDIAN_MAIL_OWN',
      'MAIL_ADDRESS_INVALID',
      'RATE_LIMITED',
    ],
    params: auditionParamsSchema,
    body: guardianConsentBodySchema,
    response: guardianConsentResponse,
  }),
  auditionConsentRead: route({
    ...apiPaths.auditionConsentRead,
    roles: EVERYONE,
    tag: 'auditions',
    summary: "The consent request a guardian's link names, for the consent page; changes nothing.",
    description:
      "A POST so that the token stays out of addresses and logs. Answers PuriBox's own words only (the audition, the relation, dates), nothing the member typed. An unknown token is AUDITION_CONSENT_LINK_INVALID; one answered already AUDITION_CONSENT_ANSWERED, one replaced by a newer request AUDITION_CONSENT_LINK_REPLACED, one past 72 hours AUDITION_CONSENT_LINK_EXPIRED; the audition closed since, AUDITION_CLOSED. Opened signed in as the applicant: AUDITION_CONSENT_BY_APPLICANT.",
    errors: [
      'AUDITION_CONSENT_LINK_INVALID',
      'AUDITION_CONSENT_LINK_EXPIRED',
      'AUDITION_CONSENT_LINK_REPLACED',
      'AUDITION_CONSENT_ANSWERED',
      'AUDITION_CONSENT_BY_APPLICANT',
      'AUDITION_CLOSED',
    ],
    body: consentTokenBodySchema,
    response: guardianConsentRequestResponse,
  }),
  auditionConsentAnswer: route({
    ...apiPaths.auditionConsentAnswer,
    roles: EVERYONE,
    tag: 'auditions',
    summary: "The guardian's answer to a consent request (agree or decline), kept once.",
    description:
      'One conditional update: of two answers (two taps, two devices) exactly one is kept, the other gets AUDITION_CONSENT_ANSWERED. AGREE needs `confirmed` (CONFIRMATION_REQUIRED). Refused as auditionConsentRead refuses. After AGREE the member may start the identity check; after DECLINE they may ask again.',
    errors: [
      'AUDITION_CONSENT_LINK_INVALID',
      'AUDITION_CONSENT_LINK_EXPIRED',
      'AUDITION_CONSENT_LINK_REPLACED',
      'AUDITION_CONSENT_ANSWERED',
      'AUDITION_CONSENT_BY_APPLICANT',
      'AUDITION_CLOSED',
      'CONFIRMATION_REQUIRED',
    ],
    body: guardianConsentAnswerBodySchema,
    response: guardianConsentAnsweredResponse,
  }),
  information: route({
    ...apiPaths.information,
    roles: EVERYONE,
    tag: 'information',
    summary:
      'An information page (terms of service, privacy policy, …): its latest version, or the one asked for.',
    description:
      'Pages: terms, privacyPolicy, puriTerms, paymentTerms, paymentProvider, operatingPolicy, privacy, externalTransmission. `?version=` names a published version (the privacy-policy agreement links to the version it asks for); without it, the version published last. An unknown page or version is NOT_FOUND. The body comes as blocks of plain text (headings, paragraphs, lists, tables, links), never HTML.',
    errors: ['NOT_FOUND'],
    params: informationParamsSchema,
    query: informationQuerySchema,
    response: informationResponse,
  }),
  // Machine models, shops and the shop search (decision 0042).
  machineModels: route({
    ...apiPaths.machineModels,
    roles: EVERYONE,
    tag: 'machines',
    summary: 'Every machine model, the newest first, or only those whose plays can be kept here.',
    query: machineModelsQuerySchema,
    response: machineModelsResponse,
  }),
  machineModel: route({
    ...apiPaths.machineModel,
    roles: EVERYONE,
    tag: 'machines',
    summary: 'A machine model: what it does, its sample pictures, and a few shops that have one.',
    description: 'An id that is no model is MACHINE_NOT_FOUND.',
    errors: ['MACHINE_NOT_FOUND'],
    params: machineModelParamsSchema,
    response: machineModelDetailResponse,
  }),
  machineSample: route({
    ...apiPaths.machineSample,
    roles: EVERYONE,
    tag: 'machines',
    summary: 'A sample picture of a machine model (`{modelId}-{n}.jpg`), cached for a week.',
    description: 'A name that is no sample picture is NOT_FOUND.',
    errors: ['NOT_FOUND'],
    params: machineSampleParamsSchema,
    file: ['image/jpeg'],
  }),
  shopSearch: route({
    ...apiPaths.shopSearch,
    roles: EVERYONE,
    tag: 'machines',
    summary:
      'Shops with booths, 20 a page: by prefecture, city, keyword and model, or the nearest to a position.',
    description:
      "Every filter given applies. Each word of `keyword` is found in a shop's name, its address or one of its models' names, hiragana and katakana, full and half width and case alike. With `lat` and `lng` (both, WGS 84 degrees) the shops are the nearest within 50 km (at most 100), nearest first, each with its distance; a position outside Japan is POSITION_OUTSIDE_JAPAN. Without them, the shops of `homePrefecture` first, then the best matches of `keyword` (in the name, then the address, then a model's name), then by prefecture, city and name. An unknown prefecture, city or model, or a page past the last, finds no shops.",
    errors: ['POSITION_OUTSIDE_JAPAN'],
    query: shopSearchQuerySchema,
    response: shopSearchResponse,
  }),
  shopCities: route({
    ...apiPaths.shopCities,
    roles: EVERYONE,
    tag: 'machines',
    summary: 'The cities of a prefecture that have shops, those with the most shops first.',
    query: shopCitiesQuerySchema,
    response: shopCitiesResponse,
  }),
  // Inquiries (decision 0046).
  inquirySend: route({
    ...apiPaths.inquirySend,
    roles: EVERYONE,
    tag: 'inquiries',
    summary:
      'Sends an inquiry to support, stores it with a reference number and confirms it to the person by mail.',
    description:
      'Guests may send too (the mail list is required of everyone; the first address gets the confirmation and the answer). The topic decides the fields asked for (INQUIRY_TOPIC_FIELDS of the contract); every rule broken is listed in INQUIRY_INVALID\'s `error.problems` (`[{ field, problem, index?, suggestion? }]`: `field` one of INQUIRY_FIELDS, `problem` one of INQUIRY_PROBLEMS, `index` the entry of a list, `suggestion` the address meant with TYPO), a mail domain that cannot receive mail (no MX or A record) included. The same `idempotencyKey` again answers the inquiry it sent first and sends nothing (a key of another person is IDEMPOTENCY_KEY_REUSED). Rate limited (RATE_LIMITED with Retry-After): 5 inquiries an hour per account, 10 per client address for guests, 3 confirmations an hour to one address. "Now" is the request\'s clock (time travel included).',
    errors: ['INQUIRY_INVALID', 'INQUIRY_TOPIC_UNKNOWN', 'IDEMPOTENCY_KEY_REUSED', 'RATE_LIMITED'],
    body: inquiryBodySchema,
    response: inquirySentResponse,
  }),
  inquiryCheck: route({
    ...apiPaths.inquiryCheck,
    roles: EVERYONE,
    tag: 'inquiries',
    summary:
      "Checks a draft's seal IDs (format, and whether the seal exists) and mail addresses (format, typos, a domain that receives mail).",
    description:
      'A hint for the form as the person types: it never counts towards the puri-getting penalty, and is rate limited instead (30 checks an hour per account, or per client address for guests; RATE_LIMITED with Retry-After), so it cannot list which seals exist.',
    errors: ['RATE_LIMITED'],
    body: inquiryCheckBodySchema,
    response: inquiryCheckResponse,
  }),
  // Junior-high free premium (decision 0048).
  jhsState: route({
    ...apiPaths.jhsState,
    roles: EVERYONE,
    tag: 'jhs',
    summary:
      "The caller's junior-high free premium application, whether they may apply now, and the pictures uploaded for the next one.",
    description:
      'A guest gets no application and `blocker` GUEST. A member may apply unless an application waits for review (PENDING) or their junior-high premium runs (ALREADY_JHS_PREMIUM).',
    response: jhsStateResponse,
  }),
  jhsApply: route({
    ...apiPaths.jhsApply,
    roles: MEMBERS,
    tag: 'jhs',
    summary:
      'Sends a junior-high free premium application with the four certificate pictures uploaded before.',
    description:
      "The birth date and grade must be those of a junior-high pupil on the request's day (Japanese school years from 1 April; time travel moves the day). The four certificates are complete uploads of the caller for their slots. One application waits for review at a time: a second (a double tap) is JHS_APPLICATION_PENDING. The applicant is mailed.",
    errors: [
      'JHS_NAME_INVALID',
      'MAIL_ADDRESS_INVALID',
      'JHS_BIRTH_DATE_INVALID',
      'JHS_NOT_JUNIOR_HIGH_AGE',
      'JHS_GRADE_MISMATCH',
      'CERTIFICATE_MISSING',
      'JHS_APPLICATION_PENDING',
      'JHS_ALREADY_PREMIUM',
    ],
    body: jhsApplyBodySchema,
    response: jhsApplicationResponse,
  }),
  jhsUploadStart: route({
    ...apiPaths.jhsUploadStart,
    roles: MEMBERS,
    tag: 'jhs',
    summary: 'Starts the upload of one certificate picture: its slot, size and name.',
    description:
      'Over 10 MB is CERTIFICATE_TOO_LARGE before a byte is sent. A new upload for a slot replaces the earlier one of that slot not sent with an application (its bytes are deleted).',
    errors: ['CERTIFICATE_TOO_LARGE'],
    body: startUploadBodySchema,
    response: certificateUploadResponse,
  }),
  jhsUpload: route({
    ...apiPaths.jhsUpload,
    roles: MEMBERS,
    tag: 'jhs',
    summary:
      'Where an upload stands: how many bytes the server has (its offset), to go on after a dropped connection.',
    errors: ['NOT_FOUND'],
    params: uploadParamsSchema,
    response: certificateUploadResponse,
  }),
  jhsUploadChunk: route({
    ...apiPaths.jhsUploadChunk,
    roles: MEMBERS,
    tag: 'jhs',
    summary: 'Sends the next chunk of an upload (`application/octet-stream`, at most 512 KB) at `offset`.',
    description:
      "`offset` must be the upload's: a chunk sent twice, or from a stale offset, is UPLOAD_OFFSET_MISMATCH and changes nothing. The first chunk must start like a JPEG, PNG or HEIC picture (CERTIFICATE_NOT_AN_IMAGE). Once the last chunk lands the whole picture is decoded, every pixel: one cut short or damaged is CERTIFICATE_UNREADABLE, one over 100 million pixels CERTIFICATE_TOO_LARGE; either drops the upload, so the slot can take another picture. A picture that decodes is stored privately, byte for byte as sent, and the answer is state COMPLETE.",
    errors: [
      'NOT_FOUND',
      'UPLOAD_OFFSET_MISMATCH',
      'CERTIFICATE_NOT_AN_IMAGE',
      'CERTIFICATE_UNREADABLE',
      'CERTIFICATE_TOO_LARGE',
    ],
    params: uploadParamsSchema,
    query: uploadChunkQuerySchema,
    octetStream: { maxBytes: JHS_LIMITS.chunkMaxBytes },
    response: certificateUploadResponse,
  }),
  jhsUploadRemove: route({
    ...apiPaths.jhsUploadRemove,
    roles: MEMBERS,
    tag: 'jhs',
    summary: 'Removes an upload not sent with an application, and its bytes.',
    description: 'An unknown upload, or one already sent, answers removed false.',
    params: uploadParamsSchema,
    response: uploadRemovedResponse,
  }),
  jhsUploadFile: route({
    ...apiPaths.jhsUploadFile,
    roles: MEMBERS,
    tag: 'jhs',
    summary:
      "One of the caller's complete certificate pictures, to the caller only (never cached by others).",
    errors: ['NOT_FOUND'],
    params: uploadParamsSchema,
    file: ['image/jpeg', 'image/png', 'image/heic'],
  }),
  jhsDebugReview: route({
    ...apiPaths.jhsDebugReview,
    roles: MEMBERS,
    tag: 'debug',
    summary: "Approves or rejects the caller's own waiting junior-high application, for testers.",
    description: `What an operator's review does (the grant, the mail), so every state can be seen. No waiting application: NOT_FOUND. ${TIME_TRAVEL_ONLY}`,
    errors: ['TIME_TRAVEL_DISABLED', 'NOT_FOUND'],
    body: jhsDebugReviewBodySchema,
    response: jhsApplicationResponse,
  }),
} as const

export type ApiRoutes = typeof api
