import type { InquiryState } from '@puribox/contract/admin-inquiries'

/**
 * The events the inquiries module emits when an operator handles an inquiry (decision 0073), each in
 * the transaction of the change, with the target `{ kind: 'inquiry', id }`. `before` and `after`
 * hold the changed fields (the state, the assignee). A reply's and a note's events name them by id:
 * what an operator wrote stays with the inquiry, not in the audit log.
 */
declare module '../events' {
  interface DomainEvents {
    /** Given to an operator, or to nobody (`assigneeId` null). */
    'inquiry.assigned': { inquiryId: string; assigneeId: string | null }
    'inquiry.state-changed': { inquiryId: string; state: InquiryState }
    /** A reply was mailed to the person and kept; the inquiry became `answered`. */
    'inquiry.replied': { inquiryId: string; replyId: string }
    /** An internal note was added (never mailed). */
    'inquiry.note-added': { inquiryId: string; noteId: string }
  }
}
