import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import type { EventEnvelope } from '../events'
import { inquiries } from './inquiries.schema'

export type InquiryRow = typeof inquiries.$inferSelect
export type NewInquiry = typeof inquiries.$inferInsert

export function createInquiriesRepository(db: Database) {
  return {
    async findByKey(idempotencyKey: string): Promise<InquiryRow | null> {
      const [row] = await db.select().from(inquiries).where(eq(inquiries.idempotencyKey, idempotencyKey))
      return row ?? null
    },

    /**
     * Stores a new inquiry. Null when its key or reference number is taken (two taps racing, or a
     * reference number drawn twice): the caller reads the key again, or draws another number.
     */
    async insert(row: NewInquiry): Promise<InquiryRow | null> {
      try {
        const [inserted] = await db.insert(inquiries).values(row).returning()
        return inserted ?? null
      } catch (error) {
        if (isUniqueViolation(error)) return null
        throw error
      }
    },

    /**
     * Claims one of an inquiry's mails before sending it: true for the one request that set its time
     * (two racing taps, or a replay while the first is still sending, never send it twice).
     */
    async claimMail(id: string, which: 'support' | 'confirmation', at: Date): Promise<boolean> {
      const column = which === 'support' ? inquiries.supportMailedAt : inquiries.confirmationMailedAt
      const claimed = await db
        .update(inquiries)
        .set(which === 'support' ? { supportMailedAt: at } : { confirmationMailedAt: at })
        .where(and(eq(inquiries.id, id), isNull(column)))
        .returning({ id: inquiries.id })
      return claimed.length > 0
    },

    /** The mail claimed was not sent after all: a replay of the key may send it. */
    async releaseMail(id: string, which: 'support' | 'confirmation'): Promise<void> {
      await db
        .update(inquiries)
        .set(which === 'support' ? { supportMailedAt: null } : { confirmationMailedAt: null })
        .where(eq(inquiries.id, id))
    },

    /** An account deleted: its inquiries go with it (support keeps the mails it was sent). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(inquiries).where(eq(inquiries.accountId, event.payload.accountId))
    },
  }
}

export type InquiriesRepository = ReturnType<typeof createInquiriesRepository>
