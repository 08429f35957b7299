import {
  type AdminInquiry,
  INQUIRY_ADMIN_LIMITS,
  type InquiryNoteBody,
  type InquiryReplyBody,
  inquiryNoteBodySchema,
  inquiryReplyBodySchema,
} from '@puribox/contract/admin-inquiries'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { TextAreaField } from '../../components/form/text-area-field'
import { useContractForm } from '../../components/form/use-contract-form'
import type { ClientErrorCode } from '../../lib/api-client'
import { messageForCode } from '../../lib/error-message'
import { t } from './i18n'
import { addInquiryNote, inquiryQueryKey, replyToInquiry } from './inquiries-api'
import { useInquiries } from './inquiries-context'
import { type TextRule, textFieldErrors } from './inquiry-form-errors'
import { Masked } from './inquiry-format'
import { INQUIRY_ERRORS } from './inquiry-messages'

/**
 * Failures after which nobody can tell whether the mail went: the answer never came or made no
 * sense, or the server failed after the mail server may have taken it.
 */
const UNKNOWN_OUTCOME: readonly ClientErrorCode[] = ['NETWORK', 'BAD_RESPONSE', 'INTERNAL_ERROR']

/**
 * What a reply's failure says. The server keeps a reply only once the mail server took it, so a
 * refusal means nothing went and nothing was kept, and the text is still here to send again; when no
 * answer came, the operator is told to look at the thread (asked again meanwhile) before sending.
 */
function replyFailure(code: ClientErrorCode): string {
  if (code === 'INQUIRY_REPLY_NOT_MAILED') return t('adminInquiries.reply.notMailed')
  if (UNKNOWN_OUTCOME.includes(code)) return t('adminInquiries.reply.unknown')
  return t('adminInquiries.reply.notSent', { reason: messageForCode(code, INQUIRY_ERRORS) })
}

/**
 * The reply mailed to the person. What is typed is kept in this tab until it is sent (a reload, or
 * signing in again after the session ended, loses nothing); after it went, the form starts empty.
 */
export function ReplyForm({ inquiry, onSaid }: { inquiry: AdminInquiry; onSaid: (message: string) => void }) {
  const [sent, setSent] = useState(0)
  return (
    <section className="card console-card" aria-labelledby="inquiry-reply-title">
      <h2 id="inquiry-reply-title" className="card__title">
        {t('adminInquiries.reply.title')}
      </h2>
      <ReplyFormBody
        key={sent}
        inquiry={inquiry}
        onSent={() => {
          setSent(sent + 1)
          onSaid(t('adminInquiries.reply.sent'))
        }}
      />
    </section>
  )
}

function ReplyFormBody({ inquiry, onSent }: { inquiry: AdminInquiry; onSent: () => void }) {
  const { changed } = useInquiries()
  const queryClient = useQueryClient()
  const form = useContractForm<'text', InquiryReplyBody, AdminInquiry>({
    fields: ['text'],
    draft: `admin-inquiry-reply:${inquiry.id}`,
    request: (values) => {
      const checked = inquiryReplyBodySchema.safeParse({ text: values.text('text') })
      if (!checked.success) return { errors: textFieldErrors(checked.error, { text: REPLY_RULE() }) }
      return { input: checked.data }
    },
    send: (input) => replyToInquiry(inquiry.id, input),
    messages: replyFailure,
    onError: (problem) => {
      // The thread shows whether the reply went after all.
      if (UNKNOWN_OUTCOME.includes(problem.code))
        void queryClient.invalidateQueries({ queryKey: inquiryQueryKey(inquiry.id) })
      return false
    },
    onSuccess: (saved) => {
      changed(saved)
      onSent()
    },
  })
  return (
    <Form form={form} className="stack inquiry-form">
      <p className="inquiry-reply-to">
        {t('adminInquiries.reply.to')} <Masked value={inquiry.replyTo} />
      </p>
      <TextAreaField
        {...form.field('text')}
        label={t('adminInquiries.reply.label')}
        hint={t('adminInquiries.reply.hint', { max: INQUIRY_ADMIN_LIMITS.replyMax })}
        defaultValue={form.initial('text', '')}
        rows={10}
      />
      <FormProblemNotice problem={form.problem} />
      <SubmitButton
        pending={form.pending}
        className="button"
        pendingLabel={t('adminInquiries.reply.sending')}
      >
        {t('adminInquiries.reply.send')}
      </SubmitButton>
    </Form>
  )
}

const REPLY_RULE = (): TextRule => ({
  label: t('adminInquiries.reply.name'),
  max: INQUIRY_ADMIN_LIMITS.replyMax,
  lines: true,
})
const NOTE_RULE = (): TextRule => ({
  label: t('adminInquiries.note.name'),
  max: INQUIRY_ADMIN_LIMITS.noteMax,
  lines: true,
})

/** An internal note: for operators only, never mailed. Kept in this tab until added, as a reply is. */
export function NoteForm({ inquiry, onSaid }: { inquiry: AdminInquiry; onSaid: (message: string) => void }) {
  const [added, setAdded] = useState(0)
  return (
    <section className="card console-card" aria-labelledby="inquiry-note-title">
      <h2 id="inquiry-note-title" className="card__title">
        {t('adminInquiries.note.title')}
      </h2>
      <NoteFormBody
        key={added}
        inquiry={inquiry}
        onAdded={() => {
          setAdded(added + 1)
          onSaid(t('adminInquiries.note.added'))
        }}
      />
    </section>
  )
}

function NoteFormBody({ inquiry, onAdded }: { inquiry: AdminInquiry; onAdded: () => void }) {
  const { changed } = useInquiries()
  const form = useContractForm<'text', InquiryNoteBody, AdminInquiry>({
    fields: ['text'],
    draft: `admin-inquiry-note:${inquiry.id}`,
    request: (values) => {
      const checked = inquiryNoteBodySchema.safeParse({ text: values.text('text') })
      if (!checked.success) return { errors: textFieldErrors(checked.error, { text: NOTE_RULE() }) }
      return { input: checked.data }
    },
    send: (input) => addInquiryNote(inquiry.id, input),
    messages: INQUIRY_ERRORS,
    onSuccess: (saved) => {
      changed(saved)
      onAdded()
    },
  })
  return (
    <Form form={form} className="stack inquiry-form">
      <TextAreaField
        {...form.field('text')}
        label={t('adminInquiries.note.label')}
        hint={t('adminInquiries.note.hint', { max: INQUIRY_ADMIN_LIMITS.noteMax })}
        defaultValue={form.initial('text', '')}
        rows={4}
      />
      <FormProblemNotice problem={form.problem} />
      <SubmitButton
        pending={form.pending}
        className="button button--secondary"
        pendingLabel={t('adminInquiries.note.adding')}
      >
        {t('adminInquiries.note.add')}
      </SubmitButton>
    </Form>
  )
}
