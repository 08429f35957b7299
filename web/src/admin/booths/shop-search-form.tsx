import { BOOTH_ADMIN_LIMITS } from '@puribox/contract/admin-booths'
import { Form } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { FiltersCard, FiltersEnd, useFiltersForm } from '../kit/filters-form'
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
  const { form, field } = useFiltersForm({
    fields: SHOP_FILTERS,
    start: filters,
    errors,
    read: (values) => shopFiltersOf((name) => values.text(name)),
    check: shopFilterErrors,
    onApply,
  })
  const active = Object.keys(filters).length
  return (
    <FiltersCard
      title={t('adminBooths.shops.search.title')}
      active={active}
      activeLabel={t('adminBooths.shops.search.active', { count: active })}
      wrong={Object.keys(errors).length > 0}
    >
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
        <FiltersEnd
          submit={t('adminBooths.shops.search.submit')}
          clearPath={active > 0 ? SHOPS_PATH : undefined}
        />
      </Form>
    </FiltersCard>
  )
}
