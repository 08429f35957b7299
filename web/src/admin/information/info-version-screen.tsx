import type { AdminInformationVersion } from '@puribox/contract/admin-information'
import type { InformationPage } from '@puribox/contract/pages'
import { Link } from 'wouter'
import { useContent } from '../content/content-context'
import { ContentPage, ReadOnlyNote } from '../content/content-page'
import { infoAccessOf, writesInformation } from './info-access'
import { InfoVersionActions } from './info-actions'
import { InfoDocumentView } from './info-document-view'
import { t } from './info-i18n'
import { InfoProblems, InfoStateBadge, infoPageName, japanTime } from './info-labels'
import { InfoLoaded } from './info-loaded'
import { TO_INFORMATION } from './info-page-screen'
import { infoPagePath, membersPagePath } from './info-paths'
import { useInformationVersion } from './info-queries'

/**
 * `/admin/information/:page/versions/:version`: a version in any state, its facts, what members'
 * page cannot show of it (a draft may hold such problems while it is written), the server's
 * rendering as members' page shows it, its Markdown, and what may be done with it now.
 */
export function InfoVersionScreen({ page, version }: { page: InformationPage; version: string }) {
  const { operator } = useContent()
  const access = infoAccessOf(operator.role)
  const loaded = useInformationVersion(page, version)
  return (
    <ContentPage
      title={t('adminInformation.version.title', { version })}
      lead={loaded.data?.title}
      trail={[TO_INFORMATION, { href: infoPagePath(page), label: infoPageName(page) }]}
      actions={
        writesInformation(access) ? (
          loaded.data && <InfoVersionActions version={loaded.data} />
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <InfoLoaded query={loaded} failure={t('adminInformation.version.loadFailed')}>
        {(found) => (
          <>
            <InfoVersionFacts version={found} />
            <InfoProblems problems={found.problems} />
            <section className="card console-card stack" aria-labelledby="info-rendering-title">
              <h2 id="info-rendering-title" className="card__title">
                {t('adminInformation.version.rendering')}
              </h2>
              <p className="note">{t('adminInformation.version.renderingLead')}</p>
              <div className="info-phone">
                <InfoDocumentView
                  title={found.title}
                  blocks={found.blocks}
                  label={t('adminInformation.version.rendering')}
                />
              </div>
              <details className="info-source">
                <summary>{t('adminInformation.version.source')}</summary>
                <pre className="content-code info-source__text">{found.body}</pre>
              </details>
            </section>
          </>
        )}
      </InfoLoaded>
    </ContentPage>
  )
}

function InfoVersionFacts({ version }: { version: AdminInformationVersion }) {
  const time = (iso: string) => <time dateTime={iso}>{japanTime(iso)}</time>
  const published = version.state === 'current' || version.state === 'past'
  return (
    <section className="card console-card stack" aria-labelledby="info-facts-title">
      <h2 id="info-facts-title" className="card__title">
        {t('adminInformation.version.facts')}
      </h2>
      <p>
        <InfoStateBadge state={version.state} />{' '}
        {t(`adminInformation.stateNotes.${version.state}`, {
          time: version.publishedAt ? japanTime(version.publishedAt) : '',
        })}
      </p>
      {published && <p className="note">{t('adminInformation.version.publishedNote')}</p>}
      <dl className="console-facts">
        <div>
          <dt>{t('adminInformation.version.label')}</dt>
          <dd>
            <code className="content-code">{version.version}</code>
          </dd>
        </div>
        <div>
          <dt>{t('adminInformation.version.documentTitle')}</dt>
          <dd>{version.title}</dd>
        </div>
        <div>
          <dt>{t('adminInformation.version.publishedAt')}</dt>
          <dd>
            {version.publishedAt ? (
              time(version.publishedAt)
            ) : (
              <span className="content-none">{t('adminInformation.version.notPublished')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('adminInformation.version.updatedAt')}</dt>
          <dd>{time(version.updatedAt)}</dd>
        </div>
        <div>
          <dt>{t('adminInformation.version.characters')}</dt>
          <dd>{t('adminInformation.page.characters', { count: version.characters })}</dd>
        </div>
      </dl>
      {published && (
        <p>
          <a
            href={membersPagePath(version.page, version.version)}
            className="text-link"
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('adminInformation.version.membersPage')}
            <span className="visually-hidden">{t('adminInformation.view.newTab')}</span>
          </a>
        </p>
      )}
      <p>
        <Link href={infoPagePath(version.page)} className="text-link">
          {t('adminInformation.version.allVersions', { page: infoPageName(version.page) })}
        </Link>
      </p>
    </section>
  )
}
