import { type MemberDetail, type MemberNote, memberNoteSchema } from '@puribox/contract/admin-members'
import { useState } from 'react'
import { Form, FormProblemNotice } from '../../components/form/form'
import { useContractForm } from '../../components/form/use-contract-form'
import { ConsoleDialog, DialogActions } from '../kit/dialog'
import { t } from './i18n'
import { useMemberChange } from './member-change'
import { japanTime } from './member-format'
import { MEMBER_ERRORS } from './member-messages'
import { signOutEverywhere } from './members-api'
import { useMembers } from './members-context'
import { bodyErrors, NoteField, noteError, readNote } from './note-field'

/**
 * Where the member is signed in now, the most recently used first; support and admins sign them out
 * of every one at once, after confirming.
 */
export function MemberSessions({ detail }: { detail: MemberDetail }) {
  const { access } = useMembers()
  const [confirming, setConfirming] = useState(false)
  const { sessions } = detail
  return (
    <section className="console-list" aria-labelledby="member-sessions-title">
      <div className="console-head">
        <h2 id="member-sessions-title" className="section-title">
          {t('adminMembers.sessions.title', { count: sessions.length })}
        </h2>
        {access.signOut && sessions.length > 0 && (
          <div className="console-head__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setConfirming(true)}
            >
              {t('adminMembers.sessions.signOut')}
            </button>
          </div>
        )}
      </div>
      {sessions.length === 0 ? (
        <p className="card console-card">{t('adminMembers.sessions.none')}</p>
      ) : (
        <table className="console-table card-table member-table">
          <thead>
            <tr>
              <th scope="col">{t('adminMembers.sessions.device')}</th>
              <th scope="col">{t('adminMembers.sessions.signedInAt')}</th>
              <th scope="col">{t('adminMembers.sessions.lastUsedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <th scope="row" data-label={t('adminMembers.sessions.device')}>
                  {session.device ?? (
                    <span className="member-none">{t('adminMembers.sessions.unknownDevice')}</span>
                  )}
                </th>
                <td data-label={t('adminMembers.sessions.signedInAt')}>
                  <time dateTime={session.signedInAt}>{japanTime(session.signedInAt)}</time>
                </td>
                <td data-label={t('adminMembers.sessions.lastUsedAt')}>
                  <time dateTime={session.lastUsedAt}>{japanTime(session.lastUsedAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirming && <SignOutDialog detail={detail} onClose={() => setConfirming(false)} />}
    </section>
  )
}

function SignOutDialog({ detail, onClose }: { detail: MemberDetail; onClose: () => void }) {
  const accountId = detail.account.id
  const change = useMemberChange(accountId)
  const form = useContractForm<'note', MemberNote, MemberDetail>({
    fields: ['note'],
    request: (values) => {
      const checked = memberNoteSchema.safeParse({ note: readNote(values) })
      if (!checked.success) return { errors: bodyErrors(checked.error, { note: noteError() }) }
      return { input: checked.data }
    },
    send: (input) => signOutEverywhere(accountId, input),
    messages: MEMBER_ERRORS,
    onSuccess: (answer) => {
      onClose()
      change.succeeded(answer, t('adminMembers.sessions.done'))
    },
    onError: () => {
      change.failed()
      return false
    },
  })
  return (
    <ConsoleDialog title={t('adminMembers.sessions.dialog.title')} onEscape={() => form.pending || onClose()}>
      <p>{t('adminMembers.sessions.dialog.body', { count: detail.sessions.length })}</p>
      <Form form={form} className="stack">
        <NoteField {...form.field('note')} />
        <FormProblemNotice problem={form.problem} />
        <DialogActions
          pending={form.pending}
          submit={t('adminMembers.sessions.dialog.submit')}
          pendingLabel={t('adminMembers.sending')}
          danger
          onCancel={onClose}
        />
      </Form>
    </ConsoleDialog>
  )
}
