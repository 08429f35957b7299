import {
  type AdminInquiry,
  type AdminInquiryDraft,
  type AdminInquiryPage,
  type AdminInquirySummary,
  type InquiryAssign,
  type InquiryAssignees,
  type InquiryListQuery,
  type InquiryNoteBody,
  type InquiryReplyBody,
  type InquiryStateChange,
  inquiryCursor,
  normalizeReferenceNumber,
  parseInquiryCursor,
} from '@puribox/contract/admin-inquiries'
import { links } from '@puribox/contract/pages'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Mailer } from '../../ports/mail'
import type { Actor, OperatorActor } from '../actor'
import { seesPersonalData } from '../audit/audit.policy'
import { maskPersonalTexts } from '../audit/personal-data'
import type { ChangeContext } from '../change'
import { replyMail } from './inquiries.mail'
import { can, type InquiryAction } from './inquiries.policy'
import type { InquiryRow } from './inquiries.repository'
import type {
  InquiriesAdminRepository,
  InquirySummaryRow,
  NoteRow,
  ReplyRow,
} from './inquiries-admin.repository'

function presentSummary(row: InquirySummaryRow): AdminInquirySummary {
  const { inquiry } = row
  return {
    id: inquiry.id,
    referenceNumber: inquiry.referenceNumber,
    topic: inquiry.draft.topic,
    state: inquiry.state,
    assignee: row.assignee,
    accountId: inquiry.accountId,
    replyTo: inquiry.replyTo,
    receivedAt: inquiry.receivedAt.toISOString(),
    lastRepliedAt: row.lastRepliedAt?.toISOString() ?? null,
    replyCount: row.replyCount,
    noteCount: row.noteCount,
  }
}

/** The draft as sent, every field present (those its topic does not ask for empty). */
function presentDraft(row: InquiryRow): AdminInquiryDraft {
  const { draft } = row
  return {
    text: draft.text,
    mailAddresses: [...draft.mailAddresses],
    sealIds: [...(draft.sealIds ?? [])],
    checkedImage: draft.checkedImage ?? null,
    machine: draft.machine ?? null,
    shop: draft.shop ?? null,
    date: draft.date ?? null,
    carrier: draft.carrier ?? null,
    accountKind: draft.accountKind ?? null,
    paymentKind: draft.paymentKind ?? null,
    paymentPrice: draft.paymentPrice ?? null,
    howToRegister: [...(draft.howToRegister ?? [])],
  }
}

function presentReply(row: ReplyRow) {
  return {
    id: row.id,
    operator: row.operator,
    mailAddress: row.mailAddress,
    subject: row.subject,
    text: row.text,
    sentAt: row.sentAt.toISOString(),
  }
}

function presentNote(row: NoteRow) {
  return { id: row.id, operator: row.operator, text: row.text, createdAt: row.createdAt.toISOString() }
}

/**
 * Support's side of inquiries (decision 0073): the inbox, an inquiry's page, giving it to someone,
 * its state, replies mailed from the console and internal notes. Every function takes the actor and
 * asks the policy first; every change is one transaction of the repository with its event, which the
 * audit log records. What the actor may not see of a person reads `***` (a viewer).
 */
export function createInquiriesAdminService(deps: {
  repo: InquiriesAdminRepository
  clock: Clock
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
}) {
  const { repo, clock, mailer, log } = deps
  const inquiryUrl = `${deps.publicUrl}${links.inquiry}`

  function allow(actor: Actor, action: InquiryAction): asserts actor is OperatorActor {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} inquiries`)
  }

  /** What the actor may see of it: as it is, or with a person's data masked (a viewer). */
  function asSeenBy<T>(actor: Actor, value: T): T {
    return seesPersonalData(actor) ? value : maskPersonalTexts(value, 'inquiry')
  }

  function changeBy(actor: Actor, reason?: string): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  async function page(actor: Actor, id: string): Promise<AdminInquiry> {
    const [found, thread] = await Promise.all([repo.find(id), repo.threadOf(id)])
    if (!found) throw new AppError('INQUIRY_NOT_FOUND', 'no inquiry has this id')
    return asSeenBy(actor, {
      ...presentSummary(found),
      draft: presentDraft(found.inquiry),
      supportMailedAt: found.inquiry.supportMailedAt?.toISOString() ?? null,
      confirmationMailedAt: found.inquiry.confirmationMailedAt?.toISOString() ?? null,
      replies: thread.replies.map(presentReply),
      notes: thread.notes.map(presentNote),
    })
  }

  function orNotFound(row: InquiryRow | null): InquiryRow {
    if (!row) throw new AppError('INQUIRY_NOT_FOUND', 'no inquiry has this id')
    return row
  }

  return {
    async list(actor: Actor, query: InquiryListQuery): Promise<AdminInquiryPage> {
      allow(actor, 'read')
      const after = query.after ? parseInquiryCursor(query.after) : null
      if (query.after && !after) throw new AppError('VALIDATION_FAILED', 'after is not a page of this list')
      const [rows, counts] = await Promise.all([
        repo.list({
          state: query.state,
          assignee: query.assignee,
          topic: query.topic,
          referenceNumber: query.referenceNumber
            ? normalizeReferenceNumber(query.referenceNumber)
            : undefined,
          mailAddress: query.mailAddress?.normalize('NFKC'),
          order: query.order,
          after: after ?? undefined,
          limit: query.limit,
        }),
        repo.counts(),
      ])
      const shown = rows.slice(0, query.limit)
      const last = shown.at(-1)
      return {
        inquiries: shown.map((row) => asSeenBy(actor, presentSummary(row))),
        counts,
        next:
          rows.length > query.limit && last ? inquiryCursor(last.inquiry.receivedAt, last.inquiry.id) : null,
      }
    },

    async assignees(actor: Actor): Promise<InquiryAssignees> {
      allow(actor, 'read')
      return { operators: await repo.handlers() }
    },

    async inquiry(actor: Actor, id: string): Promise<AdminInquiry> {
      allow(actor, 'read')
      return page(actor, id)
    },

    async assign(actor: Actor, id: string, input: InquiryAssign): Promise<AdminInquiry> {
      allow(actor, 'assign')
      if (input.assigneeId !== null && !(await repo.isHandler(input.assigneeId))) {
        throw new AppError('INQUIRY_ASSIGNEE_INVALID', 'the operator does not handle inquiries')
      }
      orNotFound(await repo.assign(id, input.assigneeId, changeBy(actor, input.reason)))
      return page(actor, id)
    },

    async setState(actor: Actor, id: string, input: InquiryStateChange): Promise<AdminInquiry> {
      allow(actor, 'change-state')
      orNotFound(await repo.setState(id, input.state, changeBy(actor, input.reason)))
      return page(actor, id)
    },

    /**
     * Mails the operator's reply to the inquiry's answer address and keeps it. The mail goes from
     * inside the transaction that keeps the reply: a reply is on the inquiry's page (and its event in
     * the audit log) exactly when the mail server took it. A refusal undoes everything, and the
     * operator, whose text is still in the form, sends it again. It holds the inquiry's row while
     * the mail server answers, which only another operator's change to the same inquiry waits for.
     */
    async reply(actor: Actor, id: string, input: InquiryReplyBody): Promise<AdminInquiry> {
      allow(actor, 'reply')
      const found = await repo.find(id)
      if (!found) throw new AppError('INQUIRY_NOT_FOUND', 'no inquiry has this id')
      const { referenceNumber, replyTo } = found.inquiry
      const message = replyMail({ to: replyTo, referenceNumber, text: input.text, inquiryUrl })
      const send = async () => {
        try {
          await mailer.send(message)
        } catch (error) {
          log.warn({ err: error, referenceNumber }, 'inquiry reply not mailed')
          throw new AppError('INQUIRY_REPLY_NOT_MAILED', 'the mail server did not take the reply')
        }
      }
      orNotFound(
        await repo.reply(
          id,
          { operatorId: actor.operatorId, mailAddress: replyTo, subject: message.subject, text: input.text },
          changeBy(actor),
          send,
        ),
      )
      return page(actor, id)
    },

    async addNote(actor: Actor, id: string, input: InquiryNoteBody): Promise<AdminInquiry> {
      allow(actor, 'note')
      orNotFound(await repo.addNote(id, { operatorId: actor.operatorId, text: input.text }, changeBy(actor)))
      return page(actor, id)
    },
  }
}

export type InquiriesAdminService = ReturnType<typeof createInquiriesAdminService>
