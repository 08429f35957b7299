import type { InquiryDraft } from '@puribox/contract/inquiry-rules'
import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * An inquiry sent to support (decision 0046): its reference number, who sent it (a member's
 * account, or a guest), the topic and the fields its topic asks for, and whether the mails went.
 * The client's idempotency key is unique: a second send with it answers this row.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `PBYYMMDD-XXXX`: the Japan date it was received and four characters of the seal ID alphabet. */
    referenceNumber: text('reference_number').notNull().unique(),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    /** The member who sent it; null for a guest. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    /** The first address of the mail list: the confirmation and the answer go there. */
    replyTo: text('reply_to').notNull(),
    /** The draft as sent, cleaned (seal IDs and addresses as read), only the topic's fields. */
    draft: jsonb('draft').$type<InquiryDraft>().notNull(),
    /** The request's "now" (time travel included). */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** When the mail to support and the confirmation went; null until then (a replay sends what is missing). */
    supportMailedAt: timestamp('support_mailed_at', { withTimezone: true }),
    confirmationMailedAt: timestamp('confirmation_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('inquiries_account_idx').on(t.accountId),
    check('inquiries_reference_format', sql`${t.referenceNumber} ~ '^PB[0-9]{6}-[0-9A-HJKMNP-TV-Z]{4}$'`),
  ],
)
