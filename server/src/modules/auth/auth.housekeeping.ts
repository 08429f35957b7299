import { lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { mailVerifications, passwordResets, signInDevices } from './auth.schema'

const DAY_MS = 24 * 60 * 60 * 1000

/** A browser that has not signed in to an account for this long is a stranger to it again. */
export const DEVICE_FORGOTTEN_AFTER_DAYS = 365

/**
 * Removes what sign-up, sign-in and password resets leave behind once it can matter to no one:
 * verifications and resets a day past their end (kept that long so a late click still gets
 * "expired", not "not found"), rate limit windows a day old (the longest window is an hour), and
 * browsers known to an account that have not signed in to it for a year.
 */
export async function sweepAuthLeftovers(
  db: Database,
  throttle: { sweep(cutoff: Date): Promise<void> },
  now: Date,
): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS)
  await db.delete(mailVerifications).where(lt(mailVerifications.expiresAt, dayAgo))
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, dayAgo))
  await throttle.sweep(dayAgo)
  const deviceCutoff = new Date(now.getTime() - DEVICE_FORGOTTEN_AFTER_DAYS * DAY_MS)
  await db.delete(signInDevices).where(lt(signInDevices.lastUsedAt, deviceCutoff))
}
