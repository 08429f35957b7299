import type { ExternalProvider } from '@puribox/contract/external-auth'
import type { PolicyKind } from '@puribox/contract/policies'
import { and, asc, eq, TransactionRollbackError } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { AccountRow } from '../accounts/accounts.schema'
import type { EventEnvelope } from '../events'
import { externalAuthFlows, externalIdentities, lineRecommendationDeclines } from './external-auth.schema'

export type { AccountRow }

/** What sign-in through the auth service needs of the accounts module (its service). */
export interface ExternalAuthAccounts {
  findById(id: string): Promise<AccountRow | null>
  create(values: { registeredAt: Date }, tx: Database): Promise<AccountRow | null>
  setCanAddOn(accountId: string, canAddOn: boolean): Promise<void>
}

/** A policy version agreed to, as the policies module records it. */
export interface AgreedVersion {
  kind: PolicyKind
  version: string
}

/** What sign-in needs of the policies module: recording an agreement carried through the flow. */
export interface ExternalAuthAgreements {
  recordAgreements(
    accountId: string,
    versions: readonly AgreedVersion[],
    agreedAt: Date,
    tx?: Database,
  ): Promise<void>
}
export type FlowRow = typeof externalAuthFlows.$inferSelect
export type IdentityRow = typeof externalIdentities.$inferSelect

/** Why a link was not made: the identity belongs to another account, or the account has one of that provider. */
export type LinkRefusal = 'TAKEN' | 'PROVIDER_LINKED'

/** Rolled back on purpose inside a transaction; carries why. */
class Refused extends Error {
  constructor(readonly refusal: LinkRefusal) {
    super(refusal)
  }
}

export function createExternalAuthRepository(
  db: Database,
  accounts: ExternalAuthAccounts,
  agreements: ExternalAuthAgreements,
) {
  async function identityOf(provider: ExternalProvider, subject: string): Promise<IdentityRow | null> {
    const [row] = await db
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)))
      .limit(1)
    return row ?? null
  }

  const findAccount = (id: string) => accounts.findById(id)

  return {
    /** An account deleted: its linked identities, its flows under way and its "no LINE" answer go. */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(externalIdentities).where(eq(externalIdentities.accountId, event.payload.accountId))
      await tx.delete(externalAuthFlows).where(eq(externalAuthFlows.accountId, event.payload.accountId))
      await tx
        .delete(lineRecommendationDeclines)
        .where(eq(lineRecommendationDeclines.accountId, event.payload.accountId))
    },
    findAccount,

    async insertFlow(values: typeof externalAuthFlows.$inferInsert): Promise<void> {
      await db.insert(externalAuthFlows).values(values)
    },

    /** Takes a flow out for its one use: whoever takes it first gets it, any later try gets null. */
    async takeFlow(stateHash: string): Promise<FlowRow | null> {
      const [row] = await db
        .delete(externalAuthFlows)
        .where(eq(externalAuthFlows.stateHash, stateHash))
        .returning()
      return row ?? null
    },

    /** The account an identity signs in to, or null when the identity is not linked to any. */
    async accountOfIdentity(provider: ExternalProvider, subject: string): Promise<AccountRow | null> {
      const identity = await identityOf(provider, subject)
      return identity ? findAccount(identity.accountId) : null
    },

    /**
     * A new free (MINI) account, without mail address or password, signing in by this identity, with
     * the policies agreed before the trip: all rows or none. Null when the identity got an account
     * meanwhile.
     */
    async registerWithIdentity(options: {
      provider: ExternalProvider
      subject: string
      agreed: readonly AgreedVersion[]
      now: Date
    }): Promise<AccountRow | null> {
      return db
        .transaction(async (tx) => {
          const account = await accounts.create({ registeredAt: options.now }, tx)
          const linked = await tx
            .insert(externalIdentities)
            .values({
              provider: options.provider,
              subject: options.subject,
              accountId: account!.id,
              linkedAt: options.now,
            })
            .onConflictDoNothing()
            .returning({ accountId: externalIdentities.accountId })
          if (linked.length === 0) tx.rollback()
          await agreements.recordAgreements(account!.id, options.agreed, options.now, tx)
          return account!
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return null
          throw error
        })
    },

    /**
     * Links an identity to an account. `replace` drops the account's identity of the same provider
     * first (switching LINE accounts). Linking the identity the account already has changes nothing.
     */
    async linkIdentity(options: {
      accountId: string
      provider: ExternalProvider
      subject: string
      now: Date
      replace: boolean
    }): Promise<'LINKED' | LinkRefusal> {
      const { accountId, provider, subject } = options
      return db
        .transaction(async (tx) => {
          const [owner] = await tx
            .select({ accountId: externalIdentities.accountId })
            .from(externalIdentities)
            .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)))
          if (owner) {
            if (owner.accountId !== accountId) throw new Refused('TAKEN')
            return 'LINKED' as const
          }
          const sameProvider = and(
            eq(externalIdentities.accountId, accountId),
            eq(externalIdentities.provider, provider),
          )
          if (options.replace) await tx.delete(externalIdentities).where(sameProvider)
          const inserted = await tx
            .insert(externalIdentities)
            .values({ provider, subject, accountId, linkedAt: options.now })
            .onConflictDoNothing()
            .returning({ subject: externalIdentities.subject })
          // Either unique key can refuse it: someone linked this identity meanwhile (TAKEN), or the
          // account has an identity of this provider already.
          if (inserted.length === 0) {
            const [existing] = await tx.select().from(externalIdentities).where(sameProvider)
            throw new Refused(existing ? 'PROVIDER_LINKED' : 'TAKEN')
          }
          return 'LINKED' as const
        })
        .catch((error: unknown) => {
          if (error instanceof Refused) return error.refusal
          throw error
        })
    },

    /** A member who signed in agreed on the way (the agreement page need not ask again). */
    /** What the carrier said of the account's line: may it take the add-on plan (decision 0066). */
    async recordCarrierLine(accountId: string, canAddOn: boolean): Promise<void> {
      await accounts.setCanAddOn(accountId, canAddOn)
    },

    async recordAgreements(accountId: string, versions: readonly AgreedVersion[], now: Date): Promise<void> {
      await agreements.recordAgreements(accountId, versions, now)
    },

    async identitiesOf(accountId: string): Promise<IdentityRow[]> {
      return db
        .select()
        .from(externalIdentities)
        .where(eq(externalIdentities.accountId, accountId))
        .orderBy(asc(externalIdentities.linkedAt), asc(externalIdentities.provider))
    },

    async lineRecommendationDeclined(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ accountId: lineRecommendationDeclines.accountId })
        .from(lineRecommendationDeclines)
        .where(eq(lineRecommendationDeclines.accountId, accountId))
      return row !== undefined
    },

    async declineLineRecommendation(accountId: string, now: Date): Promise<void> {
      await db
        .insert(lineRecommendationDeclines)
        .values({ accountId, declinedAt: now })
        .onConflictDoUpdate({ target: lineRecommendationDeclines.accountId, set: { declinedAt: now } })
    },

    /** Flows that ended without an answer: kept a day past their end, so a late answer reads "expired". */
  }
}

export type ExternalAuthRepository = ReturnType<typeof createExternalAuthRepository>
