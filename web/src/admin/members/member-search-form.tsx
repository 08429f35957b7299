import { Form } from '../../components/form/form'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { FiltersEnd, useFiltersForm } from '../kit/filters-form'
import { MEMBERS_PATH } from '../paths'
import { t } from './i18n'
import {
  MEMBER_KEYS,
  type MemberSearch,
  type MemberSearchField,
  memberSearchErrors,
  memberSearchOf,
} from './member-paths'

const FIELDS: readonly MemberSearchField[] = ['keys', ...MEMBER_KEYS]

/**
 * The member search: one of three keys. It starts from the address (and is drawn afresh when the
 * address changes: back and forward); searching writes the address, which is what the list reads.
 * A search that is not exactly one well-formed key is told here and never sent.
 */
export function MemberSearchForm({
  search,
  errors,
  onApply,
}: {
  search: MemberSearch
  /** What is wrong with the address's search, shown from the start. */
  errors: FieldErrors<MemberSearchField>
  onApply: (search: MemberSearch) => void
}) {
  const { form, field } = useFiltersForm(
    { filters: search, errors, onApply },
    {
      fields: FIELDS,
      read: (values) => memberSearchOf((name) => values.text(name)),
      check: memberSearchErrors,
    },
  )
  const keys = form.field('keys')
  return (
    <section className="card console-card" aria-labelledby="member-search-title">
      <h2 id="member-search-title" className="card__title">
        {t('adminMembers.search.formTitle')}
      </h2>
      <Form form={form} className="console-filters" role="search">
        <fieldset className="member-keys" aria-describedby={keys.error ? `${keys.id}-error` : undefined}>
          <legend className="field-label">{t('adminMembers.search.legend')}</legend>
          {keys.error && (
            // The form focuses it (by the field's id) when the search is wrong as a whole.
            <p id={keys.id} tabIndex={-1} className="notice notice--error member-keys__error" role="alert">
              <span id={`${keys.id}-error`}>{keys.error}</span>
            </p>
          )}
          <div className="console-filters__fields">
            <TextField
              {...field('accountId')}
              label={t('adminMembers.search.accountId')}
              hint={t('adminMembers.search.accountIdHint')}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
            />
            <TextField
              {...field('mailAddress')}
              type="email"
              label={t('adminMembers.search.mailAddress')}
              hint={t('adminMembers.search.mailAddressHint')}
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              {...field('sealId')}
              label={t('adminMembers.search.sealId')}
              hint={t('adminMembers.search.sealIdHint')}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
            />
          </div>
        </fieldset>
        <FiltersEnd
          submit={t('adminMembers.search.submit')}
          clearPath={Object.keys(search).length > 0 ? MEMBERS_PATH : undefined}
        />
      </Form>
    </section>
  )
}
