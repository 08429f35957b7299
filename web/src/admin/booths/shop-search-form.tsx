import { BOOTH_ADMIN_LIMITS } from '@puribox/contract/admin-booths'
import { useState } from 'react'
import { Link } from 'wouter'
import { Form, SubmitButton } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import {
  SHOP_FILTERS,
  SHOPS_PATH,
  type ShopFilter,
  type ShopFilters,
  shopFilterErrors,
  shopFiltersOf,
} from './booth-paths'
import { t } from './i18n'
import { prefectureOptions } from './prefecture-options'

/**
 * The shop search. It starts from the address (and is drawn afresh when the address changes: back
 * and forward); searching writes the address, which is what the list reads.
 */
export function ShopSearchForm({
  filters,
  errors,
  onApply,
}: {
  filters: ShopFilters
  /** What is wrong with the address's search, shown from the start. */
  errors: FieldErrors<ShopFilter>
  onApply: (filters: ShopFilters) => void
}) {
  const form = useContractForm<ShopFilter, ShopFilters, ShopFilters>({
    fields: SHOP_FILTERS,
    initialErrors: errors,
    request: (values) => {
      const chosen = shopFiltersOf((name) => values.text(name))
      const wrong = shopFilterErrors(chosen)
      return Object.keys(wrong).length > 0 ? { errors: wrong } : { input: chosen }
    },
    send: async (chosen) => chosen,
    onSuccess: (chosen) => onApply(chosen),
  })
  const field = (name: ShopFilter) => ({ ...form.field(name), defaultValue: filters[name] ?? '' })
  const active = Object.keys(filters).length
  // As the audit log's filters: folded on a phone, where the fields would fill the screen before the
  // first shop, unless a search is in force or wrong; open on a wider screen.
  const [open, setOpen] = useState(() => active > 0 || Object.keys(errors).length > 0 || wideScreen())
  return (
    <details
      className="card console-card console-filters-card"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="console-filters-card__summary">
        <h2 className="card__title">{t('adminBooths.shops.search.title')}</h2>
        {active > 0 && (
          <span className="badge">{t('adminBooths.shops.search.active', { count: active })}</span>
        )}
      </summary>
      <Form form={form} className="console-filters" role="search">
        <div className="console-filters__fields">
          <TextField
            {...field('q')}
            type="search"
            label={t('adminBooths.shops.search.q')}
            hint={t('adminBooths.shops.search.qHint', { max: BOOTH_ADMIN_LIMITS.searchMax })}
            autoComplete="off"
            enterKeyHint="search"
          />
          <SelectField
            {...field('prefecture')}
            label={t('adminBooths.shops.search.prefecture')}
            options={prefectureOptions({ value: '', label: t('adminBooths.shops.search.anyPrefecture') })}
          />
          <TextField
            {...field('city')}
            label={t('adminBooths.shops.search.city')}
            hint={t('adminBooths.shops.search.cityHint')}
            autoComplete="off"
          />
        </div>
        <div className="console-filters__actions">
          <SubmitButton pending={false} className="button">
            {t('adminBooths.shops.search.submit')}
          </SubmitButton>
          {Object.keys(filters).length > 0 && (
            <Link href={SHOPS_PATH} className="text-link">
              {t('adminBooths.shops.search.clear')}
            </Link>
          )}
        </div>
      </Form>
    </details>
  )
}

function wideScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 600px)').matches
}
