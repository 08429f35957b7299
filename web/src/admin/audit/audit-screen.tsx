import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import { ConsoleTitle } from '../console-title'
import { t } from '../i18n'
import { ListMore } from '../kit/list-more'
import { QueryFailure } from '../query-failure'
import type { SignedInOperator } from '../session/session-api'
import { type AuditEntryView, auditQueryKey, readAuditPage } from './audit-api'
import { AuditChange, AuditValue, japanTime, MASKED } from './audit-change'
import { type AuditFilters, auditFilterErrors, auditFiltersOfSearch, auditPath } from './audit-filters'
import { AuditFiltersForm } from './audit-filters-form'
import { actionName, targetKindName } from './audit-labels'

/**
 * `/admin/audit`: the audit log (decision 0069), newest first, a page at a time. Its filters live in
 * the address, so a link shows the same entries and back and forward go through the filters used;
 * filters the server would refuse are told beside their fields, and nothing is asked.
 */
export function AuditScreen({ operator }: { operator: SignedInOperator }) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const filters = useMemo(() => auditFiltersOfSearch(search), [search])
  const errors = useMemo(() => auditFilterErrors(filters), [filters])
  const valid = Object.keys(errors).length === 0

  function apply(chosen: AuditFilters) {
    const to = auditPath(chosen)
    // The same filters again: the newest entries, without a second step in the history.
    if (to === auditPath(filters)) void queryClient.invalidateQueries({ queryKey: auditQueryKey(filters) })
    else navigate(to)
  }

  return (
    <div className="console-page">
      <ConsoleTitle page={t('admin.audit.title')} />
      <div className="console-page__head">
        <h1 className="page__title">{t('admin.audit.title')}</h1>
        <p className="page__lead">{t('admin.audit.lead')}</p>
        {operator.role === 'VIEWER' && <p className="note">{t('admin.audit.maskedNote')}</p>}
      </div>
      <AuditFiltersForm key={search} filters={filters} errors={errors} onApply={apply} />
      {valid ? (
        <AuditEntries filters={filters} />
      ) : (
        <p className="notice notice--error">{t('admin.audit.errors.fixFilters')}</p>
      )}
    </div>
  )
}

function AuditEntries({ filters }: { filters: AuditFilters }) {
  const log = useInfiniteQuery({
    queryKey: auditQueryKey(filters),
    queryFn: ({ pageParam, signal }) => readAuditPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  if (log.isPending) return <LoadingState />
  if (log.isError && !log.isFetchNextPageError) {
    return (
      <QueryFailure
        error={log.error}
        refused={t('admin.audit.errors.refused')}
        failed={t('admin.audit.errors.loadFailed')}
        onRetry={() => void log.refetch()}
      />
    )
  }
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []
  const filtered = Object.keys(filters).length > 0
  if (entries.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="audit-empty-title">
        <h2 id="audit-empty-title" className="card__title">
          {t('admin.audit.empty.title')}
        </h2>
        <p>{filtered ? t('admin.audit.empty.filtered') : t('admin.audit.empty.none')}</p>
      </section>
    )
  }
  return (
    <section className="console-list" aria-labelledby="audit-list-title">
      <h2 id="audit-list-title" className="visually-hidden">
        {t('admin.audit.title')}
      </h2>
      <table className="console-table audit-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.columns.at')}</th>
            <th scope="col">{t('admin.audit.columns.actor')}</th>
            <th scope="col">{t('admin.audit.columns.action')}</th>
            <th scope="col">{t('admin.audit.columns.target')}</th>
            <th scope="col">{t('admin.audit.columns.reason')}</th>
            <th scope="col">{t('admin.audit.columns.change')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} filters={filters} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('admin.audit.shown', { count: entries.length })}
        </p>
        <ListMore list={log} end={t('admin.audit.end')} />
      </div>
    </section>
  )
}

/** One entry: a row of the table on a laptop, a card of its own on a phone (admin.css). */
function AuditRow({ entry, filters }: { entry: AuditEntryView; filters: AuditFilters }) {
  const { actor, target } = entry
  const action = actionName(entry.action)
  const kind = targetKindName(target.kind)
  const narrowTo = (more: AuditFilters) => auditPath({ ...filters, ...more })
  return (
    <tr>
      <td data-label={t('admin.audit.columns.at')}>
        <time dateTime={entry.at} className="nowrap">
          {japanTime(entry.at)}
        </time>
      </td>
      <td data-label={t('admin.audit.columns.actor')}>
        <p className="audit-actor">
          {actor.kind === 'operator' &&
            (actor.operatorMailAddress ?? t('admin.audit.actor.operatorWithoutMail'))}
          {actor.kind === 'system' && (
            <>
              {t('admin.audit.actor.system')} <code className="audit-code">{actor.job}</code>
            </>
          )}
          {actor.kind === 'anonymous' && t('admin.audit.actor.anonymous')}
        </p>
        {entry.clientIp !== null && (
          <p className="audit-sub">
            {t('admin.audit.actor.clientIp')} <AuditValue value={entry.clientIp} />
          </p>
        )}
        {actor.operatorId !== null && filters.operatorId !== actor.operatorId && (
          <Link href={narrowTo({ operatorId: actor.operatorId })} className="audit-narrow">
            {t('admin.audit.actor.onlyThisOperator')}
          </Link>
        )}
      </td>
      <td data-label={t('admin.audit.columns.action')}>
        {action && <p className="audit-action">{action}</p>}
        <code className="audit-code">{entry.action}</code>
      </td>
      <td data-label={t('admin.audit.columns.target')}>
        <p>{kind ?? <code className="audit-code">{target.kind}</code>}</p>
        <p className="audit-id">
          <AuditValue value={target.id} />
        </p>
        {target.id !== MASKED && (filters.targetKind !== target.kind || filters.targetId !== target.id) && (
          <Link href={narrowTo({ targetKind: target.kind, targetId: target.id })} className="audit-narrow">
            {t('admin.audit.target.onlyThisTarget')}
          </Link>
        )}
      </td>
      <td
        data-label={t('admin.audit.columns.reason')}
        className={entry.reason ? undefined : 'audit-no-reason'}
      >
        {entry.reason ?? <span className="audit-none">{t('admin.audit.noReason')}</span>}
      </td>
      <td data-label={t('admin.audit.columns.change')}>
        <AuditChange before={entry.before} after={entry.after} />
      </td>
    </tr>
  )
}
