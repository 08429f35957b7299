import { z } from 'zod'
import { SNS_PENALTY_REASONS } from './penalty-reasons'

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
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  // Profile and leaving
  NICKNAME_INVALID: 400,
  BIRTHDAY_INVALID: 400,
  CONFIRMATION_REQUIRED: 400,
  PASSWORD_WRONG: 403,
  SNS_RESTRICTED: 403,
  OFFICIAL_ACCOUNT_CANNOT_LEAVE: 403,
  PREMIUM_ACTIVE: 409,
  IMAGE_FORMAT_UNSUPPORTED: 415,
  // Puri-getting penalties: YELLOW answers Retry-After; RED lasts until an operator clears it
  PURIGET_PENALTY_RED: 403,
  PURIGET_PENALTY_YELLOW: 429,
  // Saving
  SEAL_FULL: 409,
  // Premium payments
  PAYMENT_NOTIFICATION_INVALID: 400,
  PAYMENT_SIGNATURE_INVALID: 401,
  TRIAL_NOT_ALLOWED: 403,
  // A carrier's add-on plan (decision 0066)
  ADD_ON_NOT_ALLOWED: 403,
  PLAN_NOT_OFFERED: 400,
  ALREADY_PREMIUM: 409,
  PAYMENT_IN_PROGRESS: 409,
  NOT_CANCELLABLE: 409,
  // Undoing a cancellation
  NOT_CANCELLED: 409,
  RESUME_NOT_OFFERED: 409,
  PAID_PERIOD_OVER: 410,
  PAYMENT_REFUSED: 502,
  PAYMENT_GATEWAY_UNAVAILABLE: 503,
  // Password reset by mail
  PASSWORD_RESET_CODE_WRONG: 400,
  PASSWORD_RESET_NOT_FOUND: 404,
  PASSWORD_RESET_INCOMPLETE: 409,
  PASSWORD_RESET_EXPIRED: 410,
  PASSWORD_RESET_USED: 410,
  PASSWORD_RESET_LOCKED: 410,
  // Ads: the viewer token of the ad routes
  AD_TOKEN_INVALID: 401,
  // Coupons: a ticket is used once, within its validity
  COUPON_ALREADY_USED: 409,
  COUPON_NOT_YET_VALID: 409,
  COUPON_EXPIRED: 410,
  // Booths and shops: the machine page's model, a near-me search's position
  MACHINE_NOT_FOUND: 404,
  POSITION_OUTSIDE_JAPAN: 400,
  // Booths in the operators' console: models, shops, machines and their keys
  MACHINE_MODEL_TAKEN: 409,
  SHOP_NOT_FOUND: 404,
  SHOP_TAKEN: 409,
  SHOP_IMPORT_INVALID: 400,
  BOOTH_MACHINE_NOT_FOUND: 404,
  BOOTH_MACHINE_TAKEN: 409,
  MACHINE_KEY_NOT_FOUND: 404,
  // Content in the operators' console: news, banners and help
  NEWS_NOT_FOUND: 404,
  NEWS_STATE_CONFLICT: 409,
  SCHEDULE_IN_PAST: 400,
  BANNER_NOT_FOUND: 404,
  BANNER_WITHDRAWN: 409,
  HELP_CATEGORY_NOT_FOUND: 404,
  HELP_CATEGORY_FULL: 409,
  HELP_ANSWER_NOT_FOUND: 404,
  HELP_ANSWER_TAKEN: 409,
  HELP_RELATED_INVALID: 400,
  ORDER_STALE: 409,
  // Information pages and policies in the operators' console (decision 0078)
  INFORMATION_VERSION_NOT_FOUND: 404,
  INFORMATION_VERSION_TAKEN: 409,
  INFORMATION_VERSION_PUBLISHED: 409,
  INFORMATION_NOT_SCHEDULED: 409,
  INFORMATION_DRAFTS_FULL: 409,
  INFORMATION_MARKDOWN_UNSUPPORTED: 400,
  // Operators signing in to the console (decision 0070)
  OPERATOR_UNAUTHENTICATED: 401,
  OPERATOR_SIGN_IN_FAILED: 401,
  // Members in the operators' console: finding one, their penalties, deleting an account
  MEMBER_NOT_FOUND: 404,
  PENALTY_NOT_SET: 409,
  DELETION_CONFIRMATION_MISMATCH: 400,
  // The junior-high free premium (decision 0047): premium free, nothing to buy
  JHS_PREMIUM_ACTIVE: 409,
  // Auditions: the identity check
  AUDITION_BIRTHDAY_REQUIRED: 409,
  AUDITION_AGE_MISMATCH: 403,
  AUDITION_ALREADY_VERIFIED: 409,
  AUDITION_CLOSED: 410,
  IDENTITY_VERIFIER_UNAVAILABLE: 503,
  // Auditions: a minor's guardian consent (decision 0060)
  AUDITION_GUARDIAN_CONSENT_REQUIRED: 409,
  AUDITION_GUARDIAN_CONSENT_NOT_NEEDED: 409,
  AUDITION_GUARDIAN_CONSENT_GIVEN: 409,
  AUDITION_GUARDIAN_NAME_INVALID: 400,
  AUDITION_GUARDIAN_MAIL_OWN: 400,
  AUDITION_CONSENT_LINK_INVALID: 404,
  AUDITION_CONSENT_LINK_EXPIRED: 410,
  AUDITION_CONSENT_LINK_REPLACED: 410,
  AUDITION_CONSENT_ANSWERED: 410,
  AUDITION_CONSENT_BY_APPLICANT: 403,
  // Auditions in the operators' console (decision 0080)
  AUDITION_NOT_FOUND: 404,
  AUDITION_TAKEN: 409,
  AUDITION_STATE_CONFLICT: 409,
  // Junior-high free premium (decision 0048)
  JHS_NAME_INVALID: 400,
  JHS_BIRTH_DATE_INVALID: 400,
  JHS_NOT_JUNIOR_HIGH_AGE: 400,
  JHS_GRADE_MISMATCH: 400,
  CERTIFICATE_NOT_AN_IMAGE: 415,
  CERTIFICATE_UNREADABLE: 422,
  CERTIFICATE_TOO_LARGE: 413,
  CERTIFICATE_MISSING: 400,
  UPLOAD_OFFSET_MISMATCH: 409,
  JHS_APPLICATION_PENDING: 409,
  JHS_ALREADY_PREMIUM: 409,
  JHS_APPLICATION_NOT_SUBMITTED: 409,
  INTERNAL_ERROR: 500,
  AUTH_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  AUTH_SERVICE_UNAVAILABLE: 503,
  // Inquiries (decision 0046)
  INQUIRY_INVALID: 400,
  INQUIRY_TOPIC_UNKNOWN: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  // Inquiries and junior-high applications in the operators' console (decision 0073)
  INQUIRY_NOT_FOUND: 404,
  INQUIRY_ASSIGNEE_INVALID: 400,
  INQUIRY_REPLY_NOT_MAILED: 502,
  JHS_APPLICATION_NOT_FOUND: 404,
  JHS_CERTIFICATE_DELETED: 410,
  JHS_PREMIUM_PERIOD_OVER: 409,
  // Seals hidden by operators after a report (decision 0075)
  SEAL_HIDDEN: 403,
  SEAL_NOT_HIDDEN: 409,
  // Coupons in the operators' console (decision 0079)
  COUPON_NOT_FOUND: 404,
  COUPON_STATE_CONFLICT: 409,
  COUPON_NOT_GIVABLE: 409,
  COUPON_ALREADY_GIVEN: 409,
  // Ads in the operators' console (decision 0077)
  AD_NOT_FOUND: 404,
  AD_SPACE_NOT_FOUND: 404,
  AD_SPACE_EXISTS: 409,
  AD_STATE_CONFLICT: 409,
  AD_CONVERSION_ID_TAKEN: 409,
  AD_WINDOW_INVALID: 400,
} as const

export type ErrorCode = keyof typeof errorStatus

/**
 * What each code means, in a sentence, for the OpenAPI document's error answers (an app team's
 * generator shows them next to the code). A route's own rules are in its `description`.
 */
export const errorMeanings: Record<ErrorCode, string> = {
  VALIDATION_FAILED:
    'The request does not match the schema (path, query or body), or its URL cannot be read.',
  INVALID_JSON: 'The body is sent as JSON but is not JSON.',
  SEAL_ID_MALFORMED: 'The seal ID is not 10 characters of 0-9 and A-Z (after normalising).',
  BOOTH_META_INVALID: "The play's `meta` field is missing, not JSON, or does not agree with the image files.",
  IMAGE_INVALID: 'The picture cannot be decoded, or has too many pixels.',
  IMAGE_MISSING: 'A picture the request needs is not in it (or is empty).',
  MAIL_ADDRESS_INVALID: 'Not a mail address.',
  PASSWORD_INVALID: 'The password does not follow the password rules.',
  VERIFICATION_CODE_WRONG: 'The code is not the one in the mail.',
  POLICY_KIND_UNKNOWN: 'A policy kind other than `furyu` and `puribox`.',
  POLICY_VERSION_UNKNOWN: 'No such version of the policy was ever published.',
  POLICY_AGREEMENT_INCOMPLETE: 'Every policy kind must be agreed to at once.',
  AUTH_REQUEST_INVALID: 'A sign-in request the auth service cannot take (an unknown carrier).',
  REDIRECT_URI_INVALID: 'The return path is not a same-origin path under `/sp/` or `/web/`.',
  AUTH_STATE_INVALID: "The auth service's answer belongs to no sign-in started by this browser.",
  UNAUTHENTICATED: 'Members only: sign in first.',
  MACHINE_KEY_INVALID: 'No valid booth machine key in `Authorization: Bearer`.',
  LOGIN_FAILED: 'The mail address or the password is wrong (the same answer for both).',
  CSRF_REJECTED: 'A state change without `X-Requested-With`, or from another origin.',
  FORBIDDEN: "Not for the caller's membership.",
  MACHINE_MISMATCH: 'The `machineId` of the play is not the machine the key belongs to.',
  ACCOUNT_SUSPENDED: 'The account is suspended (SNS penalty SUSPENSION).',
  ALREADY_SIGNED_IN: 'Guests only: sign out first.',
  AUTH_CANCELLED: 'The person cancelled at the auth service.',
  NOT_FOUND: "Nothing of the caller's by this name (someone else's is not found either).",
  SEAL_NOT_FOUND:
    'No seal has this ID; counts towards the puri-getting penalty (once per ID), and `penalty` says how many tries are left.',
  TIME_TRAVEL_DISABLED: 'Time travel is switched off on this server.',
  VERIFICATION_NOT_FOUND: 'No such mail verification (or not one this route may use).',
  METHOD_NOT_ALLOWED: 'The path exists, but not with this method.',
  MAIL_ADDRESS_TAKEN: 'Another account has this mail address.',
  VERIFICATION_INCOMPLETE: "The mail address was not proved (code or link) in this browser's session.",
  POLICY_VERSION_OUTDATED: 'A newer version of the policy was published: read it and agree again.',
  IDENTITY_TAKEN: 'This external identity is linked to another account.',
  PROVIDER_ALREADY_LINKED: 'The account already has an identity of this service linked.',
  SEAL_EXPIRED: 'The seal has expired.',
  VERIFICATION_EXPIRED: 'The verification was used, expired, or had too many wrong codes: send a new mail.',
  AUTH_STATE_EXPIRED: 'The sign-in took too long: start again.',
  PAYLOAD_TOO_LARGE: 'The body, or one of its files, is over its size limit.',
  UNSUPPORTED_MEDIA_TYPE: 'The body is of a content type this route does not take.',
  RATE_LIMITED: 'Too many requests: try again after `Retry-After` seconds.',
  HEADERS_TOO_LARGE:
    "The request's headers are over the server's limit (16 KB): usually too many or too large cookies.",
  REQUEST_TIMEOUT: 'The request did not arrive whole in time; the connection is closed.',
  NICKNAME_INVALID: 'The nickname does not follow the nickname rules.',
  BIRTHDAY_INVALID: 'The birthday is not a possible birthday.',
  CONFIRMATION_REQUIRED: 'The confirmation box was not ticked.',
  PASSWORD_WRONG: 'The password typed again is wrong.',
  SNS_RESTRICTED:
    'Profile edits and ad reactions are restricted for this account (SNS penalty ACCESSCONTROL).',
  OFFICIAL_ACCOUNT_CANNOT_LEAVE: 'An official account cannot be deleted by its member.',
  PREMIUM_ACTIVE: 'Premium still renews: cancel it first.',
  IMAGE_FORMAT_UNSUPPORTED: 'The picture is not JPEG, PNG, WebP or AVIF.',
  PURIGET_PENALTY_RED: 'Puri getting is stopped for this account until an operator clears the penalty.',
  PURIGET_PENALTY_YELLOW:
    'Too many unknown seal IDs lately: try again after `Retry-After` seconds (`penalty.pausedUntil`).',
  SEAL_FULL: 'The seal has been saved by as many accounts as it may be.',
  PAYMENT_NOTIFICATION_INVALID: 'The notification body is not a gateway event.',
  PAYMENT_SIGNATURE_INVALID: 'No valid `PuriBox-Pay-Signature` over the body.',
  TRIAL_NOT_ALLOWED: 'The au trial is not offered to the caller.',
  ADD_ON_NOT_ALLOWED:
    "The carrier's add-on plan is only for an account whose au or docomo line may take it (`canAddOn`).",
  PLAN_NOT_OFFERED: 'The plan is not one a new subscription of this kind is billed under.',
  ALREADY_PREMIUM: 'Premium already, or paying for it.',
  PAYMENT_IN_PROGRESS: 'An earlier payment is still being settled.',
  NOT_CANCELLABLE: 'This payment does not renew.',
  NOT_CANCELLED: 'This payment is not cancelled: it still renews, or it has ended.',
  RESUME_NOT_OFFERED:
    "A carrier's cancellation cannot be undone: subscribe again once the paid period is over.",
  PAID_PERIOD_OVER: 'The paid period of this cancelled payment is over: subscribe again.',
  PAYMENT_REFUSED: 'The payment gateway refused the request.',
  PAYMENT_GATEWAY_UNAVAILABLE: 'The payment gateway did not answer: try again later.',
  PASSWORD_RESET_CODE_WRONG: 'The code is not the one in the password reset mail.',
  PASSWORD_RESET_NOT_FOUND: 'No such password reset (or its account is gone, or has another address now).',
  PASSWORD_RESET_INCOMPLETE: "The reset's code or link was not entered in this browser's session.",
  PASSWORD_RESET_EXPIRED:
    'The code and link of this reset (or the time to choose the password after them) ran out: request a new mail.',
  PASSWORD_RESET_USED: 'A password was already set with this reset, or with a later one of the same account.',
  PASSWORD_RESET_LOCKED: 'Too many wrong codes for this reset: request a new mail.',
  AD_TOKEN_INVALID:
    "No ad token in `Authorization: Bearer`, or not the caller's (another session's, a guest's for a member, or forged): get the caller's own from GET /sp/advertisements/token.",
  COUPON_ALREADY_USED:
    'The coupon ticket was used already (by another tap, device or request); `error.usedAt` says when.',
  COUPON_NOT_YET_VALID: 'The coupon ticket cannot be used yet: its validity has not started.',
  COUPON_EXPIRED: 'The coupon ticket was not used within its validity.',
  MACHINE_NOT_FOUND: 'No machine model has this id.',
  POSITION_OUTSIDE_JAPAN:
    'The position (`lat`, `lng`) is not in Japan (latitude 20-46, longitude 122-154): there are no shops near it.',
  MACHINE_MODEL_TAKEN: 'A machine model has this id already.',
  SHOP_NOT_FOUND: 'No shop has this id.',
  SHOP_TAKEN:
    'A shop with the same name, prefecture, city and address exists already (compared after Unicode NFKC and collapsing spaces).',
  SHOP_IMPORT_INVALID:
    'The shops file was refused whole, nothing written: `error.importProblems` lists every problem with its row and column.',
  BOOTH_MACHINE_NOT_FOUND: 'No machine (a booth standing in a shop) has this id.',
  BOOTH_MACHINE_TAKEN: 'A machine has this id already.',
  MACHINE_KEY_NOT_FOUND: 'The machine has no key of this id.',
  NEWS_NOT_FOUND: 'No news item has this id.',
  NEWS_STATE_CONFLICT:
    'The news item is not in a state this step can start from (publishing what is published, withdrawing a draft or what is withdrawn).',
  SCHEDULE_IN_PAST: 'The time to publish at has passed: schedule for later, or publish now.',
  BANNER_NOT_FOUND: 'No banner has this id.',
  BANNER_WITHDRAWN: 'The banner was withdrawn: it stays as it was; make a new one.',
  HELP_CATEGORY_NOT_FOUND: 'No help category has this id.',
  HELP_CATEGORY_FULL: 'The help category holds as many answers as it may (60).',
  HELP_ANSWER_NOT_FOUND: 'No help answer (not removed) has this id.',
  HELP_ANSWER_TAKEN: 'A help answer has this id already: ids appear in page addresses, so each is used once.',
  HELP_RELATED_INVALID: 'A related id is not another help answer (not removed).',
  ORDER_STALE:
    'The ids are not exactly the items to order now (another operator added, moved or removed one): read the list again.',
  INFORMATION_VERSION_NOT_FOUND: 'The information page has no version of this label (draft or published).',
  INFORMATION_VERSION_TAKEN:
    'The information page has a version of this label already: each label is used once.',
  INFORMATION_VERSION_PUBLISHED:
    'The version is published or scheduled: a published version never changes (a change is a new version); a scheduled one is taken back to a draft first.',
  INFORMATION_NOT_SCHEDULED: 'The version is a draft, not scheduled: there is no schedule to take back.',
  INFORMATION_DRAFTS_FULL: 'The information page holds as many drafts and scheduled versions as it may (20).',
  INFORMATION_MARKDOWN_UNSUPPORTED:
    "The body has Markdown members' pages cannot show as written (raw HTML, an unsafe link, …) or shows nothing: the preview lists the problems.",
  OPERATOR_UNAUTHENTICATED:
    "The operators' console only: sign in as an operator first (no console session, or it ended after 30 minutes unused or 12 hours).",
  OPERATOR_SIGN_IN_FAILED:
    'The mail address, the password or the code is wrong, or the operator is disabled (the same answer for all).',
  MEMBER_NOT_FOUND: 'No account has this id (it never existed, or it was deleted).',
  PENALTY_NOT_SET:
    'The account has no penalty of this kind to clear: nobody set one, or it was cleared meanwhile.',
  DELETION_CONFIRMATION_MISMATCH:
    "The confirmation typed is neither the account's id nor its mail address: nothing was deleted.",
  JHS_PREMIUM_ACTIVE: 'The member has the junior-high free premium: there is no premium to buy.',
  AUDITION_BIRTHDAY_REQUIRED:
    "The audition's age rule needs the member's birthday: set it in the profile first.",
  AUDITION_AGE_MISMATCH: 'The member\'s age on "now" is outside the audition\'s age range.',
  AUDITION_ALREADY_VERIFIED: "The member's identity is already checked for this audition.",
  AUDITION_CLOSED: 'The audition is not taking applications (closed here or at the identity verifier).',
  IDENTITY_VERIFIER_UNAVAILABLE:
    'The identity verifier did not answer (or answered something unexpected); nothing was stored. Try again later.',
  AUDITION_GUARDIAN_CONSENT_REQUIRED:
    "The member is under 18: the identity check starts only once a guardian agreed through the link in PuriBox's mail.",
  AUDITION_GUARDIAN_CONSENT_NOT_NEEDED: 'The member is 18 or over: applying needs no guardian consent.',
  AUDITION_GUARDIAN_CONSENT_GIVEN:
    'A guardian already agreed to this application: there is nothing to ask again.',
  AUDITION_GUARDIAN_NAME_INVALID:
    "The guardian's name is empty, too long (40 characters) or has control characters.",
  AUDITION_GUARDIAN_MAIL_OWN:
    "The guardian's mail address is the member's own: the consent must come from the guardian.",
  AUDITION_CONSENT_LINK_INVALID: 'No consent request has this token (a mistyped or forged link).',
  AUDITION_CONSENT_LINK_EXPIRED:
    'The consent link ran out (72 hours) unanswered: the member must send a new request.',
  AUDITION_CONSENT_LINK_REPLACED:
    "The member sent a newer request (perhaps to another address): only the newest mail's link works.",
  AUDITION_CONSENT_ANSWERED: 'The consent link was used already: a link is answered once.',
  AUDITION_CONSENT_BY_APPLICANT:
    'The link was opened signed in as the member who applies: the guardian answers it, signed out or as themselves.',
  AUDITION_NOT_FOUND: 'No audition has this id.',
  AUDITION_TAKEN:
    "An audition has this id already: the id is the audition's at the identity verifier, so each is used once.",
  AUDITION_STATE_CONFLICT:
    'The audition is closed (it stays as it closed), or it has opened and its opening can no longer change.',
  JHS_NAME_INVALID: 'The family or given name is empty, too long (30 characters) or has control characters.',
  JHS_BIRTH_DATE_INVALID: 'The birth date is not a day of the calendar.',
  JHS_NOT_JUNIOR_HIGH_AGE:
    'Someone born on that day is not in junior high school today (Japanese school years, 1 April to 31 March).',
  JHS_GRADE_MISMATCH: 'Someone born on that day is in another grade of junior high school today.',
  CERTIFICATE_NOT_AN_IMAGE:
    'The file is not a JPEG, PNG or HEIC picture, read from its content (a renamed file is refused).',
  CERTIFICATE_UNREADABLE:
    "The file starts like a JPEG, PNG or HEIC picture but does not decode to its last pixel: cut short, damaged, or something else behind a picture's first bytes.",
  CERTIFICATE_TOO_LARGE:
    'A certificate picture is over 10 MB or 100 million pixels (read from its header), or a chunk over 512 KB.',
  CERTIFICATE_MISSING:
    'A certificate named by the application is not a complete upload of the caller for that slot (unknown, still uploading, or sent with another application).',
  UPLOAD_OFFSET_MISMATCH:
    'The chunk does not start where the server has got to (another tab, or an answer lost on the way): GET the upload for its offset and go on from there.',
  JHS_APPLICATION_PENDING:
    'An application of the caller is waiting for review: no second one until it is reviewed.',
  JHS_ALREADY_PREMIUM: "The caller's junior-high free premium is running.",
  JHS_APPLICATION_NOT_SUBMITTED: 'The application was reviewed already (approved or rejected).',
  INTERNAL_ERROR: 'Something failed on the server (logged; no details are given).',
  AUTH_FAILED: 'The auth service could not sign the person in.',
  SERVICE_UNAVAILABLE: 'The service is not available now: try again later.',
  AUTH_SERVICE_UNAVAILABLE: 'The auth service did not answer: try again later.',
  INQUIRY_INVALID:
    "The inquiry breaks the form's rules (`inquiryProblems` of the contract): `error.problems` lists every field and what is wrong with it.",
  INQUIRY_TOPIC_UNKNOWN: 'The topic is not one of INQUIRY_TOPICS.',
  IDEMPOTENCY_KEY_REUSED:
    'This idempotency key was used by someone else: make a new key (a UUID) for each inquiry.',
  INQUIRY_NOT_FOUND: 'No inquiry has this id (it never existed, or its account was deleted).',
  INQUIRY_ASSIGNEE_INVALID:
    'The operator given is not one who handles inquiries (support or admin) and may sign in.',
  INQUIRY_REPLY_NOT_MAILED:
    'The mail server did not take the reply: nothing was kept nor changed; send it again.',
  JHS_APPLICATION_NOT_FOUND: 'No junior-high application has this id (or its account was deleted).',
  JHS_CERTIFICATE_DELETED:
    "The application's certificate pictures were deleted (30 days after its review); the application stays.",
  JHS_PREMIUM_PERIOD_OVER:
    'The premium an approval would give has ended already (the third school year of the grade given is over): reject it instead.',
  SEAL_HIDDEN:
    'PuriBox has hidden this seal after a report: nobody may look at or save its pictures, and those saved are not shown.',
  SEAL_NOT_HIDDEN: 'The seal is not hidden: members see it already.',
  COUPON_NOT_FOUND: 'No coupon has this id.',
  COUPON_STATE_CONFLICT:
    'The coupon is not in a state this step takes (a published coupon is not changed, a withdrawn one not published).',
  COUPON_NOT_GIVABLE: 'Members get this coupon by themselves: only an individual coupon is given by hand.',
  COUPON_ALREADY_GIVEN: 'The member holds a ticket of this coupon already.',
  AD_NOT_FOUND: 'No ad has this id.',
  AD_SPACE_NOT_FOUND: 'No ad space has this id.',
  AD_SPACE_EXISTS: 'An ad space has this id already.',
  AD_STATE_CONFLICT:
    'The ad is not in a state this step takes (a withdrawn ad takes none; one members see or saw is not published again).',
  AD_CONVERSION_ID_TAKEN: "Another ad has this conversion id: the advertiser's id names one ad.",
  AD_WINDOW_INVALID: "The ad's end is not after its start (or has passed, for an ad being published).",
}

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]

export const errorCodeSchema = z.enum(errorCodes)

/**
 * Where the caller stands with the puri-getting penalty (decision 0034), sent with the answers of a
 * seal lookup that concern it: SEAL_NOT_FOUND to a person, PURIGET_PENALTY_YELLOW and
 * PURIGET_PENALTY_RED. Optional: an app that does not read it loses nothing the code does not say.
 */
export const purigetStandingSchema = z
  .object({
    triesLeft: z
      .number()
      .int()
      .min(0)
      .describe(
        'How many more unknown seal IDs (IDs not tried before in the window) the caller may type before lookups stop; 0 when they have stopped.',
      ),
    stopsWith: z
      .enum(['YELLOW', 'RED'])
      .describe(
        'What stops them: YELLOW pauses lookups for an hour, RED until an operator clears it (an account that reaches 30 in a day).',
      ),
    pausedUntil: z
      .string()
      .nullable()
      .describe('While YELLOW: when lookups start again (YYYY-MM-DDTHH:mm:ss, Japan time); null otherwise.'),
  })
  .describe("The caller's standing with the puri-getting penalty.")

export type PurigetStanding = z.infer<typeof purigetStandingSchema>

export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  penalty: purigetStandingSchema.optional(),
  usedAt: z
    .string()
    .optional()
    .describe('With COUPON_ALREADY_USED: when the ticket was used (YYYY-MM-DDTHH:mm:ss, Japan time).'),
  penaltyReason: z
    .enum(SNS_PENALTY_REASONS)
    .optional()
    .describe(
      'With ACCOUNT_SUSPENDED when the password was right: why the account is suspended, one of the fixed reasons an operator picks from (`penalty-reasons.ts`); absent when none was recorded.',
    ),
})

/**
 * With INQUIRY_INVALID: every problem of the inquiry, field by field (`field` one of INQUIRY_FIELDS,
 * `problem` one of INQUIRY_PROBLEMS of `inquiry-rules.ts`; `index` the entry of a list field;
 * `suggestion` with TYPO). Not in `apiErrorSchema`: the wrapper of every answer of the OpenAPI
 * document repeats that schema, and this belongs to one route (its description shows it).
 */
export interface InquiryProblemDetail {
  field: string
  problem: string
  index?: number
  suggestion?: string
}

/**
 * With SHOP_IMPORT_INVALID: every problem of the shops file, as `shopImportProblemSchema` of
 * `admin-booths.ts` says (the row as a spreadsheet numbers it, the column, the problem). The
 * console's own: not in `apiErrorSchema`, which the app's OpenAPI document repeats.
 */
export interface ImportProblemDetail {
  row: number | null
  column: string | null
  code: string
}

/** What an error answer may carry besides its code and message. */
export type ApiErrorDetails = Omit<z.infer<typeof apiErrorSchema>, 'code' | 'message'> & {
  problems?: readonly InquiryProblemDetail[]
  importProblems?: readonly ImportProblemDetail[]
}

export type ApiError = z.infer<typeof apiErrorSchema>
