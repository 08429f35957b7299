import type { AdminInformationDocument } from '@puribox/contract/admin-information'
import { Link } from 'wouter'
import { useContent } from '../content/content-context'
import { ContentPage, ReadOnlyNote } from '../content/content-page'
import { infoAccessOf, writesInformation } from './info-access'
import { t } from './info-i18n'
import { infoPageName, japanTime, PolicyBadge } from './info-labels'
import { InfoLoaded } from './info-loaded'
import { infoPagePath } from './info-paths'
import { useInformationList } from './info-queries'

/**
 * `/admin/information`: every information page, in the members' footer order, with the version
 * members see now, what is scheduled and how many drafts there are. The two pages members agree to
 * are marked.
 */
export function InfoListScreen() {
  const { operator } = useContent()
  const list = useInformationList()
  return (
    <ContentPage
      title={t('adminInformation.title')}
      lead={t('adminInformation.lead')}
      actions={!writesInformation(infoAccessOf(operator.role)) && <ReadOnlyNote />}
    >
      <InfoLoaded query={list} failure={t('adminInformation.list.loadFailed')}>
        {(loaded) => (
          <ul className="info-list" aria-label={t('adminInformation.list.label')}>
            {loaded.documents.map((document) => (
              <li key={document.page}>
                <InfoDocumentCard document={document} />
              </li>
            ))}
          </ul>
        )}
      </InfoLoaded>
    </ContentPage>
  )
}

function InfoDocumentCard({ document }: { document: AdminInformationDocument }) {
  const titleId = `info-list-${document.page}`
  return (
    <section className="card console-card info-list__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title info-list__title">
        <Link href={infoPagePath(document.page)} className="text-link">
          {infoPageName(document.page)}
        </Link>
        {document.policyKind && <PolicyBadge />}
      </h2>
      {document.policyKind && <p className="note">{t('adminInformation.list.policyNote')}</p>}
      <dl className="console-facts">
        <div>
          <dt>{t('adminInformation.list.current')}</dt>
          <dd>
            {document.current ? (
              <>
                {t('adminInformation.version.title', { version: document.current.version })}
                {document.current.publishedAt && (
                  <span className="info-when">
                    {t('adminInformation.list.publishedAt', {
                      time: japanTime(document.current.publishedAt),
                    })}
                  </span>
                )}
              </>
            ) : (
              <span className="content-none">{t('adminInformation.list.noCurrent')}</span>
            )}
          </dd>
        </div>
        {document.scheduled.length > 0 && (
          <div>
            <dt>{t('adminInformation.list.scheduled')}</dt>
            <dd>
              <ul className="info-plain-list">
                {document.scheduled.map((version) => (
                  <li key={version.version}>
                    {t('adminInformation.list.scheduledItem', {
                      version: version.version,
                      time: version.publishedAt ? japanTime(version.publishedAt) : '',
                    })}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('adminInformation.list.drafts')}</dt>
          <dd>
            {document.drafts > 0
              ? t('adminInformation.list.draftsCount', { count: document.drafts })
              : t('adminInformation.list.noDrafts')}
          </dd>
        </div>
      </dl>
    </section>
  )
}
