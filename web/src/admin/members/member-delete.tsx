import { type MemberDelete, type MemberDetail, memberDeleteSchema } from '@puribox/contract/admin-members'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Form, FormProblemNotice } from '../../components/form/form'
import { TextField } from '../../components/form/text-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { ConsoleDialog, DialogActions } from '../kit/dialog'
import { t } from './i18n'
import { MEMBER_ERRORS } from './member-messages'
import { deleteMember, MEMBERS_QUERY_KEY, memberQueryKey, searchQueriesKey } from './members-api'
import { useMembers } from './members-context'
import { bodyErrors, NoteField, noteError, readNote } from './note-field'

/** Whether what was typed is the account's id, as the server compares it (spaces around and case aside). */
export function confirms(typed: string, accountId: string): boolean {
  return typed.trim().toLowerCase() === accountId.toLowerCase()
}

/**
 * Deleting the account (admins): what goes and what stays, a subscription that still renews said
 * first, and a dialog whose button works only once the operator has typed the account's id.
 */
export function MemberDeletion({ detail }: { detail: MemberDetail }) {
  const [confirming, setConfirming] = useState(false)
  const renewing = detail.subscriptions.some((subscription) => subscription.renewing)
  return (
    <section className="card console-card member-danger" aria-labelledby="member-delete-title">
      <h2 id="member-delete-title" className="card__title">
        {t('adminMembers.delete.title')}
      </h2>
      <p>{t('adminMembers.delete.lead')}</p>
      {renewing && <p className="notice notice--warning">{t('adminMembers.delete.renewing')}</p>}
      <div className="member-actions">
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setConfirming(true)}
        >
          {t('adminMembers.delete.open')}
        </button>
      </div>
      {confirming && (
        <DeleteDialog detail={detail} renewing={renewing} onClose={() => setConfirming(false)} />
      )}
    </section>
  )
}

function DeleteDialog({
  detail,
  renewing,
  onClose,
}: {
  detail: MemberDetail
  /** A subscription still renews: the server will refuse, which the dialog says before it is tried. */
  renewing: boolean
  onClose: () => void
}) {
  const accountId = detail.account.id
  const queryClient = useQueryClient()
  const { tell, lastSearch } = useMembers()
  const [typed, setTyped] = useState('')
  const form = useContractForm<'confirmation' | 'note', MemberDelete, { accountId: string }>({
    fields: ['confirmation', 'note'],
    request: (values) => {
      const confirmation = values.text('confirmation')
      // The button waits for the id; a form sent otherwise (Enter in the note) is told so.
      if (!confirms(confirmation, accountId)) {
        return { errors: { confirmation: t('adminMembers.delete.errors.confirmation') } }
      }
      const checked = memberDeleteSchema.safeParse({
        confirmation: confirmation.trim(),
        note: readNote(values),
      })
      if (!checked.success)
        return {
          errors: bodyErrors(checked.error, {
            confirmation: t('adminMembers.delete.errors.confirmation'),
            note: noteError(),
          }),
        }
      return { input: checked.data }
    },
    send: (input) => deleteMember(accountId, input),
    messages: MEMBER_ERRORS,
    fieldOf: { DELETION_CONFIRMATION_MISMATCH: 'confirmation' },
    onSuccess: () => {
      // Back to the search the operator came from, which is asked again (the member is no longer
      // found); nothing of the member's page stays in the cache.
      tell({ path: lastSearch, message: t('adminMembers.delete.done', { id: accountId }) })
      queryClient.removeQueries({ queryKey: memberQueryKey(accountId) })
      void queryClient.invalidateQueries({ queryKey: searchQueriesKey })
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY })
      return false
    },
  })
  return (
    <ConsoleDialog title={t('adminMembers.delete.dialog.title')} onEscape={() => form.pending || onClose()}>
      <p>{t('adminMembers.delete.dialog.body')}</p>
      {renewing && <p className="notice notice--warning">{t('adminMembers.delete.renewing')}</p>}
      <Form form={form} className="stack">
        <TextField
          {...form.field('confirmation')}
          label={t('adminMembers.delete.dialog.confirmation')}
          hint={t('adminMembers.delete.dialog.confirmationHint', { id: accountId })}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <NoteField {...form.field('note')} />
        <FormProblemNotice problem={form.problem} />
        <DialogActions
          pending={form.pending}
          disabled={!confirms(typed, accountId)}
          submit={t('adminMembers.delete.dialog.submit')}
          pendingLabel={t('adminMembers.delete.dialog.deleting')}
          danger
          onCancel={onClose}
        />
      </Form>
    </ConsoleDialog>
  )
}
