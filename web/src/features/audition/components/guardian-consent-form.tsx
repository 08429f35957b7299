import {
  GUARDIAN_RELATIONS,
  type GuardianRelation,
  normalizeGuardianName,
} from '@puribox/contract/audition-consent-rules'
import type { GuardianConsent } from '@puribox/contract/auditions'
import { normalizeMailAddress } from '@puribox/contract/auth'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../../components/form/use-contract-form'
import { messageForCode } from '../../../lib/error-message'
import audition from '../../../locales/ja/audition.json'
import { useAuditionsChanged } from '../api/auditions'
import { auditionErrors, t } from '../i18n'

type GuardianField = 'guardianName' | 'relation' | 'mailAddress'
const FIELDS: readonly GuardianField[] = ['guardianName', 'relation', 'mailAddress']

/** The form's own sentences for the server's codes, then the page's. */
const formErrors: Readonly<Record<string, string>> = { ...auditionErrors, ...audition.guardian.errors }

/** Where this tab keeps what the member typed for one audition, until it is sent. */
export function guardianDraftKey(accountId: string, auditionId: string): string {
  return `audition-guardian:${accountId}:${auditionId}`
}

function isRelation(value: string): value is GuardianRelation {
  return (GUARDIAN_RELATIONS as readonly string[]).includes(value)
}

/**
 * A minor's request for their guardian's consent to one audition: the guardian's name, relation and
 * mail address. What is typed is kept in this tab (a reload, or a trip to the profile, keeps it)
 * until the request is sent; mistakes the rules can see are told before anything is sent.
 */
export function GuardianConsentForm({
  auditionId,
  accountId,
  previous,
  onCancel,
}: {
  auditionId: string
  accountId: string
  /** The request being replaced: its details fill the form unless a draft says otherwise. */
  previous?: GuardianConsent | null
  onCancel?: () => void
}) {
  const changed = useAuditionsChanged()
  const form = useContractForm({
    route: 'auditionGuardianConsent',
    fields: FIELDS,
    draft: guardianDraftKey(accountId, auditionId),
    request: (values) => {
      const errors: FieldErrors<GuardianField> = {}
      const name = normalizeGuardianName(values.text('guardianName'))
      if (!name.ok) errors.guardianName = t(`audition.guardian.problems.${name.problem}`)
      const relation = values.text('relation')
      if (!isRelation(relation)) errors.relation = t('audition.guardian.problems.relation')
      const mailAddress = normalizeMailAddress(values.text('mailAddress'))
      if (!mailAddress) errors.mailAddress = t('audition.guardian.problems.mailAddress')
      if (!name.ok || !isRelation(relation) || !mailAddress) return { errors }
      return {
        input: { params: { id: auditionId }, body: { guardianName: name.value, relation, mailAddress } },
      }
    },
    messages: (code) => messageForCode(code, formErrors),
    fieldOf: {
      AUDITION_GUARDIAN_NAME_INVALID: 'guardianName',
      MAIL_ADDRESS_INVALID: 'mailAddress',
      AUDITION_GUARDIAN_MAIL_OWN: 'mailAddress',
    },
    onSuccess: () => void changed(),
  })

  return (
    <Form form={form} className="stack" aria-label={t('audition.guardian.title')}>
      <TextField
        {...form.field('guardianName')}
        label={t('audition.guardian.form.name')}
        hint={t('audition.guardian.form.nameHint')}
        type="text"
        autoComplete="off"
        defaultValue={form.initial('guardianName', previous?.guardianName ?? '')}
      />
      <SelectField
        {...form.field('relation')}
        label={t('audition.guardian.form.relation')}
        defaultValue={form.initial('relation', previous?.relation ?? '')}
        options={[
          { value: '', label: t('audition.guardian.form.relationChoose') },
          ...GUARDIAN_RELATIONS.map((relation) => ({
            value: relation,
            label: t(`audition.relations.${relation}`),
          })),
        ]}
      />
      <TextField
        {...form.field('mailAddress')}
        label={t('audition.guardian.form.mailAddress')}
        hint={t('audition.guardian.form.mailAddressHint')}
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        defaultValue={form.initial('mailAddress', previous?.mailAddress ?? '')}
      />
      <p className="note">{t('audition.guardian.mailNote')}</p>
      <FormProblemNotice problem={form.problem} />
      <SubmitButton pending={form.pending} pendingLabel={t('audition.guardian.form.sending')}>
        {t('audition.guardian.form.submit')}
      </SubmitButton>
      {onCancel && (
        <button type="button" className="button button--secondary button--block" onClick={onCancel}>
          {t('audition.guardian.form.cancel')}
        </button>
      )}
    </Form>
  )
}
