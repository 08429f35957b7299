import { z } from 'zod'
import { EXTERNAL_PROVIDERS } from './external-auth'
import { wrapped } from './wrapper'

/**
 * A query parameter of a full-page route of the external sign-in. Typed loosely on purpose: a bad
 * value (repeated, too long, off-site) must end on the failure page, not on a JSON 400, so the
 * service judges it (REDIRECT_URI_INVALID, AUTH_REQUEST_INVALID).
 */
const pageParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .describe('one value; anything else ends on /web/login/fail?reason=…')

/**
 * `agreed=<kind>:<version>`, once per policy: the versions the person agreed to on the page that
 * sent them (the agreement payload, one item per value). Recorded when the trip ends signed in,
 * with the new account when it makes one. Not of that shape, not every kind in its latest version,
 * or sent from another site's page: ignored, and the agreement page asks afterwards.
 */
const agreedParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .describe('`<kind>:<version>` per policy agreed; anything else is ignored')

/** `next`: where to end after signing in (a path under /sp/ or /web/; default the top page). */
export const signInQuerySchema = z.object({ next: pageParam, agreed: agreedParam })

/** `/sp/account/carrier_auth?carrier=au|docomo|softbank&next=…` */
export const carrierAuthQuerySchema = z.object({ carrier: pageParam, next: pageParam, agreed: agreedParam })

/** `redirectUri`: where to end after registering (a path under /sp/ or /web/; default the top page). */
export const lineRegistrationQuerySchema = z.object({ redirectUri: pageParam, agreed: agreedParam })

/** `acp`: where to end after the link is made; `alp`: where to end when it fails (`&reason=` added). */
export const lineLinkQuerySchema = z.object({ acp: pageParam, alp: pageParam })

/** `rp`: where to go back to after declining the "link LINE" recommendation. */
export const skipRecommendationQuerySchema = z.object({ rp: pageParam })

/** Declining the "link LINE" recommendation: `rp`, where to go on (a path under /sp/ or /web/). */
export const declineRecommendationBodySchema = z.object({ rp: z.string().max(2048).optional() })
/** Where the browser goes on: `rp` when it is allowed, else the settings page. */
export const declinedRecommendationSchema = z.object({ next: z.string() })
export const declinedRecommendationResponse = wrapped(declinedRecommendationSchema)

/** The auth service's answer (OIDC authorization response); every parameter goes to the OIDC client. */
export const externalAuthCallbackQuerySchema = z.looseObject({
  state: pageParam,
  code: pageParam,
  error: pageParam,
  iss: pageParam,
})

/** GET /sp/2/account/registration/line/validate_parameters?redirectUri=… */
export const lineRegistrationValidateQuerySchema = z.object({
  redirectUri: z.string().max(10_000).optional(),
})
export const lineRegistrationValidatedSchema = z.object({
  /** Where the registration will end: the given path, or the top page when none was given. */
  redirectUri: z.string(),
})

export const externalProviderSchema = z.enum(EXTERNAL_PROVIDERS)

/** GET /sp/2/account/identities: the caller's linked sign-in services (never anyone's subject id). */
export const externalIdentitiesSchema = z.object({
  identities: z.array(
    z.object({
      provider: externalProviderSchema,
      /** When it was linked, Japan time. */
      linkedAt: z.string(),
    }),
  ),
  /** The member said no to the "link LINE" recommendation (skip_recommendation). */
  lineRecommendationDeclined: z.boolean(),
})
export type ExternalIdentities = z.infer<typeof externalIdentitiesSchema>

export const lineRegistrationValidatedResponse = wrapped(lineRegistrationValidatedSchema)
export const externalIdentitiesResponse = wrapped(externalIdentitiesSchema)
