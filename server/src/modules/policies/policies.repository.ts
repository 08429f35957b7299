import type { PolicyKind } from '@puribox/contract/policies'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { EventEnvelope } from '../events'
import { policyAgreements, policyDocuments } from './policies.schema'

export type PolicyDocumentRow = typeof policyDocuments.$inferSelect

export interface PolicyVersion {
  kind: PolicyKind
  version: string
}

export function createPoliciesRepository(db: Database) {
  return {
    /** An account deleted: its agreements go (the published documents stay). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(policyAgreements).where(eq(policyAgreements.accountId, event.payload.accountId))
    },
    /** The latest published version of each kind (kinds never published are absent). */
    async latestDocuments(): Promise<PolicyDocumentRow[]> {
      return db
        .selectDistinctOn([policyDocuments.kind])
        .from(policyDocuments)
        .orderBy(policyDocuments.kind, desc(policyDocuments.publishedAt), desc(policyDocuments.version))
    },

    /** Whether these (kind, version) pairs were ever published, as `kind:version` keys. */
    async publishedKeys(versions: readonly PolicyVersion[]): Promise<Set<string>> {
      if (versions.length === 0) return new Set()
      const rows = await db
        .select({ kind: policyDocuments.kind, version: policyDocuments.version })
        .from(policyDocuments)
        .where(
          inArray(
            policyDocuments.version,
            versions.map((v) => v.version),
          ),
        )
      return new Set(rows.map((row) => `${row.kind}:${row.version}`))
    },

    /** Of the given versions, those the account has agreed to, as `kind:version` keys. */
    async agreedKeys(accountId: string, versions: readonly PolicyVersion[]): Promise<Set<string>> {
      if (versions.length === 0) return new Set()
      const rows = await db
        .select({ kind: policyAgreements.kind, version: policyAgreements.version })
        .from(policyAgreements)
        .where(
          and(
            eq(policyAgreements.accountId, accountId),
            inArray(
              policyAgreements.version,
              versions.map((v) => v.version),
            ),
          ),
        )
      return new Set(rows.map((row) => `${row.kind}:${row.version}`))
    },

    /** Whether the account has agreed to any version of any policy, ever. */
    async hasAgreed(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ kind: policyAgreements.kind })
        .from(policyAgreements)
        .where(eq(policyAgreements.accountId, accountId))
        .limit(1)
      return row !== undefined
    },

    /**
     * Records that the account agreed to these versions, in one statement (all or none). A version
     * agreed to before keeps its first agreement time. `tx`: the transaction that makes the account
     * (a registration that agreed while registering), when there is one.
     */
    async recordAgreements(
      accountId: string,
      versions: readonly PolicyVersion[],
      agreedAt: Date,
      tx: Database = db,
    ): Promise<void> {
      if (versions.length === 0) return
      await tx
        .insert(policyAgreements)
        .values(versions.map((v) => ({ accountId, kind: v.kind, version: v.version, agreedAt })))
        .onConflictDoNothing()
    },

    /**
     * Publishes a version unless it was published before (left as it is then): false when it was.
     * The start-up seed publishes the versions whose texts it seeds this way.
     */
    async publishIfAbsent(document: {
      kind: PolicyKind
      version: string
      url: string
      publishedAt: Date
    }): Promise<boolean> {
      const inserted = await db
        .insert(policyDocuments)
        .values(document)
        .onConflictDoNothing()
        .returning({ version: policyDocuments.version })
      return inserted.length > 0
    },

    /** A new version of a policy; from now on it is the one to agree to. */
    async publish(document: {
      kind: PolicyKind
      version: string
      url: string
      publishedAt: Date
    }): Promise<PolicyDocumentRow> {
      const [row] = await db.insert(policyDocuments).values(document).returning()
      return row!
    },
  }
}

export type PoliciesRepository = ReturnType<typeof createPoliciesRepository>
