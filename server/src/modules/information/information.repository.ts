import type { InformationPage } from '@puribox/contract/pages'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
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
    /** The page's published versions, newest first (by publication, then label), at most `limit`. */
    async versions(page: InformationPage, limit: number): Promise<{ version: string; publishedAt: Date }[]> {
      const rows = await db
        .select({ version: informationDocuments.version, publishedAt: informationDocuments.publishedAt })
        .from(informationDocuments)
        .where(and(eq(informationDocuments.page, page), isNotNull(informationDocuments.publishedAt)))
        .orderBy(desc(informationDocuments.publishedAt), desc(informationDocuments.version))
        .limit(limit)
      return rows as { version: string; publishedAt: Date }[]
    },

    async find(page: InformationPage, version: string): Promise<PublishedDocumentRow | null> {
      const [row] = await db
        .select()
        .from(informationDocuments)
        .where(
          and(
            eq(informationDocuments.page, page),
            eq(informationDocuments.version, version),
            isNotNull(informationDocuments.publishedAt),
          ),
        )
      return (row as PublishedDocumentRow | undefined) ?? null
    },

    /** Publishes a version; false when that version of the page exists already (left as it is). */
    async insertIfAbsent(document: NewInformationDocument): Promise<boolean> {
      const inserted = await db
        .insert(informationDocuments)
        .values(document)
        .onConflictDoNothing()
        .returning({ version: informationDocuments.version })
      return inserted.length > 0
    },
  }
}

export type InformationRepository = ReturnType<typeof createInformationRepository>
