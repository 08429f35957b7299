import type { InformationPage } from '@puribox/contract/pages'
import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { informationDocuments } from './information.schema'

export type InformationDocumentRow = typeof informationDocuments.$inferSelect
export type NewInformationDocument = Omit<InformationDocumentRow, 'createdAt'>

export function createInformationRepository(db: Database) {
  return {
    /** The page's published versions, newest first (by publication, then label), at most `limit`. */
    async versions(page: InformationPage, limit: number) {
      return db
        .select({ version: informationDocuments.version, publishedAt: informationDocuments.publishedAt })
        .from(informationDocuments)
        .where(eq(informationDocuments.page, page))
        .orderBy(desc(informationDocuments.publishedAt), desc(informationDocuments.version))
        .limit(limit)
    },

    async find(page: InformationPage, version: string): Promise<InformationDocumentRow | null> {
      const [row] = await db
        .select()
        .from(informationDocuments)
        .where(and(eq(informationDocuments.page, page), eq(informationDocuments.version, version)))
      return row ?? null
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
