import {
  type AdminMachineDetail,
  type IssuedMachineKey,
  type MachineKey,
  type MachineKeyRevoke,
  machineKeyRevokeSchema,
} from '@puribox/contract/admin-booths'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { useContractForm } from '../../components/form/use-contract-form'
import { errorMessage } from '../../lib/error-message'
import { ConsoleDialog } from '../kit/dialog'
import { schemaFieldErrors } from './booth-form-errors'
import { japanTime } from './booth-format'
import { BOOTH_ERRORS } from './booth-messages'
import { BOOTHS_QUERY_KEY, issueMachineKey, revokeMachineKey } from './booths-api'
import { useBooths } from './booths-context'
import { t } from './i18n'
import { REASON_RULE, ReasonField, readReason } from './reason-field'

/**
 * A machine's keys: each by its id (never the key), when it was issued and whether it was revoked.
 * An admin issues a key, shown once in a dialog, and revokes one, after confirming it by its id.
 */
export function MachineKeys({ detail }: { detail: AdminMachineDetail }) {
  const { access } = useBooths()
  const queryClient = useQueryClient()
  const machineId = detail.machine.id
  const [issued, setIssued] = useState<IssuedMachineKey | null>(null)
  const [revoking, setRevoking] = useState<MachineKey | null>(null)
  const [said, setSaid] = useState<string | null>(null)
  const issue = useMutation({
    mutationFn: () => issueMachineKey(machineId),
    // The key lives in this screen's state while its dialog is open, and nowhere else: no cached answer.
    gcTime: 0,
    onSuccess: (key) => {
      setSaid(null)
      setIssued(key)
      void queryClient.invalidateQueries({ queryKey: BOOTHS_QUERY_KEY })
    },
  })

  function closeIssued() {
    setIssued(null)
    issue.reset()
  }

  return (
    <section className="console-list" aria-labelledby="machine-keys-title">
      <div className="console-head">
        <div className="console-page__head">
          <h2 id="machine-keys-title" className="section-title">
            {t('adminBooths.keys.title')}
          </h2>
          <p className="note">{t('adminBooths.keys.lead')}</p>
        </div>
        <div className="console-head__actions">
          {access.keys ? (
            <button
              type="button"
              className="button button--small"
              disabled={issue.isPending}
              onClick={() => issue.mutate()}
            >
              {issue.isPending ? t('adminBooths.keys.issuing') : t('adminBooths.keys.issue')}
            </button>
          ) : (
            <p className="note console-read-only">{t('adminBooths.keys.adminsOnly')}</p>
          )}
        </div>
      </div>
      {issue.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(issue.error, BOOTH_ERRORS)}
        </p>
      )}
      {said && (
        <p className="notice console-flash" role="status">
          {said}
        </p>
      )}
      {detail.keys.length === 0 ? (
        <p className="card console-card">{t('adminBooths.keys.none')}</p>
      ) : (
        <table className="console-table card-table">
          <thead>
            <tr>
              <th scope="col">{t('adminBooths.keys.id')}</th>
              <th scope="col">{t('adminBooths.keys.createdAt')}</th>
              <th scope="col">{t('adminBooths.keys.state')}</th>
              {access.keys && (
                <th scope="col">
                  <span className="visually-hidden">{t('adminBooths.keys.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {detail.keys.map((key) => (
              <tr key={key.id}>
                <th scope="row" data-label={t('adminBooths.keys.id')}>
                  <code className="booth-code">{key.id}</code>
                </th>
                <td data-label={t('adminBooths.keys.createdAt')}>
                  <time dateTime={key.createdAt}>{japanTime(key.createdAt)}</time>
                </td>
                <td data-label={t('adminBooths.keys.state')}>
                  {key.revokedAt === null ? (
                    <span className="badge booth-live">{t('adminBooths.keys.live')}</span>
                  ) : (
                    <span className="booth-none">
                      {t('adminBooths.keys.revokedAt', { time: japanTime(key.revokedAt) })}
                    </span>
                  )}
                </td>
                {access.keys && (
                  <td className="booth-table__action">
                    {key.revokedAt === null && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={t('adminBooths.keys.revokeNamed', { id: key.id })}
                        onClick={() => setRevoking(key)}
                      >
                        {t('adminBooths.keys.revoke')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {issued && <IssuedKeyDialog issued={issued} onClose={closeIssued} />}
      {revoking && (
        <RevokeKeyDialog
          machineId={machineId}
          machineKey={revoking}
          onCancel={() => setRevoking(null)}
          onRevoked={() => {
            setRevoking(null)
            setSaid(t('adminBooths.keys.revoked', { id: revoking.id }))
            void queryClient.invalidateQueries({ queryKey: BOOTHS_QUERY_KEY })
          }}
        />
      )}
    </section>
  )
}

/**
 * The key just issued, this once: to copy into the booth's settings. Nobody can show it again (only
 * its hash is kept), so closing asks first whether it was copied.
 */
function IssuedKeyDialog({ issued, onClose }: { issued: IssuedMachineKey; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const keyRef = useRef<HTMLElement>(null)
  // Each step starts at its first button: copying the key, then closing once it is copied.
  const firstButton = useRef<HTMLButtonElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again whenever the step changes
  useEffect(() => firstButton.current?.focus(), [confirming])

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(issued.key)
      setCopy('copied')
    } catch {
      // No clipboard (an old browser, a refused permission): the key is selected to copy by hand.
      const range = document.createRange()
      if (keyRef.current) range.selectNodeContents(keyRef.current)
      window.getSelection()?.removeAllRanges()
      window.getSelection()?.addRange(range)
      setCopy('failed')
    }
  }

  return (
    <ConsoleDialog
      title={confirming ? t('adminBooths.keys.issued.confirmTitle') : t('adminBooths.keys.issued.title')}
      onEscape={() => setConfirming(!confirming)}
    >
      {confirming ? (
        <>
          <p>{t('adminBooths.keys.issued.confirmBody')}</p>
          <div className="console-dialog__actions">
            <button type="button" className="button" onClick={onClose} ref={firstButton}>
              {t('adminBooths.keys.issued.closeConfirmed')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('adminBooths.keys.issued.backToKey')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="notice notice--warning">{t('adminBooths.keys.issued.once')}</p>
          <div className="booth-key">
            <p className="field-label">{t('adminBooths.keys.issued.key')}</p>
            <code ref={keyRef} className="booth-key__value">
              {issued.key}
            </code>
            <button type="button" className="button" onClick={() => void copyKey()} ref={firstButton}>
              {copy === 'copied'
                ? t('adminBooths.keys.issued.copiedButton')
                : t('adminBooths.keys.issued.copy')}
            </button>
            <p className="booth-key__status" role="status">
              {copy === 'copied' && t('adminBooths.keys.issued.copied')}
              {copy === 'failed' && t('adminBooths.keys.issued.copyFailed')}
            </p>
          </div>
          <p className="note">{t('adminBooths.keys.issued.idNote', { id: issued.id })}</p>
          <div className="console-dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
              {t('adminBooths.keys.issued.close')}
            </button>
          </div>
        </>
      )}
    </ConsoleDialog>
  )
}

/** Confirms which key to revoke, by its id, with an optional reason for the audit log. */
function RevokeKeyDialog({
  machineId,
  machineKey,
  onCancel,
  onRevoked,
}: {
  machineId: string
  machineKey: MachineKey
  onCancel: () => void
  onRevoked: () => void
}) {
  const form = useContractForm<'reason', MachineKeyRevoke, MachineKey>({
    fields: ['reason'],
    request: (values) => {
      const checked = machineKeyRevokeSchema.safeParse({ reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => revokeMachineKey(machineId, machineKey.id, input),
    messages: BOOTH_ERRORS,
    onSuccess: onRevoked,
  })
  return (
    <ConsoleDialog title={t('adminBooths.keys.revokeDialog.title')} onEscape={onCancel}>
      <p>{t('adminBooths.keys.revokeDialog.body', { id: machineKey.id })}</p>
      <Form form={form} className="stack">
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <div className="console-dialog__actions">
          <SubmitButton
            pending={form.pending}
            className="button button--danger"
            pendingLabel={t('adminBooths.keys.revokeDialog.revoking')}
          >
            {t('adminBooths.keys.revokeDialog.submit')}
          </SubmitButton>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('adminBooths.keys.revokeDialog.cancel')}
          </button>
        </div>
      </Form>
    </ConsoleDialog>
  )
}
