import { and, count, desc, eq, gt, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts } from '../accounts/accounts.schema'
import { externalIdentities } from '../external-auth/external-auth.schema'
import { subscriptions } from '../payments/payments.schema'
import { profiles } from '../profile/profile.schema'
import { savedImages, sealRegistrations } from '../saving/saving.schema'
import { sessions } from '../sessions/sessions.schema'

/** What finds members: one key of three. */
export type MemberKey = { accountId: string } | { mailAddress: string } | { sealId: string }

/** Where a page of a member's seals goes on from: the last one's save time and seal ID. */
export interface SealCursor {
  savedAt: Date
  sealId: string
}

const summaryColumns = {
  id: accounts.id,
  mailAddress: accounts.mailAddress,
  premiumUntil: accounts.premiumUntil,
  schoolPremiumUntil: accounts.schoolPremiumUntil,
  official: accounts.official,
  registeredAt: accounts.registeredAt,
  snsPenalty: accounts.snsPenalty,
  purigetPenalty: accounts.purigetPenalty,
}

/**
 * The console's reading of members, from the tables of the modules that keep each part (accounts,
 * external sign-in, payments, profile, saving, sessions). It writes nothing: every change goes
 * through the owning module's service.
 */
export function createMembersRepository(db: Database) {
  return {
    /**
     * Accounts with the key, by id after `after`, one more than `limit` (so the caller knows a next
     * page exists). A mail address matches whatever its case (the index on lower(mail_address)).
     */
    async find(key: MemberKey, after: string | undefined, limit: number) {
      const byKey =
        'accountId' in key
          ? eq(accounts.id, key.accountId)
          : 'mailAddress' in key
            ? eq(sql`lower(${accounts.mailAddress})`, key.mailAddress.toLowerCase())
            : eq(sealRegistrations.sealId, key.sealId)
      const where = and(byKey, after ? gt(accounts.id, after) : undefined)
      const base = db.select(summaryColumns).from(accounts)
      const query =
        'sealId' in key
          ? base.innerJoin(sealRegistrations, eq(sealRegistrations.accountId, accounts.id)).where(where)
          : base.where(where)
      return query.orderBy(accounts.id).limit(limit + 1)
    },

    async account(accountId: string) {
      const [row] = await db
        .select({ ...summaryColumns, passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, accountId))
      return row ?? null
    },

    async profile(accountId: string) {
      const [row] = await db
        .select({ nickname: profiles.nickname, birthday: profiles.birthday })
        .from(profiles)
        .where(eq(profiles.accountId, accountId))
      return row ?? null
    },

    /** LINE, X and carriers linked to the account (their subjects are not read). */
    identities(accountId: string) {
      return db
        .select({ provider: externalIdentities.provider, linkedAt: externalIdentities.linkedAt })
        .from(externalIdentities)
        .where(eq(externalIdentities.accountId, accountId))
        .orderBy(externalIdentities.linkedAt)
    },

    /** The account's subscriptions, the newest first (never a consent address nor a return page). */
    subscriptions(accountId: string) {
      return db
        .select({
          id: subscriptions.id,
          gatewayRef: subscriptions.gatewayRef,
          kind: subscriptions.kind,
          plan: subscriptions.plan,
          trial: subscriptions.trial,
          status: subscriptions.status,
          priceYen: subscriptions.priceYen,
          createdAt: subscriptions.createdAt,
          lastPaidAt: subscriptions.lastPaidAt,
          paidUntil: subscriptions.paidUntil,
          graceUntil: subscriptions.graceUntil,
        })
        .from(subscriptions)
        .where(eq(subscriptions.accountId, accountId))
        .orderBy(desc(subscriptions.createdAt))
    },

    /** The sessions still live at `now` (not past their end, used within `idleMs`), the most recently used first. */
    liveSessions(accountId: string, now: Date, idleMs: number) {
      return db
        .select({
          idHash: sessions.idHash,
          device: sessions.device,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.accountId, accountId),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    },

    /** How many seals the account saved. */
    async sealCount(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sealRegistrations)
        .where(eq(sealRegistrations.accountId, accountId))
      return row?.n ?? 0
    },

    /**
     * The seals the account saved, the latest first, after `after`, one more than `limit`; with how
     * many of each one's pictures are saved to the account.
     */
    seals(accountId: string, after: SealCursor | undefined, limit: number) {
      const r = sealRegistrations
      return db
        .select({
          sealId: r.sealId,
          savedAt: r.registeredAt,
          pictures:
            sql<number>`(select count(*) from ${savedImages} where ${savedImages.sealId} = ${r.sealId} and ${savedImages.accountId} = ${r.accountId})`.mapWith(
              Number,
            ),
        })
        .from(r)
        .where(
          and(
            eq(r.accountId, accountId),
            after
              ? or(
                  lt(r.registeredAt, after.savedAt),
                  and(eq(r.registeredAt, after.savedAt), lt(r.sealId, after.sealId)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(r.registeredAt), desc(r.sealId))
        .limit(limit + 1)
    },
  }
}

export type MembersRepository = ReturnType<typeof createMembersRepository>
