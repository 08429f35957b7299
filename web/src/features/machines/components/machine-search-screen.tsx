import {
  MACHINE_SEARCH_LIMITS,
  type MachineSearchQuery,
  machineSearchHref,
  SHOP_PAGE_SIZE,
} from '@puribox/contract/machine-search'
import { PREFECTURES } from '@puribox/contract/profile-rules'
import { type FormEvent, useId, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { errorMessage } from '../../../lib/error-message'
import machineTexts from '../../../locales/ja/machines.json'
import { useHomePrefecture } from '../api/home-prefecture'
import { useMachineModels, useShopCities, useShopSearch } from '../api/machines'
import { t } from '../i18n'
import { hasConditions, readSearchQuery } from '../search-query'
import { ShopCard } from './shop-card'
import '../machines.css'

type GeoProblem = 'denied' | 'failed' | 'unsupported'

/** Prefecture, city, keyword and model: applied together when the form is sent. */
function SearchForm({ query }: { query: MachineSearchQuery }) {
  const [, navigate] = useLocation()
  const [prefecture, setPrefecture] = useState(query.prefecture ? String(query.prefecture) : '')
  const [city, setCity] = useState(query.city ?? '')
  const [keyword, setKeyword] = useState(query.keyword ?? '')
  const [modelId, setModelId] = useState(query.modelId ?? '')
  const cities = useShopCities(prefecture ? Number(prefecture) : undefined)
  const models = useMachineModels(false)

  function submit(event: FormEvent) {
    event.preventDefault()
    navigate(
      machineSearchHref({
        ...(prefecture ? { prefecture: Number(prefecture) } : {}),
        city,
        keyword: keyword.trim(),
        modelId,
        // A near-me search keeps its position: the filters narrow it.
        ...(query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : {}),
      }),
    )
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: the browsers of older phones (Safari before 17, Chrome before 118) know no <search> element and give it no role; a form with the role is a search landmark on every phone.
    <form role="search" className="search-form" onSubmit={submit}>
      <SelectField
        label={t('machines.search.prefecture')}
        value={prefecture}
        onChange={(event) => {
          setPrefecture(event.target.value)
          setCity('')
        }}
        options={[
          { value: '', label: t('machines.search.prefectureAny') },
          ...PREFECTURES.map((name, i) => ({ value: String(i + 1), label: name })),
        ]}
      />
      <SelectField
        label={t('machines.search.city')}
        value={city}
        disabled={!prefecture}
        onChange={(event) => setCity(event.target.value)}
        options={[
          { value: '', label: t('machines.search.cityAny') },
          // The city of the address stays a choice while the prefecture's cities load.
          ...(city && !cities.data?.entry.some((c) => c.name === city) ? [{ value: city, label: city }] : []),
          ...(cities.data?.entry ?? []).map((c) => ({ value: c.name, label: c.name })),
        ]}
      />
      <TextField
        label={t('machines.search.keyword')}
        type="search"
        value={keyword}
        maxLength={MACHINE_SEARCH_LIMITS.keywordMax}
        hint={t('machines.search.keywordHint')}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <SelectField
        label={t('machines.search.model')}
        value={modelId}
        onChange={(event) => setModelId(event.target.value)}
        options={[
          { value: '', label: t('machines.search.modelAny') },
          ...(modelId && !models.data?.entry.some((m) => m.id === modelId)
            ? [{ value: modelId, label: modelId }]
            : []),
          ...(models.data?.entry ?? []).map((model) => ({ value: model.id, label: model.name })),
        ]}
      />
      <button type="submit" className="button button--block">
        {t('machines.search.submit')}
      </button>
    </form>
  )
}

/**
 * Near me: the browser is asked for the position only when this is tapped. A refusal or a failure
 * says so in Japanese; the other searches work as before.
 */
function NearMe({ query }: { query: MachineSearchQuery }) {
  const [, navigate] = useLocation()
  const [locating, setLocating] = useState(false)
  const [problem, setProblem] = useState<GeoProblem | null>(null)
  const noteId = useId()

  function locate() {
    setProblem(null)
    if (!('geolocation' in navigator)) {
      setProblem('unsupported')
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        navigate(
          machineSearchHref({
            keyword: query.keyword,
            modelId: query.modelId,
            lat: position.coords.latitude,
            lng: position.coords.longitude,
          }),
        )
      },
      (error) => {
        setLocating(false)
        setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed')
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60 * 1000 },
    )
  }

  return (
    <div className="search-near">
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={locate}
        disabled={locating}
        aria-describedby={noteId}
      >
        {locating ? t('machines.search.locating') : t('machines.search.near')}
      </button>
      <p id={noteId} className="field-hint">
        {t('machines.search.nearNote')}
      </p>
      {problem && (
        <p className="notice notice--error" role="alert">
          {t(`machines.search.geo.${problem}`)}
        </p>
      )}
    </div>
  )
}

/**
 * Previous and next. A near-me search does not count every shop near (decision 0045): it says
 * whether a next page has any, and the count reads "page n" rather than "n of m".
 */
function Pager({
  query,
  page,
  pages,
  near,
}: {
  query: MachineSearchQuery
  page: number
  pages: number
  near: boolean
}) {
  if (pages <= 1 && page <= 1) return null
  return (
    <nav className="pager" aria-label={t('machines.search.pagination')}>
      {page > 1 ? (
        <AppLink
          href={machineSearchHref({ ...query, page: page - 1 })}
          className="button button--secondary button--small"
        >
          {t('machines.search.prev')}
        </AppLink>
      ) : (
        <span />
      )}
      <span className="pager__count">
        {near
          ? t('machines.search.pageNear', { page: String(page) })
          : t('machines.search.pages', { page: String(page), pages: String(pages) })}
      </span>
      {page < pages ? (
        <AppLink
          href={machineSearchHref({ ...query, page: page + 1 })}
          className="button button--secondary button--small"
        >
          {t('machines.search.next')}
        </AppLink>
      ) : (
        <span />
      )}
    </nav>
  )
}

/**
 * What was searched for, as the result line repeats it: the area, the keyword in brackets and the
 * model, in the form's order; null for none (near me alone).
 */
function conditionsText(query: MachineSearchQuery, modelName: string | undefined): string | null {
  const parts: string[] = []
  const prefecture = query.prefecture !== undefined ? PREFECTURES[query.prefecture - 1] : undefined
  if (prefecture) parts.push(t('machines.search.conditionArea', { prefecture, city: query.city ?? '' }))
  if (query.keyword) parts.push(t('machines.search.conditionKeyword', { keyword: query.keyword }))
  if (modelName) parts.push(modelName)
  return parts.length > 0 ? parts.join(t('machines.search.conditionsSeparator')) : null
}

function Results({ query }: { query: MachineSearchQuery }) {
  const active = hasConditions(query)
  // The person's own prefecture orders a search across Japan; it is no use within one, or near them.
  const home = useHomePrefecture(active && query.prefecture === undefined && query.lat === undefined)
  const search = useShopSearch(query, active && home.settled, home.code)
  const models = useMachineModels(false)
  const headingId = useId()
  if (!active) return <p className="card card--soft">{t('machines.search.start')}</p>
  if (search.isPending) return <LoadingState />
  if (search.isError) {
    return (
      <LoadFailure
        error={search.error}
        title={t('machines.search.failed')}
        message={errorMessage(search.error, machineTexts.search.errors)}
        onRetry={() => void search.refetch()}
      />
    )
  }
  const { shops, total, hasMore, near, page } = search.data
  // Near me knows only whether a next page has shops; the other searches count them all.
  const pages = near ? page + (hasMore ? 1 : 0) : Math.ceil(total / SHOP_PAGE_SIZE)
  const modelName = models.data?.entry.find((model) => model.id === query.modelId)?.name
  const conditions = conditionsText(query, modelName)
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId} className="search-status">
        {near
          ? conditions
            ? t('machines.search.resultsNearFor', { conditions })
            : t('machines.search.resultsNear')
          : conditions
            ? t('machines.search.results', { conditions, total: String(total) })
            : t('machines.search.resultsPlain', { total: String(total) })}
      </h2>
      {total === 0 ? (
        <p className="empty-state">{near ? t('machines.search.emptyNear') : t('machines.search.empty')}</p>
      ) : shops.length === 0 ? (
        <p className="empty-state">
          {t('machines.search.emptyPage')}{' '}
          <AppLink href={machineSearchHref({ ...query, page: 1 })} className="text-link">
            {t('machines.search.toFirst')}
          </AppLink>
        </p>
      ) : (
        <ul className="shop-list">
          {shops.map((shop) => (
            <ShopCard key={shop.id} shop={shop} />
          ))}
        </ul>
      )}
      <Pager query={query} page={page} pages={pages} near={near} />
    </section>
  )
}

/**
 * `/sp/2/machines/search`: shops by prefecture and city, keyword and model, or near the person. The
 * search lives in the address (`?prefecture=&city=&keyword=&modelId=&lat=&lng=&page=`), so reloading
 * and going back keep it; the server pages the shops.
 */
export function MachineSearchScreen() {
  const search = useSearch()
  const query = readSearchQuery(search)
  const near = query.lat !== undefined
  return (
    <div className="page stack">
      <PageTitle page={t('machines.search.title')} />
      <h1 className="page__title">{t('machines.search.title')}</h1>
      <p className="page__lead">{t('machines.search.lead')}</p>
      <NearMe query={query} />
      {near && (
        <p className="search-status card card--soft">
          <span>{t('machines.search.nearActive')}</span>
          <AppLink
            href={machineSearchHref({ ...query, lat: undefined, lng: undefined, page: 1 })}
            className="text-link"
          >
            {t('machines.search.clearNear')}
          </AppLink>
        </p>
      )}
      {/* A new address (back, a link) starts the form from it. Under results it folds away. */}
      {hasConditions(query) ? (
        <details className="card search-conditions">
          <summary>{t('machines.search.change')}</summary>
          <SearchForm key={search} query={query} />
        </details>
      ) : (
        <div className="card">
          <SearchForm key={search} query={query} />
        </div>
      )}
      <Results query={query} />
    </div>
  )
}
