import type { InformationPage } from '@puribox/contract/pages'
import { useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import { useContent } from '../content/content-context'
import { ContentPage, NotAllowed } from '../content/content-page'
import { infoAccessOf } from './info-access'
import { InfoDraftForm } from './info-draft-form'
import { t } from './info-i18n'
import { infoPageName } from './info-labels'
import { InfoLoaded } from './info-loaded'
import { TO_INFORMATION } from './info-page-screen'
import { infoPagePath, infoVersionPath } from './info-paths'
import { useInformationPage, useInformationVersion } from './info-queries'

/**
 * `/admin/information/:page/new`: a new draft, starting from the text of the version `?from=` names,
 * or of the version members see now (a page with none starts empty); then the draft's page.
 */
export function InfoNewDraftScreen({ page }: { page: InformationPage }) {
  const { operator, changed } = useContent()
  const from = new URLSearchParams(useSearch()).get('from')
  const overview = useInformationPage(page)
  const sourceVersion = from ?? (overview.data ? (overview.data.current?.version ?? null) : null)
  const source = useInformationVersion(page, sourceVersion)
  const waiting = from === null && overview.isPending
  const trail = [TO_INFORMATION, { href: infoPagePath(page), label: infoPageName(page) }]
  return (
    <ContentPage
      title={t('adminInformation.form.createTitle')}
      lead={t('adminInformation.form.createLead', { page: infoPageName(page) })}
      trail={trail}
    >
      {!infoAccessOf(operator.role).create ? (
        <NotAllowed />
      ) : waiting || (sourceVersion !== null && source.isPending) ? (
        <LoadingState />
      ) : (
        <div className="stack">
          {sourceVersion !== null && source.data ? (
            <p className="note">{t('adminInformation.form.createFrom', { version: sourceVersion })}</p>
          ) : source.isError || overview.isError ? (
            <p className="notice notice--warning">{t('adminInformation.form.sourceFailed')}</p>
          ) : (
            <p className="note">{t('adminInformation.form.createEmpty')}</p>
          )}
          <InfoDraftForm
            page={page}
            start={source.data ? { title: source.data.title, body: source.data.body } : undefined}
            cancelPath={infoPagePath(page)}
            onSaved={(saved) =>
              changed(infoVersionPath(page, saved.version), t('adminInformation.form.created'))
            }
          />
        </div>
      )}
    </ContentPage>
  )
}

/** `/admin/information/:page/versions/:version/edit`: changes a draft, then shows it (at its new label, if changed). */
export function InfoEditScreen({ page, version }: { page: InformationPage; version: string }) {
  const { operator, changed } = useContent()
  const stored = useInformationVersion(page, version)
  return (
    <ContentPage
      title={t('adminInformation.form.changeTitle')}
      trail={[
        TO_INFORMATION,
        { href: infoPagePath(page), label: infoPageName(page) },
        { href: infoVersionPath(page, version), label: t('adminInformation.version.title', { version }) },
      ]}
    >
      {!infoAccessOf(operator.role).change ? (
        <NotAllowed />
      ) : (
        <InfoLoaded query={stored} failure={t('adminInformation.version.loadFailed')}>
          {(loaded) =>
            loaded.state === 'draft' ? (
              <InfoDraftForm
                page={page}
                stored={loaded}
                cancelPath={infoVersionPath(page, version)}
                onSaved={(saved) =>
                  changed(infoVersionPath(page, saved.version), t('adminContent.form.saved'))
                }
              />
            ) : (
              <p className="notice notice--warning" role="status">
                {t('adminInformation.errors.INFORMATION_VERSION_PUBLISHED')}
              </p>
            )
          }
        </InfoLoaded>
      )}
    </ContentPage>
  )
}
