/**
 * The auditions page (decision 0049), apart from `pages.ts`'s `links` and from the zod schemas: the
 * screens that link to it are loaded later, and the first load carries nothing of it but its route.
 */
export const AUDITION_PAGE = '/sp/audition'

/** The page's query on the way back from the verifier: the check PuriBox started. */
export const AUDITION_RETURN_PARAM = 'check'

/**
 * The guardian's consent page (decision 0060), opened from the mail PuriBox sends a minor's
 * guardian: `?token=` the link's one-time token (logs redact it by that name).
 */
export const AUDITION_CONSENT_PAGE = '/sp/audition/consent'

export const AUDITION_CONSENT_TOKEN_PARAM = 'token'
