// The content lane's action dialogs (news, ads, information pages, coupons, auditions, banners, help
// answers): a step confirmed with its reason, and a time in Japan time with its reason. They sit with
// the content forms' Japan-time field and schema checks they use; the console's kit stays free of
// any area.
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { Form, FormProblemNotice } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { type ContractForm, type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import type { ClientErrorCode } from '../../lib/api-client'
import { ConsoleDialog, DialogActions } from '../kit/dialog'
import type { ErrorMessages } from '../kit/loaded-or'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { JapanTimeField, readJapanTime, schemaFieldErrors } from './content-form'
import { t as contentText } from './i18n'

/** What an action's dialog says: its title, what it does, its button and the button while sending. */
export interface ActionTexts {
  title: string
  body: string
  submit: string
  sending: string
}

/** What an action's dialog is given to send: the contract's schema checks it first, as the server will. */
interface ActionOptions<I, R> {
  texts: ActionTexts
  schema: z.ZodType<I>
  send: (input: I) => Promise<R>
  /** The area's sentences for the server's error codes. */
  messages: ErrorMessages
  onClose: () => void
  /** After it was done (the dialog is closed first): say so, go elsewhere. */
  onDone: (answer: R) => void
}

/**
 * A step confirmed in a dialog with its reason alone (publish, withdraw, close, remove): what it does
 * (and `children`, what it is done to), the reason, a failure that belongs to no field, the buttons.
 * Escape closes it unless the request is out.
 */
export function ReasonDialog<I, R>({
  texts,
  schema,
  send,
  messages,
  danger = false,
  onClose,
  onDone,
  children,
}: ActionOptions<I, R> & { danger?: boolean; children?: ReactNode }) {
  const form = useContractForm<'reason', I, R>({
    fields: ['reason'],
    request: (values) => {
      const checked = schema.safeParse({ reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send,
    messages,
    onSuccess: (answer) => {
      onClose()
      onDone(answer)
    },
  })
  return <ActionDialog form={form} texts={texts} danger={danger} onClose={onClose} about={children} />
}

/**
 * Scheduling in a dialog: the time members see it from, in Japan time (required, before its end
 * when it has one), with its reason. `field` names the time in the contract's input.
 */
export function ScheduleAtDialog<F extends string, I, R>({
  field,
  label,
  ends,
  fieldOf,
  texts,
  schema,
  send,
  messages,
  onClose,
  onDone,
}: ActionOptions<I, R> & {
  field: F
  label: string
  /** Its end, if it has one, and what to say of a time at or after it. */
  ends?: { at: string; error: string }
  /** The server's error codes told beside the time. */
  fieldOf?: Partial<Record<ClientErrorCode, F>>
}) {
  const form = useContractForm<F | 'reason', I, R>({
    fields: [field, 'reason'],
    request: (values: FormValues) => {
      const errors: FieldErrors<F | 'reason'> = {}
      const typed = readJapanTime(values, field, label)
      if (typed.kind === 'empty')
        errors[field] = contentText('adminContent.form.errors.timeRequired', { label })
      if (typed.kind === 'wrong') errors[field] = typed.error
      if (typed.kind === 'time' && ends && typed.at >= new Date(ends.at)) errors[field] = ends.error
      const input = { [field]: typed.kind === 'time' ? typed.input : '', reason: readReason(values) }
      const checked = schema.safeParse(input)
      const rules = { [field]: { label }, reason: REASON_RULE } as Record<F | 'reason', { label: string }>
      const wrong = schemaFieldErrors(checked.error, rules, { known: errors })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send,
    messages,
    fieldOf,
    onSuccess: (answer) => {
      onClose()
      onDone(answer)
    },
  })
  return (
    <ActionDialog form={form} texts={texts} onClose={onClose}>
      <JapanTimeField field={form.field(field)} legend={label} initial={{ date: '', time: '' }} />
    </ActionDialog>
  )
}

/**
 * What every action's dialog shows: what the step does (and `about`, what it is done to), its form
 * (`children`, the fields before the reason), the reason, a failure that belongs to no field and the
 * buttons. Escape closes it unless the request is out.
 */
function ActionDialog<F extends string>({
  form,
  texts,
  danger = false,
  onClose,
  about,
  children,
}: {
  form: ContractForm<F | 'reason'>
  texts: ActionTexts
  danger?: boolean
  onClose: () => void
  about?: ReactNode
  children?: ReactNode
}) {
  return (
    <ConsoleDialog title={texts.title} onEscape={() => form.pending || onClose()}>
      <p>{texts.body}</p>
      {about}
      <Form form={form} className="stack">
        {children}
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <DialogActions
          pending={form.pending}
          submit={texts.submit}
          pendingLabel={texts.sending}
          danger={danger}
          onCancel={onClose}
        />
      </Form>
    </ConsoleDialog>
  )
}
