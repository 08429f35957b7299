import { POLICY_PAGES, policyUrl } from '@puribox/contract/information'
import type { InformationPage } from '@puribox/contract/pages'
import { POLICY_KINDS, type PolicyKind } from '@puribox/contract/policies'
import { and, count, desc, eq, gt, inArray, lte } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { EventEnvelope } from '../events'
import { policyAgreements, policyDocuments } from './policies.schema'

export type PolicyDocumentRow = typeof policyDocuments.$inferSelect

export interface PolicyVersion {
  kind: PolicyKind
  version: string
}

/** The policy whose full text an information page is (the privacy policy, the contract), if any. */
export function policyOfPage(page: InformationPage): PolicyKind | null {
  return POLICY_KINDS.find((kind) => POLICY_PAGES[kind] === page) ?? null
}

export function createPoliciesRepository(db: Database) {
  return {
    /** An account deleted: its agreements go (the published documents stay). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(policyAgreements).where(eq(policyAgreements.accountId, event.payload.accountId))
    },
    /**
     * The version of each kind in force at `now`: the latest published up to then (kinds never
     * published are absent). A version scheduled for later is not in force yet.
     */
    async latestDocuments(now: Date): Promise<PolicyDocumentRow[]> {
      return db
        .selectDistinctOn([policyDocuments.kind])
        .from(policyDocuments)
        .where(lte(policyDocuments.publishedAt, now))
        .orderBy(policyDocuments.kind, desc(policyDocuments.publishedAt), desc(policyDocuments.version))
    },

    /**
     * Whether these (kind, version) pairs were published (up to `now` when given: a scheduled one
     * is not yet), as `kind:version` keys.
     */
    async publishedKeys(versions: readonly PolicyVersion[], now?: Date): Promise<Set<string>> {
      if (versions.length === 0) return new Set()
      const rows = await db
        .select({ kind: policyDocuments.kind, version: policyDocuments.version })
        .from(policyDocuments)
        .where(
          and(
            inArray(
              policyDocuments.version,
              versions.map((v) => v.version),
            ),
            now ? lte(policyDocuments.publishedAt, now) : undefined,
          ),
        )
      return new Set(rows.map((row) => `${row.kind}:${row.version}`))
    },

    /** How many accounts agreed to this version of the policy. */
    async agreementCount(version: PolicyVersion): Promise<number> {
      const [row] = await db
        .select({ agreed: count() })
        .from(policyAgreements)
        .where(and(eq(policyAgreements.kind, version.kind), eq(policyAgreements.version, version.version)))
      return row?.agreed ?? 0
    },

    /**
     * A version of a policy's page was published or scheduled in the console: the policy's version
     * with it, in the same transaction, in force from the same time, linking to that text. A
     * rescheduled version moves its time; one in force already is left as it is.
     */
    async informationPublished(
      tx: Database,
      event: EventEnvelope<'information.published' | 'information.scheduled'>,
    ): Promise<void> {
      const { page, version, publishedAt } = event.payload
      const kind = policyOfPage(page)
      if (!kind) return
      const at = new Date(publishedAt)
      await tx
        .insert(policyDocuments)
        .values({ kind, version, url: policyUrl(kind, version), publishedAt: at })
        .onConflictDoUpdate({
          target: [policyDocuments.kind, policyDocuments.version],
          set: { publishedAt: at },
          where: gt(policyDocuments.publishedAt, event.at),
        })
    },

    /**
     * A scheduled version of a policy's page was taken back before its time: so is the policy's
     * version (nobody could agree to it yet: it was not in force).
     */
    async informationUnscheduled(
      tx: Database,
      event: EventEnvelope<'information.unscheduled'>,
    ): Promise<void> {
      const kind = policyOfPage(event.payload.page)
      if (!kind) return
      await tx
        .delete(policyDocuments)
        .where(
          and(
            eq(policyDocuments.kind, kind),
            eq(policyDocuments.version, event.payload.version),
            gt(policyDocuments.publishedAt, event.at),
          ),
        )
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
