import type { AdminInformationPage } from '@puribox/contract/admin-information'
import type { InformationPage } from '@puribox/contract/pages'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { useContent } from '../content/content-context'
import { ContentPage, ReadOnlyNote } from '../content/content-page'
import { ListMore } from '../kit/list-more'
import { infoAccessOf, writesInformation } from './info-access'
import { infoHistoryQueryKey, readInformationHistory } from './info-api'
import { t } from './info-i18n'
import { infoPageName, japanTime, PolicyBadge, WithLabel } from './info-labels'
import { InfoLoaded } from './info-loaded'
import {
  INFORMATION_PATH,
  infoAuditPath,
  infoNewDraftPath,
  infoVersionPath,
  membersPagePath,
} from './info-paths'
import { useInformationPage } from './info-queries'
import { InfoVersionList } from './info-version-list'

export const TO_INFORMATION = { href: INFORMATION_PATH, label: t('adminInformation.title') }

/**
 * `/admin/information/:page`: the version members see now, and for a policy how many members agreed
 * to it; the scheduled versions and the drafts; every published version, newest first, a page at a
 * time; and the way to write a new version (for the roles the routes admit).
 */
export function InfoPageScreen({ page }: { page: InformationPage }) {
  const { operator } = useContent()
  const access = infoAccessOf(operator.role)
  const overview = useInformationPage(page)
  return (
    <ContentPage
      title={infoPageName(page)}
      trail={[TO_INFORMATION]}
      actions={
        access.create ? (
          <Link href={infoNewDraftPath(page)} className="button button--small">
            {t('adminInformation.page.create')}
          </Link>
        ) : (
          !writesInformation(access) && <ReadOnlyNote />
        )
      }
    >
      <InfoLoaded query={overview} failure={t('adminInformation.page.loadFailed')}>
        {(loaded) => (
          <>
            {loaded.policy && <InfoPolicyCard policy={loaded.policy} />}
            <InfoCurrentCard overview={loaded} />
            {loaded.scheduled.length > 0 && (
              <section className="card console-card" aria-labelledby="info-scheduled-title">
                <h2 id="info-scheduled-title" className="card__title">
                  {t('adminInformation.page.scheduledTitle')}
                </h2>
                <InfoVersionList
                  page={page}
                  versions={loaded.scheduled}
                  label={t('adminInformation.page.scheduledTitle')}
                />
              </section>
            )}
            <section className="card console-card" aria-labelledby="info-drafts-title">
              <h2 id="info-drafts-title" className="card__title">
                {t('adminInformation.page.draftsTitle')}
              </h2>
              {loaded.drafts.length === 0 ? (
                <p className="note">{t('adminInformation.page.noDrafts')}</p>
              ) : (
                <InfoVersionList
                  page={page}
                  versions={loaded.drafts}
                  label={t('adminInformation.page.draftsTitle')}
                />
              )}
            </section>
          </>
        )}
      </InfoLoaded>
      <InfoHistory page={page} />
      <p>
        <Link href={infoAuditPath(page)} className="text-link">
          {t('adminInformation.page.audit')}
        </Link>
      </p>
    </ContentPage>
  )
}

function InfoPolicyCard({ policy }: { policy: NonNullable<AdminInformationPage['policy']> }) {
  return (
    <section className="card console-card info-policy" aria-labelledby="info-policy-title">
      <h2 id="info-policy-title" className="card__title">
        {t('adminInformation.page.policyTitle')} <PolicyBadge />
      </h2>
      <p>{t('adminInformation.page.policyLead')}</p>
      <p>
        {policy.inForce === null ? (
          t('adminInformation.page.policyNone')
        ) : (
          <WithLabel
            text={t('adminInformation.page.policyInForce', {
              version: policy.inForce,
              count: policy.agreedToInForce,
            })}
            label={policy.inForce}
          />
        )}
      </p>
    </section>
  )
}

function InfoCurrentCard({ overview }: { overview: AdminInformationPage }) {
  const { page, current } = overview
  return (
    <section className="card console-card" aria-labelledby="info-current-title">
      <h2 id="info-current-title" className="card__title">
        {t('adminInformation.page.current')}
      </h2>
      {current ? (
        <>
          <p className="info-current__title">
            {t('adminInformation.version.title', { version: current.version })} {current.title}
          </p>
          {current.publishedAt && (
            <p className="note">
              {t('adminInformation.list.publishedAt', { time: japanTime(current.publishedAt) })}
            </p>
          )}
          <p className="info-links">
            <Link href={infoVersionPath(page, current.version)} className="text-link">
              {t('adminInformation.page.openVersion')}
            </Link>
            <a href={membersPagePath(page)} className="text-link" target="_blank" rel="noopener noreferrer">
              {t('adminInformation.page.membersPage')}
              <span className="visually-hidden">{t('adminInformation.view.newTab')}</span>
            </a>
          </p>
        </>
      ) : (
        <p className="note">{t('adminInformation.page.noCurrent')}</p>
      )}
    </section>
  )
}

/** Every published version of the page, newest first, a page at a time from the server's cursor. */
function InfoHistory({ page }: { page: InformationPage }) {
  const history = useInfiniteQuery({
    queryKey: infoHistoryQueryKey(page),
    queryFn: ({ pageParam, signal }) => readInformationHistory(page, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  })
  const versions = history.data?.pages.flatMap((each) => each.items) ?? []
  return (
    <section className="card console-card stack" aria-labelledby="info-history-title">
      <h2 id="info-history-title" className="card__title">
        {t('adminInformation.page.historyTitle')}
      </h2>
      {history.isPending ? (
        <LoadingState />
      ) : history.isError && versions.length === 0 ? (
        <LoadFailure error={history.error} title={t('adminInformation.page.historyFailed')} />
      ) : versions.length === 0 ? (
        <p className="note">{t('adminInformation.page.historyEmpty')}</p>
      ) : (
        <>
          <p className="note">{t('adminInformation.page.historyLead')}</p>
          <InfoVersionList page={page} versions={versions} label={t('adminInformation.page.historyTitle')} />
          <ListMore list={history} end={t('adminInformation.page.historyEnd')} />
        </>
      )}
    </section>
  )
}
