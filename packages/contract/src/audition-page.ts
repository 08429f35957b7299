/**
 * The auditions page (decision 0049), apart from `pages.ts`'s `links` and from the zod schemas: the
 * screens that link to it are loaded later, and the first load carries nothing of it but its route.
 */
export const AUDITION_PAGE = '/sp/audition'

/** The page's query on the way back from the verifier: the check PuriBox started. */
export const AUDITION_RETURN_PARAM = 'check'
