import {
  type AdminInquiry,
  INQUIRY_STATES,
  type InquiryAssign,
  type InquiryStateChange,
  inquiryAssignSchema,
  inquiryStateChangeSchema,
} from '@puribox/contract/admin-inquiries'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { errorMessage } from '../../lib/error-message'
import { operatorOptions } from './assignee-options'
import { t } from './i18n'
import { assigneesQueryKey, assignInquiry, readAssignees, setInquiryState } from './inquiries-api'
import { useInquiries } from './inquiries-context'
import { readReason, textFieldErrors } from './inquiry-form-errors'
import { stateName } from './inquiry-format'
import { INQUIRY_ERRORS } from './inquiry-messages'
import { REASON_RULE, ReasonField } from './reason-field'

/** What a change of the inquiry said, for the page to show once. */
type Said = (message: string) => void

/** What giving the inquiry to someone (or nobody) says once done. */
function assignedMessage(saved: AdminInquiry): string {
  return saved.assignee
    ? t('adminInquiries.handling.assigned', { mail: saved.assignee.operatorMailAddress })
    : t('adminInquiries.handling.unassigned')
}

/**
 * Taking the inquiry at one tap, beside who has it: the first thing to do with a new one, so it is
 * at the top of the page on a phone too. Offered while someone else, or nobody, has it.
 */
export function TakeIt({ inquiry, onSaid }: { inquiry: AdminInquiry; onSaid: Said }) {
  const { operator, access, changed } = useInquiries()
  const takeIt = useMutation({
    mutationFn: () => assignInquiry(inquiry.id, { assigneeId: operator.id }),
    onSuccess: (saved) => {
      changed(saved)
      onSaid(assignedMessage(saved))
    },
  })
  if (!access.assign || inquiry.assignee?.operatorId === operator.id) return null
  return (
    <span className="inquiry-take">
      <button
        type="button"
        className="button button--small"
        disabled={takeIt.isPending}
        onClick={() => takeIt.mutate()}
      >
        {takeIt.isPending ? t('adminInquiries.handling.taking') : t('adminInquiries.handling.takeIt')}
      </button>
      {takeIt.isError && (
        <span className="notice notice--error inquiry-take__problem" role="alert">
          {errorMessage(takeIt.error, INQUIRY_ERRORS)}
        </span>
      )}
    </span>
  )
}

/**
 * Who handles the inquiry and its state, for an operator who may change them: giving it to an
 * operator (or nobody), and setting its state; each with an optional reason.
 * Each form is drawn afresh when the inquiry changes, so it starts from what is stored.
 */
export function InquiryHandling({ inquiry, onSaid }: { inquiry: AdminInquiry; onSaid: Said }) {
  const { access } = useInquiries()
  return (
    <section className="card console-card inquiry-handling" aria-labelledby="inquiry-handling-title">
      <h2 id="inquiry-handling-title" className="card__title">
        {t('adminInquiries.handling.title')}
      </h2>
      {access.assign && (
        <AssignForm key={`assignee-${inquiry.assignee?.operatorId}`} inquiry={inquiry} onSaid={onSaid} />
      )}
      {access.changeState && <StateForm key={`state-${inquiry.state}`} inquiry={inquiry} onSaid={onSaid} />}
    </section>
  )
}

function AssignForm({ inquiry, onSaid }: { inquiry: AdminInquiry; onSaid: Said }) {
  const { operator, changed } = useInquiries()
  const assignees = useQuery({ queryKey: assigneesQueryKey, queryFn: ({ signal }) => readAssignees(signal) })
  const current = inquiry.assignee?.operatorId ?? ''
  const said = (saved: AdminInquiry) => {
    changed(saved)
    onSaid(assignedMessage(saved))
  }
  const form = useContractForm<'assigneeId' | 'reason', InquiryAssign | null, AdminInquiry | null>({
    fields: ['assigneeId', 'reason'],
    request: (values) => {
      const chosen = values.text('assigneeId')
      const checked = inquiryAssignSchema.safeParse({
        assigneeId: chosen === '' ? null : chosen,
        reason: readReason(values),
      })
      const wrong = textFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: chosen === current ? null : checked.data }
    },
    send: async (input) => (input ? assignInquiry(inquiry.id, input) : null),
    messages: INQUIRY_ERRORS,
    onSuccess: (saved) => (saved ? said(saved) : onSaid(t('adminInquiries.handling.assigneeUnchanged'))),
  })
  const options = [
    { value: '', label: t('adminInquiries.nobody') },
    ...operatorOptions(assignees.data?.operators ?? [], operator, current || undefined),
  ]
  return (
    <div className="inquiry-handling__part">
      <h3 className="inquiry-handling__title">{t('adminInquiries.handling.assignee')}</h3>
      <Form form={form} className="stack inquiry-form">
        <SelectField
          {...form.field('assigneeId')}
          label={t('adminInquiries.handling.assigneeLabel')}
          defaultValue={current}
          options={options}
          hint={assignees.isError ? t('adminInquiries.handling.assigneesFailed') : undefined}
        />
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <SubmitButton
          pending={form.pending}
          className="button button--secondary"
          pendingLabel={t('adminInquiries.form.saving')}
        >
          {t('adminInquiries.handling.assign')}
        </SubmitButton>
      </Form>
    </div>
  )
}

function StateForm({ inquiry, onSaid }: { inquiry: AdminInquiry; onSaid: Said }) {
  const { changed } = useInquiries()
  const form = useContractForm<'state' | 'reason', InquiryStateChange | null, AdminInquiry | null>({
    fields: ['state', 'reason'],
    request: (values) => {
      const checked = inquiryStateChangeSchema.safeParse({
        state: values.text('state'),
        reason: readReason(values),
      })
      const wrong = textFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data.state === inquiry.state ? null : checked.data }
    },
    send: async (input) => (input ? setInquiryState(inquiry.id, input) : null),
    messages: INQUIRY_ERRORS,
    onSuccess: (saved) => {
      if (!saved) return onSaid(t('adminInquiries.handling.stateUnchanged'))
      changed(saved)
      onSaid(t('adminInquiries.handling.stateChanged', { state: stateName(saved.state) }))
    },
  })
  return (
    <div className="inquiry-handling__part">
      <h3 className="inquiry-handling__title">{t('adminInquiries.handling.state')}</h3>
      <Form form={form} className="stack inquiry-form">
        <SelectField
          {...form.field('state')}
          label={t('adminInquiries.handling.stateLabel')}
          defaultValue={inquiry.state}
          options={INQUIRY_STATES.map((state) => ({ value: state, label: stateName(state) }))}
          hint={t('adminInquiries.handling.stateHint')}
        />
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <SubmitButton
          pending={form.pending}
          className="button button--secondary"
          pendingLabel={t('adminInquiries.form.saving')}
        >
          {t('adminInquiries.handling.changeState')}
        </SubmitButton>
      </Form>
    </div>
  )
}
