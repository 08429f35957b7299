import { useLocation } from 'wouter'
import { Form, SubmitButton } from '../../components/form/form'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { t } from './i18n'
import { sealIdOf, sealPath } from './seal-paths'

type LookupField = 'sealId'

/** What is wrong with a typed seal ID, in Japanese; none when it reads as one. */
export function sealIdErrors(typed: string): FieldErrors<LookupField> {
  if (typed.trim() === '') return { sealId: t('adminSeals.lookup.errors.empty') }
  return sealIdOf(typed) === null ? { sealId: t('adminSeals.lookup.errors.malformed') } : {}
}

/**
 * A seal ID to look up, checked here as the server reads it (a malformed one is told beside the
 * field, nothing asked); a good one opens the seal's page, whose address is the canonical ID.
 */
export function SealLookupForm({ initial = '', initialError }: { initial?: string; initialError?: string }) {
  const [, navigate] = useLocation()
  const form = useContractForm<LookupField, string, string>({
    fields: ['sealId'],
    initialErrors: initialError ? { sealId: initialError } : {},
    request: (values) => {
      const typed = values.text('sealId')
      const sealId = sealIdOf(typed)
      return sealId ? { input: sealId } : { errors: sealIdErrors(typed) }
    },
    send: async (sealId) => sealId,
    onSuccess: (sealId) => navigate(sealPath(sealId)),
  })
  return (
    <section className="card console-card" aria-labelledby="seal-lookup-title">
      <h2 id="seal-lookup-title" className="card__title">
        {t('adminSeals.lookup.formTitle')}
      </h2>
      <Form form={form} className="seal-lookup" role="search">
        <TextField
          {...form.field('sealId')}
          label={t('adminSeals.lookup.label')}
          hint={t('adminSeals.lookup.hint')}
          defaultValue={initial}
          placeholder="ABCDE-12345"
          inputClassName="seal-lookup__input"
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={64}
        />
        <SubmitButton pending={false} className="button">
          {t('adminSeals.lookup.submit')}
        </SubmitButton>
      </Form>
    </section>
  )
}
