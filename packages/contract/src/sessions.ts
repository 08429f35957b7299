import { z } from 'zod'
import { wrapped } from './wrapper'

/** One place a member is signed in, as their settings list it. */
export const signedInSessionSchema = z.object({
  /** Stands for the session in this list only (not its cookie, nor anything that finds it). */
  id: z.string(),
  /** The phone or computer and the browser, joined by a middle dot; null when the browser did not say. */
  device: z.string().nullable(),
  /** When it was signed in, Japan time. */
  signedInAt: z.string(),
  /** When it was last used (to the hour), Japan time. */
  lastUsedAt: z.string(),
  /** The session of this very request. */
  current: z.boolean(),
})
export type SignedInSession = z.infer<typeof signedInSessionSchema>

export const signedInSessionsSchema = z.object({ sessions: z.array(signedInSessionSchema) })
export const signedInSessionsResponse = wrapped(signedInSessionsSchema)
