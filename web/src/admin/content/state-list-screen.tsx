import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query'
import { Fragment, type ReactNode, useMemo } from 'react'
import { Link, useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import type { MessageParams } from '../../lib/i18n'
import { ListMore } from '../kit/list-more'
import { QueryFailure } from '../query-failure'
import { ContentPage, ContentTabs } from './content-page'

/**
 * The texts of a list screen, under one root of the area's locale file (`<root>.title`, and so on):
 * each area keeps its own sentences, in the same places.
 */
export type StateListText =
  | 'title'
  | 'lead'
  | 'create'
  | 'states.all'
  | 'states.label'
  | 'list.title'
  | 'list.badState'
  | 'list.refused'
  | 'list.loadFailed'
  | 'list.emptyTitle'
  | 'list.emptyAll'
  | 'list.emptyState'
  | 'list.shown'
  | 'list.end'

/** Which items the address asks for: of one state, of every one (null), or a state there is not. */
type StateView<S extends string> = { state: S | null } | { wrong: string }

/** A page of the server's list: its items, and the cursor of the next page while there is one. */
type ListPage = { next?: string | null }

/** What a list of the screen is: how it is read from the server and drawn. */
interface StateListOptions<S extends string, P extends ListPage, Item extends { id: string | number }> {
  /** Names the list's headings' ids (`<id>-list-title`, `<id>-empty-title`). */
  id: string
  text: (key: StateListText, params?: MessageParams) => string
  stateName: (state: S) => string
  queryKey: (state: S | null) => QueryKey
  readPage: (state: S | null, after: string | undefined, signal: AbortSignal) => Promise<P>
  itemsOf: (page: P) => readonly Item[]
  /** The table's column headings. */
  columns: readonly string[]
  /** Said above the table (the order the view is read in). */
  note?: (state: S | null) => ReactNode
  row: (item: Item) => ReactNode
}

/**
 * A content area's list screen: the items a page at a time, of every state or one (`?state=`: the
 * state lives in the address, so a link shows the same list), as tabs; a link to write a new item
 * for whoever may; an empty list said as such. A row of the table is the area's own (`row`): on a
 * laptop a row, on a phone a card (content.css).
 */
export function StateListScreen<S extends string, P extends ListPage, Item extends { id: string | number }>({
  states,
  viewOf,
  listPath,
  newPath,
  canCreate,
  readOnly,
  ...list
}: StateListOptions<S, P, Item> & {
  states: readonly S[]
  viewOf: (search: string) => StateView<S>
  listPath: (state: S | null) => string
  newPath: string
  canCreate: boolean
  /** Said instead of the link to write one, to whoever may only read. */
  readOnly: ReactNode
}) {
  const { text, stateName } = list
  const search = useSearch()
  const view = useMemo(() => viewOf(search), [viewOf, search])
  const tabs = [
    { key: 'all', href: listPath(null), label: text('states.all') },
    ...states.map((state) => ({ key: state, href: listPath(state), label: stateName(state) })),
  ]
  return (
    <ContentPage
      title={text('title')}
      lead={text('lead')}
      tabs={
        <ContentTabs
          label={text('states.label')}
          tabs={tabs}
          current={'state' in view ? (view.state ?? 'all') : null}
        />
      }
      actions={
        canCreate ? (
          <Link href={newPath} className="button button--small">
            {text('create')}
          </Link>
        ) : (
          readOnly
        )
      }
    >
      {'state' in view ? (
        <StateList state={view.state} list={list} />
      ) : (
        <p className="notice notice--error" role="alert">
          {text('list.badState')}
        </p>
      )}
    </ContentPage>
  )
}

function StateList<S extends string, P extends ListPage, Item extends { id: string | number }>({
  state,
  list: { id, text, stateName, queryKey, readPage, itemsOf, columns, note, row },
}: {
  state: S | null
  list: StateListOptions<S, P, Item>
}) {
  const list = useInfiniteQuery({
    queryKey: queryKey(state),
    queryFn: ({ pageParam, signal }) => readPage(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  if (list.isPending) return <LoadingState />
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <QueryFailure
        error={list.error}
        refused={text('list.refused')}
        failed={text('list.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const items = list.data?.pages.flatMap((page) => itemsOf(page)) ?? []
  if (items.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby={`${id}-empty-title`}>
        <h2 id={`${id}-empty-title`} className="card__title">
          {text('list.emptyTitle')}
        </h2>
        <p>{state === null ? text('list.emptyAll') : text('list.emptyState', { state: stateName(state) })}</p>
      </section>
    )
  }
  return (
    <section className="console-list" aria-labelledby={`${id}-list-title`}>
      <h2 id={`${id}-list-title`} className="visually-hidden">
        {text('list.title')}
      </h2>
      {note?.(state)}
      <table className="console-table card-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Fragment key={item.id}>{row(item)}</Fragment>
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {text('list.shown', { count: items.length })}
        </p>
        <ListMore list={list} end={text('list.end')} />
      </div>
    </section>
  )
}
