import type { z } from 'zod'
import { accessResponse } from './access'
import { accountStatusResponse } from './account'
import { accountDeletionBodySchema, accountDeletionCheckResponse } from './account-deletion'
import { apiPaths } from './api-paths'
import {
  afterSignInQuerySchema,
  loginBodySchema,
  registerBodySchema,
  registerMailAddressBodySchema,
  registerMailFormBodySchema,
  sendVerificationMailBodySchema,
  validateEmailParametersBodySchema,
  validEmailParametersResponse,
  verificationParamsSchema,
  verificationSentResponse,
  verifiedResponse,
  verifyCodeBodySchema,
  verifyLinkBodySchema,
} from './auth'
import { boothPlayResultSchema } from './booth'
import { timeTravelBodySchema, timeTravelResponse } from './debug'
import {
  carrierAuthQuerySchema,
  externalAuthCallbackQuerySchema,
  externalIdentitiesResponse,
  lineLinkQuerySchema,
  lineRegistrationQuerySchema,
  lineRegistrationValidatedResponse,
  lineRegistrationValidateQuerySchema,
  signInQuerySchema,
  skipRecommendationQuerySchema,
} from './external-auth-api'
import {
  playZipParamsSchema,
  savedImageParamsSchema,
  savedPlaysQuerySchema,
  savedPlaysResponse,
} from './mypage'
import {
  cancellationResponse,
  flowParamsSchema,
  flowResponse,
  notificationAckResponse,
  paymentSelfResponse,
  redirectResponse,
  startSubscriptionBodySchema,
  subscriptionParamsSchema,
  subscriptionResponse,
  trialResponse,
  unsubscribableResponse,
  withdrawalQuerySchema,
} from './payments-api'
import { agreePoliciesBodySchema, policyStatusesResponse } from './policies'
import {
  profileImageParamsSchema,
  profileResponse,
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
import { puriThumbQuerySchema, sealParamsSchema, sealResponse } from './seals'
import { wrapped } from './wrapper'

/**
 * Who may call a route. MACHINE is a booth authenticated by its machine key; GATEWAY the payment
 * gateway, authenticated by the signature of what it sends. The server gives each role a caller
 * (`server/src/http/caller.ts`): a new role is added here and there, and nowhere else.
 */
export type Role = 'GUEST' | 'MINI' | 'PREMIUM' | 'MACHINE' | 'GATEWAY'
// Tuples, not Role[]: the server computes the type of a route's caller from its roles.
export const EVERYONE = ['GUEST', 'MINI', 'PREMIUM'] as const satisfies readonly Role[]
export const GUESTS = ['GUEST'] as const satisfies readonly Role[]
export const MEMBERS = ['MINI', 'PREMIUM'] as const satisfies readonly Role[]

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface ApiRoute {
  method: HttpMethod
  /** Fastify-style path (`:id`); the spec writes `{id}`. */
  path: string
  roles: readonly Role[]
  summary: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The JSON answer; absent for routes that answer with a file or a redirect. */
  response?: z.ZodType
  /**
   * Also takes a plain HTML form post (application/x-www-form-urlencoded, before the app's
   * JavaScript has arrived): no X-Requested-With then, so a same-origin Origin is required instead.
   */
  form?: true
}

function route<const R extends ApiRoute>(definition: R): R {
  return definition
}

/** Every API route of PuriBox. The server registers exactly these; the web client calls only these. */
export const api = {
  accountSelf: route({
    ...apiPaths.accountSelf,
    roles: EVERYONE,
    summary: 'Account status of the caller (guest: account null, membershipStatus GUEST)',
    response: accountStatusResponse,
  }),
  userAccess: route({
    ...apiPaths.userAccess,
    roles: EVERYONE,
    summary: 'Carrier of the connection and whether the caller is the native app',
    response: accessResponse,
  }),
  seal: route({
    ...apiPaths.seal,
    roles: EVERYONE,
    summary:
      'A seal set (the pictures of one booth play) by seal ID. PURIGET_PENALTY_YELLOW (429, Retry-After) after 10 unknown IDs in an hour per account or address; PURIGET_PENALTY_RED (403) for an account after 30 in a day or by an operator',
    params: sealParamsSchema,
    response: sealResponse,
  }),
  puriPreviewImage: route({
    ...apiPaths.puriPreviewImage,
    roles: EVERYONE,
    summary:
      'Watermarked preview thumbnail of one puri of a seal (JPEG). A puri getting like the seal view: the same PURIGET_PENALTY_YELLOW / PURIGET_PENALTY_RED, an unknown seal (SEAL_NOT_FOUND) counts towards them; NOT_FOUND for a number the seal does not have (not counted)',
    query: puriThumbQuerySchema,
  }),
  timeTravelGet: route({
    ...apiPaths.timeTravelGet,
    roles: EVERYONE,
    summary: 'Time travel of this session (only when TIME_TRAVEL=on)',
    response: timeTravelResponse,
  }),
  timeTravelSet: route({
    ...apiPaths.timeTravelSet,
    roles: EVERYONE,
    summary: 'Set "now" for this session (only when TIME_TRAVEL=on)',
    body: timeTravelBodySchema,
    response: timeTravelResponse,
  }),
  timeTravelClear: route({
    ...apiPaths.timeTravelClear,
    roles: EVERYONE,
    summary: 'Back to the real time for this session',
    response: timeTravelResponse,
  }),
  boothPlay: route({
    ...apiPaths.boothPlay,
    roles: ['MACHINE'],
    summary:
      'A booth pushes one play: multipart `meta` (JSON) and `puri-<number>` image files; bearer machine key',
    response: wrapped(boothPlayResultSchema),
  }),
  sendVerificationMail: route({
    ...apiPaths.sendVerificationMail,
    roles: GUESTS,
    summary: 'Registration, step 1: send a mail with a 6-digit code and a link to the address',
    body: sendVerificationMailBodySchema,
    response: verificationSentResponse,
  }),
  verifyCode: route({
    ...apiPaths.verifyCode,
    roles: EVERYONE,
    summary: 'Registration, step 2: the code from the mail verifies the address for this session',
    body: verifyCodeBodySchema,
    response: verifiedResponse,
  }),
  verifyLink: route({
    ...apiPaths.verifyLink,
    roles: EVERYONE,
    summary: 'Registration, step 2 by the link in the mail (id and token from the link)',
    params: verificationParamsSchema,
    body: verifyLinkBodySchema,
    response: verifiedResponse,
  }),
  register: route({
    ...apiPaths.register,
    roles: GUESTS,
    summary: 'Registration, step 3: a free (MINI) account with a password; signs the session in',
    body: registerBodySchema,
    response: accountStatusResponse,
  }),
  startMailVerification: route({
    ...apiPaths.startMailVerification,
    roles: MEMBERS,
    summary:
      'A member adds or changes their mail address: sends the code and link mail (then verifyCode or verifyLink)',
    body: sendVerificationMailBodySchema,
    response: verificationSentResponse,
  }),
  registerMailAddress: route({
    ...apiPaths.registerMailAddress,
    roles: MEMBERS,
    summary:
      "A member's account gets the address this session proved; an account without a password chooses one",
    body: registerMailAddressBodySchema,
    response: accountStatusResponse,
  }),
  validateEmailParameters: route({
    ...apiPaths.validateEmailParameters,
    roles: EVERYONE,
    summary: 'Checks a mail address before sending: the normalised address, or MAIL_ADDRESS_INVALID',
    body: validateEmailParametersBodySchema,
    response: validEmailParametersResponse,
  }),
  sendRegisterMailFromForm: route({
    ...apiPaths.sendRegisterMailFromForm,
    roles: EVERYONE,
    summary:
      'Registration step 1 posted as a plain HTML form (x-www-form-urlencoded, same-origin Origin): redirects to the code step, or back with ?error=',
    body: registerMailFormBodySchema,
    form: true,
  }),
  login: route({
    ...apiPaths.login,
    roles: EVERYONE,
    summary:
      'Sign in with mail address and password. LOGIN_FAILED for unknown address and wrong password alike',
    body: loginBodySchema,
    response: accountStatusResponse,
  }),
  logout: route({
    ...apiPaths.logout,
    roles: EVERYONE,
    summary: 'Sign out: ends the session (a guest gets the same answer)',
    response: accountStatusResponse,
  }),
  afterLogin: route({
    ...apiPaths.afterLogin,
    roles: EVERYONE,
    summary:
      'Redirect after a sign-in: remembers the method (cookie), sends a member who has not agreed to the latest policies to the agreement page, else to `next`',
    query: afterSignInQuerySchema,
  }),
  afterRegister: route({
    ...apiPaths.afterRegister,
    roles: EVERYONE,
    summary:
      'Redirect after a registration: as afterLogin (a new member always agrees to the policies first)',
    query: afterSignInQuerySchema,
  }),
  policyStatusesLatest: route({
    ...apiPaths.policyStatusesLatest,
    roles: MEMBERS,
    summary:
      'The latest version of each policy (furyu: privacy policy, puribox: data-transmission contract) and whether the caller agreed to it',
    response: policyStatusesResponse,
  }),
  agreePolicies: route({
    ...apiPaths.agreePolicies,
    roles: MEMBERS,
    summary:
      'Agree to the latest version of every policy kind, all in one request; answers the statuses. Agreeing again is harmless',
    body: agreePoliciesBodySchema,
    response: policyStatusesResponse,
  }),
  // Sign-in through the external auth service (decision 0008). These answer with a redirect: to the
  // auth service, then from its callback to the page to end on (or /web/login/fail?reason=…).
  carrierAuth: route({
    ...apiPaths.carrierAuth,
    roles: EVERYONE,
    summary: 'Redirect: sign in (or register) through a carrier; carrier=au|docomo|softbank, next',
    query: carrierAuthQuerySchema,
  }),
  lineLogin: route({
    ...apiPaths.lineLogin,
    roles: EVERYONE,
    summary: 'Redirect: sign in through LINE (an unknown LINE account registers a free member); next',
    query: signInQuerySchema,
  }),
  twitterLogin: route({
    ...apiPaths.twitterLogin,
    roles: EVERYONE,
    summary: 'Redirect: sign in through Twitter (an unknown Twitter account registers a free member); next',
    query: signInQuerySchema,
  }),
  lineRegistration: route({
    ...apiPaths.lineRegistration,
    roles: GUESTS,
    summary:
      'Redirect: register a free member through LINE; optional redirectUri (a path under /sp/ or /web/)',
    query: lineRegistrationQuerySchema,
  }),
  lineLink: route({
    ...apiPaths.lineLink,
    roles: MEMBERS,
    summary:
      'Redirect: link a LINE account to the signed-in account; acp (after success), alp (after failure)',
    query: lineLinkQuerySchema,
  }),
  lineSwitchStart: route({
    ...apiPaths.lineSwitchStart,
    roles: MEMBERS,
    summary: 'Redirect: replace the linked LINE account with another one; acp, alp',
    query: lineLinkQuerySchema,
  }),
  lineSkipRecommendation: route({
    ...apiPaths.lineSkipRecommendation,
    roles: MEMBERS,
    summary: 'Redirect: record that the member declined the "link LINE" recommendation, then go to rp',
    query: skipRecommendationQuerySchema,
  }),
  externalAuthCallback: route({
    ...apiPaths.externalAuthCallback,
    roles: EVERYONE,
    summary: "Redirect: the auth service's answer (OIDC redirect_uri); ends on the flow's page",
    query: externalAuthCallbackQuerySchema,
  }),
  lineRegistrationValidate: route({
    ...apiPaths.lineRegistrationValidate,
    roles: GUESTS,
    summary: 'Checks the parameters of a LINE registration before starting it (REDIRECT_URI_INVALID)',
    query: lineRegistrationValidateQuerySchema,
    response: lineRegistrationValidatedResponse,
  }),
  externalIdentities: route({
    ...apiPaths.externalIdentities,
    roles: MEMBERS,
    summary: "The caller's linked sign-in services (LINE, Twitter, carriers) and when they were linked",
    response: externalIdentitiesResponse,
  }),
  profile: route({
    ...apiPaths.profile,
    roles: MEMBERS,
    summary: "The caller's profile (never fetched for guests)",
    response: profileResponse,
  }),
  profileSummary: route({
    ...apiPaths.profileSummary,
    roles: MEMBERS,
    summary: 'Nickname, image and the 25-or-over check (from the birthday and "now"), for the frame',
    response: profileSummaryResponse,
  }),
  profileUpdate: route({
    ...apiPaths.profileUpdate,
    roles: MEMBERS,
    summary:
      'Replace nickname, birthday, gender and prefecture. SNS_RESTRICTED under an ACCESSCONTROL penalty',
    body: profileUpdateBodySchema,
    response: profileResponse,
  }),
  profileImageUpload: route({
    ...apiPaths.profileImageUpload,
    roles: MEMBERS,
    summary:
      'Set the profile image: multipart field `image`, JPEG/PNG/WebP/AVIF up to 10 MB (checked by content), stored as a square JPEG without metadata',
    response: profileResponse,
  }),
  profileImageRemove: route({
    ...apiPaths.profileImageRemove,
    roles: MEMBERS,
    summary: 'Remove the profile image (its file is deleted)',
    response: profileResponse,
  }),
  profileImage: route({
    ...apiPaths.profileImage,
    roles: MEMBERS,
    summary: 'The profile image (JPEG), only to its owner; anyone else gets 404',
    params: profileImageParamsSchema,
  }),
  accountDeletionCheck: route({
    ...apiPaths.accountDeletionCheck,
    roles: MEMBERS,
    summary: 'Whether the caller may delete the account now, and whether the password is asked',
    response: accountDeletionCheckResponse,
  }),
  accountDelete: route({
    ...apiPaths.accountDelete,
    roles: MEMBERS,
    summary:
      'Delete the account and all its data and files, then sign out. Official: 403; premium: 409 (cancel first)',
    body: accountDeletionBodySchema,
    response: accountStatusResponse,
  }),
  sealRegistration: route({
    ...apiPaths.sealRegistration,
    roles: MEMBERS,
    summary:
      'Save a seal to the member (mini: the first regular puri, premium: all); idempotent. SEAL_FULL past SEAL_MAX_OWNERS accounts',
    params: sealParamsSchema,
    response: sealRegistrationResponse,
  }),
  unsavedList: route({
    ...apiPaths.unsavedList,
    roles: MEMBERS,
    summary: "A mini member's unsaved puris, soonest expiry first (paged); empty for premium",
    query: unsavedListQuerySchema,
    response: unsavedPageResponse,
  }),
  unsavedSummary: route({
    ...apiPaths.unsavedSummary,
    roles: MEMBERS,
    summary:
      "A mini member's unsaved puris: count, the first few, days left and save-by date; empty for premium",
    response: unsavedSummaryResponse,
  }),
  unsavedImage: route({
    ...apiPaths.unsavedImage,
    roles: MEMBERS,
    summary: "Watermarked preview (JPEG) of one of the caller's unsaved puris, id `{sealId}-{puriNumber}`",
    params: unsavedImageParamsSchema,
    query: unsavedImageQuerySchema,
  }),
  savedPlays: route({
    ...apiPaths.savedPlays,
    roles: MEMBERS,
    summary: "My page: the member's saved pictures by play, newest play first, paged (10 plays a page)",
    query: savedPlaysQuerySchema,
    response: savedPlaysResponse,
  }),
  savedImage: route({
    ...apiPaths.savedImage,
    roles: MEMBERS,
    summary:
      'A saved picture: `{imageId}_thumb.jpg`, `_qvga.jpg`, `_medium.jpg` or `{imageId}.jpg` (original); only to its owner (anyone else 404); long-lived cache and ETag; WebP when accepted',
    params: savedImageParamsSchema,
  }),
  playZip: route({
    ...apiPaths.playZip,
    roles: MEMBERS,
    summary: "Every saved picture of one of the member's plays as a ZIP (originals), with Content-Length",
    params: playZipParamsSchema,
  }),
  // Premium payments (issue 5, decisions 0019 and 0020). Only the gateway's verified notification
  // moves a subscription; these start, read and stop.
  paymentSelf: route({
    ...apiPaths.paymentSelf,
    roles: MEMBERS,
    summary:
      'How the caller pays for premium (kindId, viewName, paymentAt) and where it stands; all null without a payment',
    response: paymentSelfResponse,
  }),
  paymentTrial: route({
    ...apiPaths.paymentTrial,
    roles: EVERYONE,
    summary:
      'Whether the au trial is offered: canAdmit (au carrier, a mini member, first time), its end if started now, the reason when not (UFO_DENIED: the flow says no), and the four flows',
    response: trialResponse,
  }),
  optimizedFlow: route({
    ...apiPaths.optimizedFlow,
    roles: EVERYONE,
    summary: 'The case of one flow for the caller: TRIAL (offer the au trial there) or NORMAL',
    params: flowParamsSchema,
    response: flowResponse,
  }),
  paymentUnsubscribable: route({
    ...apiPaths.paymentUnsubscribable,
    roles: MEMBERS,
    summary: "The caller's payments that renew, each with the page to stop it and how (accessMethod)",
    response: unsubscribableResponse,
  }),
  startSubscription: route({
    ...apiPaths.startSubscription,
    roles: MEMBERS,
    summary:
      "Become premium: answers the gateway's consent page to send the browser to. ALREADY_PREMIUM, TRIAL_NOT_ALLOWED, PAYMENT_IN_PROGRESS, PAYMENT_GATEWAY_UNAVAILABLE",
    body: startSubscriptionBodySchema,
    response: redirectResponse,
  }),
  subscription: route({
    ...apiPaths.subscription,
    roles: MEMBERS,
    summary:
      "One of the caller's subscriptions (anyone else's: NOT_FOUND), read on the way back from the gateway",
    params: subscriptionParamsSchema,
    response: subscriptionResponse,
  }),
  cancelSubscription: route({
    ...apiPaths.cancelSubscription,
    roles: MEMBERS,
    summary:
      "Stop renewals: a credit card now (premium to the end of the paid period), a carrier's plan at the carrier (redirectUrl). NOT_CANCELLABLE when it does not renew",
    params: subscriptionParamsSchema,
    response: cancellationResponse,
  }),
  paymentWithdrawal: route({
    ...apiPaths.paymentWithdrawal,
    roles: EVERYONE,
    summary:
      "Redirect: the carrier's page where a payer who cannot sign in stops paying by carrier id; kind=AU|DOCOMO|SOFTBANK",
    query: withdrawalQuerySchema,
  }),
  paymentNotification: route({
    ...apiPaths.paymentNotification,
    roles: ['GATEWAY'],
    summary:
      "The payment gateway's signed notification (PuriBox-Pay-Signature over the raw body); applied once by its event id. PAYMENT_SIGNATURE_INVALID, PAYMENT_NOTIFICATION_INVALID",
    response: notificationAckResponse,
  }),
} as const

export type ApiRoutes = typeof api
