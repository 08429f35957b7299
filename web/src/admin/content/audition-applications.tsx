import type { AdminAuditionApplication } from '@puribox/contract/admin-auditions'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { errorMessage } from '../../lib/error-message'
import { ListMore } from '../kit/list-more'
import { auditionApplicationsQueryKey, readAuditionApplications } from './audition-api'
import { AUDITION_ERRORS, t } from './audition-i18n'
import { memberPagePath } from './audition-paths'
import { japanTime } from './content-format'

/** What the server answers for a personal field the operator may not see. */
const MASKED = '***'

type Column = 'referenceNumber' | 'member' | 'birthday' | 'age' | 'sentAt' | 'identityCheckedAt' | 'guardian'
const column = (name: Column) => t(`adminAuditions.applications.columns.${name}`)

/**
 * The applications sent to the organiser, the last sent first, a page at a time: what went, as it
 * went. The member (linked to their page) and the birthday come masked to those who may not see
 * personal data, which the list then says.
 */
export function AuditionApplications({ auditionId }: { auditionId: string }) {
  const list = useInfiniteQuery({
    queryKey: auditionApplicationsQueryKey(auditionId),
    queryFn: ({ pageParam, signal }) => readAuditionApplications(auditionId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <section className="card console-card" aria-labelledby="audition-applications-title">
      <h2 id="audition-applications-title" className="card__title">
        {t('adminAuditions.applications.title')}
      </h2>
      <p className="note">{t('adminAuditions.applications.lead')}</p>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadFailure
          error={list.error}
          title={t('adminAuditions.applications.loadFailed')}
          message={errorMessage(list.error, AUDITION_ERRORS)}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <p>{t('adminAuditions.applications.empty')}</p>
      ) : (
        <>
          {items.some((item) => item.accountId === MASKED) && (
            <p className="note">{t('adminAuditions.applications.masked')}</p>
          )}
          <table className="console-table card-table audition-applications">
            <thead>
              <tr>
                <th scope="col">{column('referenceNumber')}</th>
                <th scope="col">{column('member')}</th>
                <th scope="col">{column('birthday')}</th>
                <th scope="col">{column('age')}</th>
                <th scope="col">{column('sentAt')}</th>
                <th scope="col">{column('identityCheckedAt')}</th>
                <th scope="col">{column('guardian')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <ApplicationRow key={item.referenceNumber} item={item} />
              ))}
            </tbody>
          </table>
          <div className="console-list__foot">
            <p className="note" role="status">
              {t('adminAuditions.applications.shown', { count: items.length })}
            </p>
            <ListMore list={list} end={t('adminAuditions.applications.end')} />
          </div>
        </>
      )}
    </section>
  )
}

/** A personal value as the server gave it, or that it is hidden from this operator. */
function Personal({ value, children }: { value: string | null; children?: React.ReactNode }) {
  if (value === MASKED) return <span className="audit-masked">{t('admin.audit.value.masked')}</span>
  if (value === null) return <span className="content-none">{t('adminAuditions.applications.unknown')}</span>
  return <>{children ?? value}</>
}

function ApplicationRow({ item }: { item: AdminAuditionApplication }) {
  const time = (iso: string) => <time dateTime={iso}>{japanTime(iso)}</time>
  return (
    <tr>
      <th scope="row">
        <code className="content-code">{item.referenceNumber}</code>
      </th>
      <td data-label={column('member')}>
        <Personal value={item.accountId}>
          <Link href={memberPagePath(item.accountId)} className="text-link content-code">
            {item.accountId}
          </Link>
        </Personal>
      </td>
      <td data-label={column('birthday')}>
        <Personal value={item.birthday} />
      </td>
      <td data-label={column('age')}>
        {item.age === null
          ? t('adminAuditions.applications.unknown')
          : t('adminAuditions.applications.ageValue', { age: item.age })}
      </td>
      <td data-label={column('sentAt')}>{time(item.sentAt)}</td>
      <td data-label={column('identityCheckedAt')}>{time(item.identityCheckedAt)}</td>
      <td data-label={column('guardian')}>
        {item.guardianConsent
          ? t('adminAuditions.applications.guardian', {
              relation: t(`adminAuditions.applications.relations.${item.guardianConsent.relation}`),
              time: japanTime(item.guardianConsent.consentedAt),
            })
          : t('adminAuditions.applications.noGuardian')}
      </td>
    </tr>
  )
}
