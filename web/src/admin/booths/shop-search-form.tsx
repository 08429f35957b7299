import { BOOTH_ADMIN_LIMITS } from '@puribox/contract/admin-booths'
import { Form } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { FiltersCard, FiltersEnd, type FiltersFormProps, useFiltersForm } from '../kit/filters-form'
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
export function ShopSearchForm(props: FiltersFormProps<ShopFilter, ShopFilters>) {
  const { filters } = props
  const { form, field } = useFiltersForm(props, {
    fields: SHOP_FILTERS,
    read: (values) => shopFiltersOf((name) => values.text(name)),
    check: shopFilterErrors,
  })
  const active = Object.keys(filters).length
  return (
    <FiltersCard
      title={t('adminBooths.shops.search.title')}
      active={active}
      activeLabel={t('adminBooths.shops.search.active', { count: active })}
      errors={props.errors}
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
