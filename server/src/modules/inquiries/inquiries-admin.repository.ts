import type { InquiryState } from '@puribox/contract/admin-inquiries'
import type { InquiryTopic } from '@puribox/contract/inquiry-rules'
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import type { ChangeContext } from '../change'
import type { EventBus } from '../events'
import { operators } from '../operators/operators.schema'
import type { InquiryRow } from './inquiries.repository'
import { inquiries, inquiryNotes, inquiryReplies } from './inquiries.schema'

/** An operator as the console names them. */
export interface OperatorRefRow {
  operatorId: string
  operatorMailAddress: string
}

/** An inquiry as the inbox lists it: the row, who handles it and what was done about it. */
export interface InquirySummaryRow {
  inquiry: InquiryRow
  assignee: OperatorRefRow | null
  replyCount: number
  noteCount: number
  lastRepliedAt: Date | null
}

export type ReplyRow = typeof inquiryReplies.$inferSelect & { operator: OperatorRefRow | null }
export type NoteRow = typeof inquiryNotes.$inferSelect & { operator: OperatorRefRow | null }

export interface InquiryListFilter {
  state?: InquiryState | undefined
  /** An operator's id, or `none`: those nobody handles. */
  assignee?: string | undefined
  topic?: InquiryTopic | undefined
  referenceNumber?: string | undefined
  mailAddress?: string | undefined
  order: 'oldest' | 'newest'
  after?: { receivedAt: Date; id: string } | undefined
  limit: number
}

/** The roles an inquiry may be given to (the policy's case handlers). */
const HANDLER_ROLES = ['support', 'admin'] as const

const assignee = alias(operators, 'assignee')

function refOf(row: { id: string | null; mailAddress: string | null } | null): OperatorRefRow | null {
  return row?.id && row.mailAddress ? { operatorId: row.id, operatorMailAddress: row.mailAddress } : null
}

/**
 * What the operators' console reads and writes of inquiries (decision 0073). Each change is one
 * transaction that locks the inquiry and emits its event (`inquiries.events.ts`), so the audit log
 * records it with the change or not at all.
 */
export function createInquiriesAdminRepository(db: Database, events: EventBus) {
  const summaryColumns = {
    inquiry: inquiries,
    assigneeId: assignee.id,
    assigneeMail: assignee.mailAddress,
    replyCount:
      sql<number>`(select count(*) from ${inquiryReplies} where ${inquiryReplies.inquiryId} = ${inquiries.id})`.mapWith(
        Number,
      ),
    noteCount:
      sql<number>`(select count(*) from ${inquiryNotes} where ${inquiryNotes.inquiryId} = ${inquiries.id})`.mapWith(
        Number,
      ),
    lastRepliedAt:
      sql<Date | null>`(select max(${inquiryReplies.sentAt}) from ${inquiryReplies} where ${inquiryReplies.inquiryId} = ${inquiries.id})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
  }

  function summaryOf(row: {
    inquiry: InquiryRow
    assigneeId: string | null
    assigneeMail: string | null
    replyCount: number
    noteCount: number
    lastRepliedAt: Date | null
  }): InquirySummaryRow {
    return {
      inquiry: row.inquiry,
      assignee: refOf({ id: row.assigneeId, mailAddress: row.assigneeMail }),
      replyCount: row.replyCount,
      noteCount: row.noteCount,
      lastRepliedAt: row.lastRepliedAt,
    }
  }

  /**
   * Locks the inquiry, lets `change` write what it decides from the row as it is, and answers the
   * row after; null when no inquiry has the id.
   */
  async function withLocked(
    id: string,
    change: (tx: Database, row: InquiryRow) => Promise<void>,
  ): Promise<InquiryRow | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for('update')
      if (!row) return null
      await change(tx, row)
      const [after] = await tx.select().from(inquiries).where(eq(inquiries.id, id))
      return after!
    })
  }

  return {
    /**
     * Inquiries matching the filter, by the time received (and id), after the cursor; one more than
     * `limit`, so the caller knows whether a next page exists.
     */
    async list(filter: InquiryListFilter): Promise<InquirySummaryRow[]> {
      const conditions: Array<SQL | undefined> = []
      if (filter.state) conditions.push(eq(inquiries.state, filter.state))
      if (filter.assignee === 'none') conditions.push(isNull(inquiries.assigneeId))
      else if (filter.assignee) conditions.push(eq(inquiries.assigneeId, filter.assignee))
      if (filter.topic) conditions.push(eq(inquiries.topic, filter.topic))
      if (filter.referenceNumber) conditions.push(eq(inquiries.referenceNumber, filter.referenceNumber))
      if (filter.mailAddress) {
        conditions.push(sql`lower(${inquiries.replyTo}) = lower(${filter.mailAddress})`)
      }
      const newest = filter.order === 'newest'
      if (filter.after) {
        const { receivedAt, id } = filter.after
        const beyond = newest ? lt : gt
        conditions.push(
          or(
            beyond(inquiries.receivedAt, receivedAt),
            and(eq(inquiries.receivedAt, receivedAt), beyond(inquiries.id, id)),
          ),
        )
      }
      const by = newest ? desc : asc
      const rows = await db
        .select(summaryColumns)
        .from(inquiries)
        .leftJoin(assignee, eq(assignee.id, inquiries.assigneeId))
        .where(and(...conditions))
        .orderBy(by(inquiries.receivedAt), by(inquiries.id))
        .limit(filter.limit + 1)
      return rows.map(summaryOf)
    },

    /** How many inquiries each state has. */
    async counts(): Promise<Record<InquiryState, number>> {
      const rows = await db
        .select({ state: inquiries.state, count: count() })
        .from(inquiries)
        .groupBy(inquiries.state)
      const counts: Record<InquiryState, number> = { new: 0, 'in-progress': 0, answered: 0, closed: 0 }
      for (const row of rows) counts[row.state] = row.count
      return counts
    },

    async find(id: string): Promise<InquirySummaryRow | null> {
      const [row] = await db
        .select(summaryColumns)
        .from(inquiries)
        .leftJoin(assignee, eq(assignee.id, inquiries.assigneeId))
        .where(eq(inquiries.id, id))
      return row ? summaryOf(row) : null
    },

    /** The inquiry's replies and notes, each oldest first, with who wrote them. */
    async threadOf(id: string): Promise<{ replies: ReplyRow[]; notes: NoteRow[] }> {
      const [replies, notes] = await Promise.all([
        db
          .select({ reply: inquiryReplies, id: operators.id, mailAddress: operators.mailAddress })
          .from(inquiryReplies)
          .leftJoin(operators, eq(operators.id, inquiryReplies.operatorId))
          .where(eq(inquiryReplies.inquiryId, id))
          .orderBy(asc(inquiryReplies.sentAt), asc(inquiryReplies.id)),
        db
          .select({ note: inquiryNotes, id: operators.id, mailAddress: operators.mailAddress })
          .from(inquiryNotes)
          .leftJoin(operators, eq(operators.id, inquiryNotes.operatorId))
          .where(eq(inquiryNotes.inquiryId, id))
          .orderBy(asc(inquiryNotes.createdAt), asc(inquiryNotes.id)),
      ])
      return {
        replies: replies.map((row) => ({ ...row.reply, operator: refOf(row) })),
        notes: notes.map((row) => ({ ...row.note, operator: refOf(row) })),
      }
    },

    /** The operators an inquiry may be given to: support and admin, not disabled, by mail address. */
    async handlers(): Promise<OperatorRefRow[]> {
      const rows = await db
        .select({ id: operators.id, mailAddress: operators.mailAddress })
        .from(operators)
        .where(and(inArray(operators.role, [...HANDLER_ROLES]), isNull(operators.disabledAt)))
        .orderBy(asc(operators.mailAddress))
      return rows.map((row) => ({ operatorId: row.id, operatorMailAddress: row.mailAddress }))
    },

    /** Whether the operator may be given inquiries (support or admin, not disabled). */
    async isHandler(operatorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: operators.id })
        .from(operators)
        .where(
          and(
            eq(operators.id, operatorId),
            inArray(operators.role, [...HANDLER_ROLES]),
            isNull(operators.disabledAt),
          ),
        )
      return row !== undefined
    },

    /** Gives the inquiry to an operator or to nobody; nothing (no event) when it is so already. */
    async assign(id: string, assigneeId: string | null, change: ChangeContext): Promise<InquiryRow | null> {
      return withLocked(id, async (tx, row) => {
        if (row.assigneeId === assigneeId) return
        await tx.update(inquiries).set({ assigneeId }).where(eq(inquiries.id, id))
        await events.emit(tx, 'inquiry.assigned', {
          ...change,
          target: { kind: 'inquiry', id },
          before: { assigneeId: row.assigneeId },
          after: { assigneeId },
          payload: { inquiryId: id, assigneeId },
        })
      })
    },

    /** Sets the inquiry's state; nothing (no event) when it has it already. */
    async setState(id: string, state: InquiryState, change: ChangeContext): Promise<InquiryRow | null> {
      return withLocked(id, async (tx, row) => {
        if (row.state === state) return
        await tx.update(inquiries).set({ state }).where(eq(inquiries.id, id))
        await events.emit(tx, 'inquiry.state-changed', {
          ...change,
          target: { kind: 'inquiry', id },
          before: { state: row.state },
          after: { state },
          payload: { inquiryId: id, state },
        })
      })
    },

    /**
     * Keeps a reply, makes the inquiry `answered` (given to the replying operator if nobody had it)
     * and emits `inquiry.replied`, then runs `send` (the mail) before the transaction commits: the
     * reply is kept only once the mail server took it, and a refusal keeps nothing.
     */
    async reply(
      id: string,
      reply: { operatorId: string; mailAddress: string; subject: string; text: string },
      change: ChangeContext,
      send: () => Promise<void>,
    ): Promise<InquiryRow | null> {
      return withLocked(id, async (tx, row) => {
        const [kept] = await tx
          .insert(inquiryReplies)
          .values({ inquiryId: id, ...reply, sentAt: change.at })
          .returning({ id: inquiryReplies.id })
        const assigneeId = row.assigneeId ?? reply.operatorId
        await tx.update(inquiries).set({ state: 'answered', assigneeId }).where(eq(inquiries.id, id))
        await events.emit(tx, 'inquiry.replied', {
          ...change,
          target: { kind: 'inquiry', id },
          before: { state: row.state, assigneeId: row.assigneeId },
          after: { state: 'answered', assigneeId, replyId: kept!.id },
          payload: { inquiryId: id, replyId: kept!.id },
        })
        await send()
      })
    },

    /** Adds an internal note (never mailed). */
    async addNote(
      id: string,
      note: { operatorId: string; text: string },
      change: ChangeContext,
    ): Promise<InquiryRow | null> {
      return withLocked(id, async (tx) => {
        const [kept] = await tx
          .insert(inquiryNotes)
          .values({ inquiryId: id, ...note, createdAt: change.at })
          .returning({ id: inquiryNotes.id })
        await events.emit(tx, 'inquiry.note-added', {
          ...change,
          target: { kind: 'inquiry', id },
          after: { noteId: kept!.id },
          payload: { inquiryId: id, noteId: kept!.id },
        })
      })
    },
  }
}

export type InquiriesAdminRepository = ReturnType<typeof createInquiriesAdminRepository>
