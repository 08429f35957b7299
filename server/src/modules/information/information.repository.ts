import type { InformationPage } from '@puribox/contract/pages'
import { and, desc, eq, lte } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { informationDocuments } from './information.schema'

export type InformationDocumentRow = typeof informationDocuments.$inferSelect
/** A published version as the seed and the service's checks take it. */
export type NewInformationDocument = Pick<InformationDocumentRow, 'page' | 'version' | 'title' | 'body'> & {
  publishedAt: Date
}
/** A published version as read (a draft has no publication time). */
export type PublishedDocumentRow = InformationDocumentRow & { publishedAt: Date }

export function createInformationRepository(db: Database) {
  return {
    /**
     * The page's versions published up to `now`, newest first (by publication, then label), at most
     * `limit`: drafts and versions scheduled for later are not.
     */
    async versions(
      page: InformationPage,
      limit: number,
      now: Date,
    ): Promise<{ version: string; publishedAt: Date }[]> {
      const rows = await db
        .select({ version: informationDocuments.version, publishedAt: informationDocuments.publishedAt })
        .from(informationDocuments)
        .where(and(eq(informationDocuments.page, page), lte(informationDocuments.publishedAt, now)))
        .orderBy(desc(informationDocuments.publishedAt), desc(informationDocuments.version))
        .limit(limit)
      return rows as { version: string; publishedAt: Date }[]
    },

    /** A version published up to `now`; null for a draft, one scheduled for later, or none. */
    async findPublished(
      page: InformationPage,
      version: string,
      now: Date,
    ): Promise<PublishedDocumentRow | null> {
      const [row] = await db
        .select()
        .from(informationDocuments)
        .where(
          and(
            eq(informationDocuments.page, page),
            eq(informationDocuments.version, version),
            lte(informationDocuments.publishedAt, now),
          ),
        )
      return (row as PublishedDocumentRow | undefined) ?? null
    },

    /** A version in any state (a draft included). */
    async find(page: InformationPage, version: string): Promise<InformationDocumentRow | null> {
      const [row] = await db
        .select()
        .from(informationDocuments)
        .where(and(eq(informationDocuments.page, page), eq(informationDocuments.version, version)))
      return row ?? null
    },

    /**
     * Publishes a version; false when that version of the page exists already, in any state (left
     * as it is: an operator's draft of that label too).
     */
    async insertIfAbsent(document: NewInformationDocument): Promise<boolean> {
      const inserted = await db
        .insert(informationDocuments)
        .values({ ...document, updatedAt: document.publishedAt })
        .onConflictDoNothing()
        .returning({ version: informationDocuments.version })
      return inserted.length > 0
    },
  }
}

export type InformationRepository = ReturnType<typeof createInformationRepository>
