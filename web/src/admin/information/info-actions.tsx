import {
  type AdminInformationPublished,
  type AdminInformationVersion,
  type InformationPublish,
  type InformationStep,
  informationPublishSchema,
  informationStepSchema,
} from '@puribox/contract/admin-information'
import { useState } from 'react'
import { Link } from 'wouter'
import { Form, FormProblemNotice } from '../../components/form/form'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { ReasonDialog } from '../content/action-dialogs'
import { useContent } from '../content/content-context'
import {
  JapanTimeField,
  REASON_RULE,
  ReasonField,
  readJapanTime,
  readReason,
  schemaFieldErrors,
} from '../content/content-form'
import { ConsoleDialog, DialogActions } from '../kit/dialog'
import { infoAccessOf } from './info-access'
import { discardInformationDraft, publishInformation, unscheduleInformation } from './info-api'
import { INFO_ERRORS, t } from './info-i18n'
import { InfoProblems, japanTime, WithLabel } from './info-labels'
import { infoEditPath, infoNewDraftPath, infoPagePath, infoVersionPath } from './info-paths'

type Step = 'publish' | 'unschedule' | 'discard'

/**
 * What may be done with a version now, by its state and the operator's role: a draft is changed,
 * published (now or at a time) or thrown away; a scheduled one is published at another time or taken
 * back to a draft; a published one never changes, and a new version may start from its text. Every
 * step but the change is confirmed in a dialog, with its reason.
 */
export function InfoVersionActions({ version }: { version: AdminInformationVersion }) {
  const { operator } = useContent()
  const access = infoAccessOf(operator.role)
  const [step, setStep] = useState<Step | null>(null)
  const { page, state } = version
  const open = state === 'draft' || state === 'scheduled'
  return (
    <>
      {state === 'draft' && access.change && (
        <Link href={infoEditPath(page, version.version)} className="button button--secondary button--small">
          {t('adminInformation.version.edit')}
        </Link>
      )}
      {open && access.publish && (
        <button type="button" className="button button--small" onClick={() => setStep('publish')}>
          {state === 'scheduled'
            ? t('adminInformation.version.publishAgain')
            : t('adminInformation.version.publish')}
        </button>
      )}
      {state === 'scheduled' && access.unschedule && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setStep('unschedule')}
        >
          {t('adminInformation.version.unschedule')}
        </button>
      )}
      {state === 'draft' && access.discard && (
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setStep('discard')}
        >
          {t('adminInformation.version.discard')}
        </button>
      )}
      {!open && access.create && (
        <Link
          href={infoNewDraftPath(page, version.version)}
          className="button button--secondary button--small"
        >
          {t('adminInformation.version.fromThis')}
        </Link>
      )}
      {step === 'publish' && <PublishDialog version={version} onClose={() => setStep(null)} />}
      {(step === 'unschedule' || step === 'discard') && (
        <StepDialog version={version} step={step} onClose={() => setStep(null)} />
      )}
    </>
  )
}

type PublishField = 'publishAt' | 'reason'

/**
 * Publishing now or at a time, with its reason. For a policy's page the dialog says first that every
 * member will be asked to agree again, and how many had agreed to the version in force.
 */
function PublishDialog({ version, onClose }: { version: AdminInformationVersion; onClose: () => void }) {
  const { changed } = useContent()
  const [when, setWhen] = useState<'now' | 'at'>('now')
  const label = t('adminInformation.publish.atLabel')
  const form = useContractForm<PublishField, InformationPublish, AdminInformationPublished>({
    fields: ['publishAt', 'reason'],
    request: (values) => {
      const errors: FieldErrors<PublishField> = {}
      const typed = when === 'at' ? readJapanTime(values, 'publishAt', label) : null
      if (typed?.kind === 'empty') errors.publishAt = t('adminContent.form.errors.timeRequired', { label })
      if (typed?.kind === 'wrong') errors.publishAt = typed.error
      const input = {
        ...(typed?.kind === 'time' ? { publishAt: typed.input } : {}),
        reason: readReason(values),
      }
      const checked = informationPublishSchema.safeParse(input)
      const wrong = schemaFieldErrors(
        checked.error,
        { publishAt: { label }, reason: REASON_RULE },
        { known: errors },
      )
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => publishInformation(version.page, version.version, input),
    messages: INFO_ERRORS,
    fieldOf: { SCHEDULE_IN_PAST: 'publishAt' },
    onSuccess: (published) => {
      onClose()
      const at = published.publishedAt ? japanTime(published.publishedAt) : ''
      const message =
        published.state === 'scheduled'
          ? t('adminInformation.publish.scheduled', { version: published.version, time: at })
          : published.askedAgain !== null
            ? t('adminInformation.publish.donePolicy', {
                version: published.version,
                count: published.askedAgain,
              })
            : t('adminInformation.publish.done', { version: published.version })
      changed(infoVersionPath(published.page, published.version), message)
    },
  })
  const policy = version.policy
  if (version.problems.length > 0 || version.blocks.length === 0) {
    return <BlockedDialog version={version} onClose={onClose} />
  }
  return (
    <ConsoleDialog
      title={t('adminInformation.publish.title', { version: version.version })}
      onEscape={() => form.pending || onClose()}
    >
      {policy && (
        <div className="notice notice--warning info-policy-warning">
          <p className="info-policy-warning__title">{t('adminInformation.publish.policyTitle')}</p>
          <p>
            {policy.inForce === null ? (
              t('adminInformation.publish.policyBodyNone')
            ) : (
              <WithLabel
                text={t('adminInformation.publish.policyBody', {
                  inForce: policy.inForce,
                  count: policy.agreedToInForce,
                })}
                label={policy.inForce}
              />
            )}
          </p>
          <p className="note">{t('adminInformation.publish.summaryNote')}</p>
        </div>
      )}
      <p>{t('adminInformation.publish.body')}</p>
      <Form form={form} className="stack">
        <fieldset className="content-fieldset">
          <legend className="field-label">{t('adminInformation.publish.when')}</legend>
          <label className="checkbox">
            <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} />
            {t('adminInformation.publish.now')}
          </label>
          <label className="checkbox">
            <input type="radio" name="when" checked={when === 'at'} onChange={() => setWhen('at')} />
            {t('adminInformation.publish.at')}
          </label>
        </fieldset>
        {when === 'at' && (
          <JapanTimeField
            field={form.field('publishAt')}
            legend={label}
            hint={t('adminInformation.publish.atHint')}
            initial={{ date: '', time: '' }}
          />
        )}
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <DialogActions
          pending={form.pending}
          submit={
            when === 'at' ? t('adminInformation.publish.submitAt') : t('adminInformation.publish.submitNow')
          }
          pendingLabel={t('adminInformation.publish.sending')}
          onCancel={onClose}
        />
      </Form>
    </ConsoleDialog>
  )
}

/** A draft members' page could not show as written: what to fix first, and the way to its form. */
function BlockedDialog({ version, onClose }: { version: AdminInformationVersion; onClose: () => void }) {
  const { operator } = useContent()
  return (
    <ConsoleDialog
      title={t('adminInformation.publish.title', { version: version.version })}
      onEscape={onClose}
    >
      {version.problems.length > 0 ? (
        <InfoProblems problems={version.problems} />
      ) : (
        <p className="notice notice--error">{t('adminInformation.publish.empty')}</p>
      )}
      <div className="console-dialog__actions">
        {version.state === 'draft' && infoAccessOf(operator.role).change && (
          <Link href={infoEditPath(version.page, version.version)} className="button">
            {t('adminInformation.version.edit')}
          </Link>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('admin.form.cancel')}
        </button>
      </div>
    </ConsoleDialog>
  )
}

/** Taking a schedule back, or throwing a draft away: what it does, confirmed, with its reason. */
function StepDialog({
  version,
  step,
  onClose,
}: {
  version: AdminInformationVersion
  step: 'unschedule' | 'discard'
  onClose: () => void
}) {
  const { changed } = useContent()
  const text = (key: 'title' | 'body' | 'submit' | 'sending' | 'done') =>
    t(`adminInformation.${step}.${key}`, {
      version: version.version,
      time: version.publishedAt ? japanTime(version.publishedAt) : '',
    })
  return (
    <ReasonDialog
      texts={{ title: text('title'), body: text('body'), submit: text('submit'), sending: text('sending') }}
      schema={informationStepSchema}
      send={(input: InformationStep): Promise<unknown> =>
        step === 'discard'
          ? discardInformationDraft(version.page, version.version, input)
          : unscheduleInformation(version.page, version.version, input)
      }
      messages={INFO_ERRORS}
      danger={step === 'discard'}
      onClose={onClose}
      onDone={() =>
        changed(
          step === 'discard' ? infoPagePath(version.page) : infoVersionPath(version.page, version.version),
          text('done'),
        )
      }
    />
  )
}
