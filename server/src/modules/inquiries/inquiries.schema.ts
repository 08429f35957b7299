import { INQUIRY_STATES } from '@puribox/contract/admin-inquiries'
import type { InquiryDraft } from '@puribox/contract/inquiry-rules'
import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'
import { operators } from '../operators/operators.schema'

/**
 * An inquiry sent to support (decision 0046): its reference number, who sent it (a member's
 * account, or a guest), the topic and the fields its topic asks for, and whether the mails went.
 * The client's idempotency key is unique: a second send with it answers this row. In the console
 * (decision 0073) it has a state and the operator who handles it.
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
    /** Where it is in support's hands: every inquiry arrives `new`. */
    state: text('state', { enum: INQUIRY_STATES }).notNull().default('new'),
    /** The operator who handles it; null while nobody does. */
    assigneeId: uuid('assignee_id').references(() => operators.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('inquiries_account_idx').on(t.accountId),
    check('inquiries_reference_format', sql`${t.referenceNumber} ~ '^PB[0-9]{6}-[0-9A-HJKMNP-TV-Z]{4}$'`),
    check('inquiries_state', sql`${t.state} in ('new', 'in-progress', 'answered', 'closed')`),
    // The inbox: a state's inquiries by the time received.
    index('inquiries_inbox_idx').on(t.state, t.receivedAt, t.id),
    index('inquiries_received_idx').on(t.receivedAt, t.id),
    index('inquiries_assignee_idx').on(t.assigneeId),
    index('inquiries_reply_to_lower_idx').on(sql`lower(${t.replyTo})`),
  ],
)

/**
 * A reply mailed from the console to the address the inquiry gave for answers, as it was mailed:
 * kept once the mail server took it. The text is the operator's, never the inquiry's.
 */
export const inquiryReplies = pgTable(
  'inquiry_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    mailAddress: text('mail_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('inquiry_replies_inquiry_idx').on(t.inquiryId, t.sentAt)],
)

/** An operator's internal note on an inquiry: for operators only, never mailed. */
export const inquiryNotes = pgTable(
  'inquiry_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('inquiry_notes_inquiry_idx').on(t.inquiryId, t.createdAt)],
)
