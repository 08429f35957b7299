import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Actor } from '../actor'
import type { EventBus } from '../events'
import { accounts } from './accounts.schema'

/** A grade of junior high school: its first, second or third year. */
export type SchoolGrade = 1 | 2 | 3

const JST_OFFSET_MS = 9 * 60 * 60 * 1000

/**
 * The instant the junior-high free premium ends (decision 0047): 1 April 00:00 Asia/Tokyo right
 * after 31 March of the pupil's third school year, for a pupil in `grade` on the date `on`. A
 * Japanese school year starts on 1 April, so on 31 March a pupil is still in last year's grade.
 */
export function schoolPremiumEnd(grade: SchoolGrade, on: Date): Date {
  const jst = new Date(on.getTime() + JST_OFFSET_MS)
  // The calendar year the school year of `on` started in (April or later: this year).
  const schoolYear = jst.getUTCMonth() >= 3 ? jst.getUTCFullYear() : jst.getUTCFullYear() - 1
  const endYear = schoolYear + (3 - grade) + 1
  return new Date(Date.UTC(endYear, 3, 1) - JST_OFFSET_MS)
}

/** A grant of the junior-high free premium: to whom, until when, as of when, and who granted it. */
export interface SchoolPremiumGrant {
  accountId: string
  until: Date
  now: Date
  actor: Actor
}

/**
 * Makes the account JHS_PREMIUM until `until` (decision 0047), in the caller's transaction: the
 * account row is locked, its end written, and — when this makes it premium — `account.became-premium`
 * is told, on which saving keeps its unsaved puris of live seals. A paid premium subscription that
 * still renews is stopped the way the member's cancel does it (the payments module's "renewals of
 * school premium" job asks the gateway and applies its CANCELLED answer), so no money is taken for
 * what is now free; the paid period already bought is kept. Throws when the account does not exist.
 */
export async function grantSchoolPremium(
  db: Database,
  events: Pick<EventBus, 'emit'>,
  grant: SchoolPremiumGrant,
): Promise<void> {
  const { accountId, until, now } = grant
  const [account] = await db
    .select({ premiumUntil: accounts.premiumUntil, schoolPremiumUntil: accounts.schoolPremiumUntil })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update')
  if (!account) throw new Error(`grantSchoolPremium: no account ${accountId}`)
  await db.update(accounts).set({ schoolPremiumUntil: until }).where(eq(accounts.id, accountId))
  const hadPremium = [account.premiumUntil, account.schoolPremiumUntil].some(
    (end) => end !== null && end > now,
  )
  if (!hadPremium && until > now) {
    await events.emit(db, 'account.became-premium', {
      actor: grant.actor,
      at: now,
      target: { kind: 'account', id: accountId },
      before: { schoolPremiumUntil: account.schoolPremiumUntil },
      after: { schoolPremiumUntil: until },
      payload: { accountId },
    })
  }
}
