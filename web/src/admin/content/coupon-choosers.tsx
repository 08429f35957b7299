import type { AdminShopPage } from '@puribox/contract/admin-booths'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useRef, useState } from 'react'
import { describedBy, FieldNotes } from '../../components/form/field-notes'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { COUPON_MODELS_QUERY_KEY, readMachineModels, searchShops } from './coupon-api'
import { t } from './coupon-i18n'

/** A shop a coupon applies to, as the form shows it once chosen. */
export interface ChosenShop {
  id: string
  name: string
  prefectureName: string
  address: string
}

interface ChooserField {
  id: string
  error: string | undefined
}

/**
 * The shop a coupon applies to: words of its name, city or address, the shops found (ten at most),
 * one of them chosen. The search is the booths area's own (every operator reads shops); Enter in the
 * words searches rather than sending the coupon.
 */
export function ShopChooser({
  field,
  chosen,
  onChoose,
}: {
  field: ChooserField
  chosen: ChosenShop | null
  onChoose: (shop: ChosenShop | null) => void
}) {
  const words = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState<string | null>(null)
  const found = useQuery({
    queryKey: ['admin', 'content', 'coupons', 'shops', query],
    queryFn: ({ signal }) => searchShops(query ?? '', signal),
    enabled: query !== null,
  })
  const hint = t('adminCoupons.form.shop.hint')
  const search = () => setQuery(words.current?.value.trim() ?? '')
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    search()
  }
  return (
    <fieldset className="content-fieldset coupon-chooser">
      <legend className="field-label">{t('adminCoupons.form.shop.legend')}</legend>
      {chosen ? (
        <div className="coupon-chosen">
          <p>
            <strong>{chosen.name}</strong>
            <span className="content-sub">
              {chosen.prefectureName} {chosen.address}
            </span>
          </p>
          <button
            type="button"
            id={field.id}
            className="button button--secondary button--small"
            onClick={() => onChoose(null)}
          >
            {t('adminCoupons.form.shop.change')}
          </button>
        </div>
      ) : (
        <>
          <div className="coupon-search">
            <div className="field">
              <label className="field-label" htmlFor={field.id}>
                {t('adminCoupons.form.shop.words')}
              </label>
              <input
                ref={words}
                id={field.id}
                className="field-input"
                autoComplete="off"
                enterKeyHint="search"
                aria-invalid={Boolean(field.error)}
                aria-describedby={describedBy(field.id, { hint, error: field.error })}
                onKeyDown={onKeyDown}
              />
              <FieldNotes id={field.id} hint={hint} error={field.error} />
            </div>
            <button type="button" className="button button--secondary" onClick={search}>
              {t('adminCoupons.form.shop.search')}
            </button>
          </div>
          {query !== null && (
            <ShopResults
              found={found}
              onChoose={(shop) => {
                onChoose(shop)
                setQuery(null)
              }}
            />
          )}
        </>
      )}
    </fieldset>
  )
}

function ShopResults({
  found,
  onChoose,
}: {
  found: UseQueryResult<AdminShopPage>
  onChoose: (shop: ChosenShop) => void
}) {
  if (found.isPending) return <LoadingState />
  if (found.isError) return <LoadFailure error={found.error} title={t('adminCoupons.form.shop.failed')} />
  const shops = found.data.shops
  if (shops.length === 0) {
    return (
      <p className="note" role="status">
        {t('adminCoupons.form.shop.none')}
      </p>
    )
  }
  return (
    <ul className="coupon-results" aria-label={t('adminCoupons.form.shop.results')}>
      {shops.map((shop) => (
        <li key={shop.id}>
          <span>
            {shop.name}
            <span className="content-sub">
              {shop.prefectureName} {shop.city}
              {shop.address}
            </span>
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('adminCoupons.form.shop.chooseNamed', { name: shop.name })}
            onClick={() =>
              onChoose({
                id: shop.id,
                name: shop.name,
                prefectureName: shop.prefectureName,
                address: `${shop.city}${shop.address}`,
              })
            }
          >
            {t('adminCoupons.form.shop.choose')}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** The machine models a coupon applies to: every model, ticked or not. */
export function ModelChooser({
  field,
  chosen,
  onChoose,
}: {
  field: ChooserField
  chosen: readonly string[]
  onChoose: (modelIds: string[]) => void
}) {
  const models = useQuery({
    queryKey: COUPON_MODELS_QUERY_KEY,
    queryFn: ({ signal }) => readMachineModels(signal),
  })
  const toggle = (id: string, on: boolean) =>
    onChoose(
      on ? [...chosen.filter((other) => other !== id), id].sort() : chosen.filter((other) => other !== id),
    )
  return (
    <fieldset
      className="content-fieldset coupon-chooser"
      aria-describedby={describedBy(field.id, { error: field.error })}
    >
      <legend className="field-label">{t('adminCoupons.form.models.legend')}</legend>
      {models.isPending ? (
        <LoadingState />
      ) : models.isError ? (
        <LoadFailure
          error={models.error}
          title={t('adminCoupons.form.models.failed')}
          onRetry={() => void models.refetch()}
        />
      ) : models.data.models.length === 0 ? (
        <p className="note">{t('adminCoupons.form.models.none')}</p>
      ) : (
        <ul className="coupon-models">
          {models.data.models.map((model, index) => (
            <li key={model.id}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  id={index === 0 ? field.id : undefined}
                  checked={chosen.includes(model.id)}
                  aria-invalid={Boolean(field.error)}
                  onChange={(event) => toggle(model.id, event.target.checked)}
                />
                <span>
                  {model.name}
                  <span className="content-sub">{model.seriesName}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldNotes id={field.id} error={field.error} />
    </fieldset>
  )
}
