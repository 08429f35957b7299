import {
  type MemberDetail,
  type MemberNote,
  type MemberPenalties,
  memberNoteSchema,
  type PurigetPenaltySet,
  purigetPenaltySetSchema,
  type SnsPenaltySet,
  snsPenaltySetSchema,
} from '@puribox/contract/admin-members'
import { PURIGET_PENALTY_REASONS, SNS_PENALTY_REASONS } from '@puribox/contract/penalty-reasons'
import { type ReactNode, useState } from 'react'
import { Form, FormProblemNotice } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { penaltyReasonText } from '../../components/penalty-reason'
import { ConsoleDialog, DialogActions } from '../kit/dialog'
import { t } from './i18n'
import { useMemberChange } from './member-change'
import { japanTime } from './member-format'
import { MEMBER_ERRORS } from './member-messages'
import { clearPuriget, clearSnsPenalty, setPurigetRed, setSnsPenalty } from './members-api'
import { useMembers } from './members-context'
import { bodyErrors, NoteField, noteError, readNote } from './note-field'

type Decision = MemberPenalties['puriget']['decision'] | MemberPenalties['sns']['decision']
type Kind = 'puriget' | 'sns'
type Open = `${Kind}-set` | `${Kind}-clear` | null

const SNS_PENALTIES = ['WARNING', 'ACCESSCONTROL', 'SUSPENSION'] as const

/**
 * The member's two penalties, each as it is now with why and by whom it was set, and what the
 * operator's role may do about it: make the puri-getting penalty RED (or give it another reason) and
 * clear it; set, change or lift the SNS penalty. Every reason is one of the contract's, and the
 * dialog shows the sentence the member will read for it.
 */
export function MemberPenaltiesSection({ detail }: { detail: MemberDetail }) {
  const { access } = useMembers()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const { puriget, sns } = detail.penalties
  return (
    <section className="card console-card" aria-labelledby="member-penalties-title">
      <h2 id="member-penalties-title" className="card__title">
        {t('adminMembers.penalties.title')}
      </h2>
      <div className="member-penalties">
        <PenaltyCard
          titleId="member-puriget-title"
          title={t('adminMembers.penalties.purigetTitle')}
          state={t(`adminMembers.penalties.puriget.${puriget.penalty}`)}
          tone={puriget.penalty === 'GREEN' ? 'none' : puriget.penalty === 'RED' ? 'danger' : 'warning'}
          until={puriget.penalty === 'YELLOW' ? puriget.yellowUntil : null}
          inForce={puriget.penalty !== 'GREEN'}
          kind="puriget"
          decision={puriget.decision}
          actions={
            access.puriget && (
              <>
                <button type="button" className="button button--small" onClick={() => setOpen('puriget-set')}>
                  {puriget.penalty === 'RED'
                    ? t('adminMembers.penalties.changeReason')
                    : t('adminMembers.penalties.purigetSet')}
                </button>
                {puriget.penalty !== 'GREEN' && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setOpen('puriget-clear')}
                  >
                    {t('adminMembers.penalties.purigetClear')}
                  </button>
                )}
              </>
            )
          }
        />
        <PenaltyCard
          titleId="member-sns-title"
          title={t('adminMembers.penalties.snsTitle')}
          state={
            sns.penalty ? t(`adminMembers.penalties.sns.${sns.penalty}`) : t('adminMembers.penalties.snsNone')
          }
          tone={sns.penalty === null ? 'none' : sns.penalty === 'WARNING' ? 'warning' : 'danger'}
          until={null}
          inForce={sns.penalty !== null}
          kind="sns"
          decision={sns.decision}
          actions={
            access.sns && (
              <>
                <button type="button" className="button button--small" onClick={() => setOpen('sns-set')}>
                  {sns.penalty === null
                    ? t('adminMembers.penalties.snsSet')
                    : t('adminMembers.penalties.snsChange')}
                </button>
                {sns.penalty !== null && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setOpen('sns-clear')}
                  >
                    {t('adminMembers.penalties.snsClear')}
                  </button>
                )}
              </>
            )
          }
        />
      </div>
      {open === 'puriget-set' && <PurigetRedDialog detail={detail} onClose={close} />}
      {open === 'puriget-clear' && <ClearDialog kind="puriget" detail={detail} onClose={close} />}
      {open === 'sns-set' && <SnsPenaltyDialog detail={detail} onClose={close} />}
      {open === 'sns-clear' && <ClearDialog kind="sns" detail={detail} onClose={close} />}
    </section>
  )
}

function PenaltyCard({
  titleId,
  title,
  state,
  tone,
  until,
  inForce,
  kind,
  decision,
  actions,
}: {
  titleId: string
  title: string
  state: string
  tone: 'none' | 'warning' | 'danger'
  until: string | null
  inForce: boolean
  kind: Kind
  decision: Decision
  actions: ReactNode
}) {
  return (
    <section className="member-penalty-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="member-penalty-card__title">
        {title}
      </h3>
      <p>
        <span className={`badge member-state member-state--${tone}`}>{state}</span>
        {until && (
          <span className="member-sub">
            {t('adminMembers.penalties.yellowUntil', { time: japanTime(until) })}
          </span>
        )}
      </p>
      {inForce &&
        (decision ? (
          <DecisionFacts kind={kind} decision={decision} />
        ) : (
          <p className="note">{t('adminMembers.penalties.noDecision')}</p>
        ))}
      {actions && <div className="member-actions">{actions}</div>}
    </section>
  )
}

/** Why the penalty in force was set: the sentence the member reads, the operator's note, who and when. */
function DecisionFacts({ kind, decision }: { kind: Kind; decision: NonNullable<Decision> }) {
  const by = decision.decidedBy
  return (
    <dl className="console-facts member-decision">
      <div>
        <dt>{t('adminMembers.penalties.reason')}</dt>
        <dd>
          <span className="member-reason-name">{reasonName(kind, decision.reason)}</span>
          <span className="member-told">{penaltyReasonText(kind, decision.reason)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('adminMembers.note.name')}</dt>
        <dd>{decision.note ?? <span className="member-none">{t('adminMembers.none')}</span>}</dd>
      </div>
      <div>
        <dt>{t('adminMembers.penalties.decidedBy')}</dt>
        <dd>
          {by.kind === 'system'
            ? t('adminMembers.penalties.bySystem')
            : (by.operatorMailAddress ?? t('adminMembers.penalties.byUnknownOperator'))}
        </dd>
      </div>
      <div>
        <dt>{t('adminMembers.penalties.decidedAt')}</dt>
        <dd>
          <time dateTime={decision.decidedAt}>{japanTime(decision.decidedAt)}</time>
        </dd>
      </div>
    </dl>
  )
}

/** The operator's short name of a reason code. */
function reasonName(kind: Kind, code: string): string {
  return kind === 'sns'
    ? t(`adminMembers.reasons.sns.${code as (typeof SNS_PENALTY_REASONS)[number]}`)
    : t(`adminMembers.reasons.puriget.${code as (typeof PURIGET_PENALTY_REASONS)[number]}`)
}

/** The reason to choose, and below it the sentence the member will read for it. */
function ReasonChoice({
  kind,
  field,
  reasons,
  chosen,
  onChoose,
}: {
  kind: Kind
  field: { id: string; name: string; error: string | undefined }
  reasons: readonly string[]
  chosen: string
  onChoose: (reason: string) => void
}) {
  const told = penaltyReasonText(kind, chosen)
  return (
    <>
      <SelectField
        {...field}
        label={t('adminMembers.penalties.reason')}
        defaultValue={chosen}
        onChange={(event) => onChoose(event.currentTarget.value)}
        options={[
          { value: '', label: t('adminMembers.choose') },
          ...reasons.map((code) => ({ value: code, label: reasonName(kind, code) })),
        ]}
      />
      <div className="member-preview" aria-live="polite">
        <p className="member-preview__label">{t('adminMembers.penalties.preview')}</p>
        {told ? (
          <p className="member-preview__text">{told}</p>
        ) : (
          <p className="member-none">{t('adminMembers.penalties.previewEmpty')}</p>
        )}
      </div>
    </>
  )
}

function PurigetRedDialog({ detail, onClose }: { detail: MemberDetail; onClose: () => void }) {
  const accountId = detail.account.id
  const { puriget } = detail.penalties
  const change = useMemberChange(accountId)
  const [reason, setReason] = useState(puriget.penalty === 'RED' ? (puriget.decision?.reason ?? '') : '')
  const form = useContractForm<'reason' | 'note', PurigetPenaltySet, MemberDetail>({
    fields: ['reason', 'note'],
    request: (values) => {
      const checked = purigetPenaltySetSchema.safeParse({
        reason: values.text('reason') || undefined,
        note: readNote(values),
      })
      if (!checked.success) {
        return {
          errors: bodyErrors(checked.error, {
            reason: t('adminMembers.penalties.errors.reason'),
            note: noteError(),
          }),
        }
      }
      return { input: checked.data }
    },
    send: (input) => setPurigetRed(accountId, input),
    messages: MEMBER_ERRORS,
    onSuccess: (answer) => {
      onClose()
      change.succeeded(answer, t('adminMembers.penalties.done.purigetSet'))
    },
    onError: () => {
      change.failed()
      return false
    },
  })
  return (
    <ConsoleDialog
      title={t('adminMembers.penalties.purigetDialog.title')}
      onEscape={() => form.pending || onClose()}
    >
      <p>{t('adminMembers.penalties.purigetDialog.effect')}</p>
      <Form form={form} className="stack">
        <ReasonChoice
          kind="puriget"
          field={form.field('reason')}
          reasons={PURIGET_PENALTY_REASONS}
          chosen={reason}
          onChoose={setReason}
        />
        <NoteField {...form.field('note')} />
        <FormProblemNotice problem={form.problem} />
        <DialogActions
          pending={form.pending}
          submit={t('adminMembers.penalties.purigetDialog.submit')}
          pendingLabel={t('adminMembers.sending')}
          danger
          onCancel={onClose}
        />
      </Form>
    </ConsoleDialog>
  )
}

function SnsPenaltyDialog({ detail, onClose }: { detail: MemberDetail; onClose: () => void }) {
  const accountId = detail.account.id
  const { sns } = detail.penalties
  const change = useMemberChange(accountId)
  const [penalty, setPenalty] = useState<string>(sns.penalty ?? '')
  const [reason, setReason] = useState(sns.decision?.reason ?? '')
  const form = useContractForm<'penalty' | 'reason' | 'note', SnsPenaltySet, MemberDetail>({
    fields: ['penalty', 'reason', 'note'],
    request: (values) => {
      const checked = snsPenaltySetSchema.safeParse({
        penalty: values.text('penalty') || undefined,
        reason: values.text('reason') || undefined,
        note: readNote(values),
      })
      if (!checked.success) {
        return {
          errors: bodyErrors(checked.error, {
            penalty: t('adminMembers.penalties.errors.penalty'),
            reason: t('adminMembers.penalties.errors.reason'),
            note: noteError(),
          }),
        }
      }
      return { input: checked.data }
    },
    send: (input) => setSnsPenalty(accountId, input),
    messages: MEMBER_ERRORS,
    onSuccess: (answer, values) => {
      onClose()
      const chosen = values.text('penalty') as (typeof SNS_PENALTIES)[number]
      change.succeeded(
        answer,
        t('adminMembers.penalties.done.snsSet', { penalty: t(`adminMembers.penalties.sns.${chosen}`) }),
      )
    },
    onError: () => {
      change.failed()
      return false
    },
  })
  const effect = (SNS_PENALTIES as readonly string[]).includes(penalty)
    ? t(`adminMembers.penalties.snsEffects.${penalty as (typeof SNS_PENALTIES)[number]}`)
    : null
  return (
    <ConsoleDialog
      title={t('adminMembers.penalties.snsDialog.title')}
      onEscape={() => form.pending || onClose()}
    >
      <Form form={form} className="stack">
        <SelectField
          {...form.field('penalty')}
          label={t('adminMembers.penalties.snsDialog.penalty')}
          defaultValue={penalty}
          onChange={(event) => setPenalty(event.currentTarget.value)}
          options={[
            { value: '', label: t('adminMembers.choose') },
            ...SNS_PENALTIES.map((code) => ({ value: code, label: t(`adminMembers.penalties.sns.${code}`) })),
          ]}
        />
        <p className={effect ? 'notice member-effect' : 'member-none'} aria-live="polite">
          {effect ?? t('adminMembers.penalties.snsDialog.effectEmpty')}
        </p>
        <ReasonChoice
          kind="sns"
          field={form.field('reason')}
          reasons={SNS_PENALTY_REASONS}
          chosen={reason}
          onChoose={setReason}
        />
        <NoteField {...form.field('note')} />
        <FormProblemNotice problem={form.problem} />
        <DialogActions
          pending={form.pending}
          submit={t('adminMembers.penalties.snsDialog.submit')}
          pendingLabel={t('adminMembers.sending')}
          danger
          onCancel={onClose}
        />
      </Form>
    </ConsoleDialog>
  )
}

/** Lifting a penalty: what it changes for the member, and the operator's note. */
function ClearDialog({ kind, detail, onClose }: { kind: Kind; detail: MemberDetail; onClose: () => void }) {
  const accountId = detail.account.id
  const change = useMemberChange(accountId)
  const form = useContractForm<'note', MemberNote, MemberDetail>({
    fields: ['note'],
    request: (values) => {
      const checked = memberNoteSchema.safeParse({ note: readNote(values) })
      if (!checked.success) return { errors: bodyErrors(checked.error, { note: noteError() }) }
      return { input: checked.data }
    },
    send: (input) => (kind === 'sns' ? clearSnsPenalty(accountId, input) : clearPuriget(accountId, input)),
    messages: MEMBER_ERRORS,
    onSuccess: (answer) => {
      onClose()
      change.succeeded(answer, t(`adminMembers.penalties.done.${kind}Clear`))
    },
    onError: () => {
      change.failed()
      return false
    },
  })
  return (
    <ConsoleDialog
      title={t(`adminMembers.penalties.clearDialog.${kind}Title`)}
      onEscape={() => form.pending || onClose()}
    >
      <p>{t(`adminMembers.penalties.clearDialog.${kind}Effect`)}</p>
      <Form form={form} className="stack">
        <NoteField {...form.field('note')} />
        <FormProblemNotice problem={form.problem} />
        <DialogActions
          pending={form.pending}
          submit={t('adminMembers.penalties.clearDialog.submit')}
          pendingLabel={t('adminMembers.sending')}
          onCancel={onClose}
        />
      </Form>
    </ConsoleDialog>
  )
}
