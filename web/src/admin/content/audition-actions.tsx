import {
  type AdminAuditionDetail,
  type AuditionClose,
  auditionCloseSchema,
} from '@puribox/contract/admin-auditions'
import { useState } from 'react'
import { Link } from 'wouter'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { useContractForm } from '../../components/form/use-contract-form'
import { ConsoleDialog } from '../kit/dialog'
import { auditionAccessOf } from './audition-access'
import { closeAudition } from './audition-api'
import { AUDITION_ERRORS, t } from './audition-i18n'
import { AuditionsReadOnly } from './audition-page-parts'
import { auditionEditPath, auditionPath } from './audition-paths'
import { useContent } from './content-context'
import { REASON_RULE, ReasonField, readReason, schemaFieldErrors } from './content-form'

/**
 * What may be done with an audition now, by its state and the operator's role: change it and close
 * it until it is closed; a closed audition stays as it closed. Closing is confirmed in a dialog that
 * says what it does to members, with its reason.
 */
export function AuditionActions({ audition }: { audition: AdminAuditionDetail }) {
  const { operator } = useContent()
  const access = auditionAccessOf(operator.role)
  const [closing, setClosing] = useState(false)
  const live = audition.state !== 'closed'
  if (!live) return null
  if (!access.change && !access.close) return <AuditionsReadOnly />
  return (
    <>
      {access.change && (
        <Link href={auditionEditPath(audition.id)} className="button button--secondary button--small">
          {t('adminAuditions.audition.edit')}
        </Link>
      )}
      {access.close && (
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setClosing(true)}
        >
          {t('adminAuditions.audition.close')}
        </button>
      )}
      {closing && <CloseDialog audition={audition} onClose={() => setClosing(false)} />}
    </>
  )
}

/** Closing now: what it does to members (and to one still to come), confirmed, with its reason. */
function CloseDialog({ audition, onClose }: { audition: AdminAuditionDetail; onClose: () => void }) {
  const { changed } = useContent()
  const form = useContractForm<'reason', AuditionClose, AdminAuditionDetail>({
    fields: ['reason'],
    request: (values) => {
      const checked = auditionCloseSchema.safeParse({ reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => closeAudition(audition.id, input),
    messages: AUDITION_ERRORS,
    onSuccess: () => {
      onClose()
      changed(auditionPath(audition.id), t('adminAuditions.close.done'))
    },
  })
  return (
    <ConsoleDialog title={t('adminAuditions.close.title')} onEscape={() => form.pending || onClose()}>
      <p>
        {audition.state === 'upcoming'
          ? t('adminAuditions.close.bodyUpcoming', { title: audition.title })
          : t('adminAuditions.close.body', { title: audition.title })}
      </p>
      <Form form={form} className="stack">
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <div className="console-dialog__actions">
          <SubmitButton
            pending={form.pending}
            className="button button--danger"
            pendingLabel={t('adminAuditions.close.sending')}
          >
            {t('adminAuditions.close.submit')}
          </SubmitButton>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={form.pending}
          >
            {t('adminContent.dialog.cancel')}
          </button>
        </div>
      </Form>
    </ConsoleDialog>
  )
}
