import type { InformationDocument } from '@puribox/contract/information'
import { INFORMATION_PAGES, INFORMATION_PATH_PREFIX, type InformationPage } from '@puribox/contract/pages'
import { type ReactNode, useId } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { errorCodeOf } from '../../../lib/error-message'
import { useInformation } from '../api/get-information'
import { t } from '../i18n'
import { DocumentBody, TableOfContents } from './document-body'
import { OtherDocuments } from './other-documents'
import '../information.css'

/** The page of `/web/common/information/{page}` (the router sends only those here). */
function pageOf(location: string): InformationPage {
  const name = location.slice(INFORMATION_PATH_PREFIX.length).split(/[/?#]/)[0]
  return INFORMATION_PAGES.find((page) => page === name) ?? 'terms'
}

function versionPath(page: InformationPage, version?: string): string {
  const path = `${INFORMATION_PATH_PREFIX}${page}`
  return version === undefined ? path : `${path}?${new URLSearchParams({ version })}`
}

/** `2026-04-01T00:00:00` → the date in the words of `common.date` (year, month and day). */
function dateOf(wire: string): string {
  const parts = dateTimeParts(wire)
  return parts ? t('common.date', parts) : wire
}

/** The versions of the page, newest first, each a link; the one shown is marked. */
function Versions({ document }: { document: InformationDocument }) {
  const titleId = useId()
  if (document.versions.length < 2) return null
  return (
    <nav className="doc-versions" aria-labelledby={titleId}>
      <h2 id={titleId} className="doc-versions__title">
        {t('information.versions')}
      </h2>
      <ul>
        {document.versions.map((entry, index) => {
          const label =
            index === 0
              ? t('information.versionLatest', { date: dateOf(entry.publishedAt) })
              : t('information.versionOlder', { date: dateOf(entry.publishedAt) })
          return (
            <li key={entry.version} className="doc-versions__item">
              {entry.version === document.version ? (
                <span aria-current="page">{label}</span>
              ) : (
                <AppLink href={versionPath(document.page, index === 0 ? undefined : entry.version)}>
                  {label}
                </AppLink>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function Document({ document }: { document: InformationDocument }) {
  const latest = document.versions[0]
  const isOlder = latest !== undefined && latest.version !== document.version
  return (
    <>
      <p className="doc-meta">
        <span>{t('information.published', { date: dateOf(document.publishedAt) })}</span>
        <span>{t('information.version', { version: document.version })}</span>
      </p>
      {isOlder && (
        <div className="notice notice--warning" role="note">
          <p>{t('information.olderVersion', { date: dateOf(latest.publishedAt) })}</p>
          <AppLink href={versionPath(document.page)} className="text-link">
            {t('information.toLatest')}
          </AppLink>
        </div>
      )}
      <TableOfContents blocks={document.blocks} />
      <article className="card">
        <DocumentBody blocks={document.blocks} />
      </article>
      <Versions document={document} />
    </>
  )
}

/** A version that was never published: a 404 of this page, with the way to the version in force. */
function VersionNotFound({ page, version }: { page: InformationPage; version: string }) {
  return (
    <div className="empty-state" role="alert">
      <span className="illustration illustration--lost" aria-hidden="true" />
      <p className="doc-missing__title">{t('information.versionNotFound.title')}</p>
      <p>{t('information.versionNotFound.body', { version })}</p>
      <AppLink href={versionPath(page)} className="button button--block">
        {t('information.toLatest')}
      </AppLink>
    </div>
  )
}

/**
 * `/web/common/information/{page}` (`?version=` for a given version): a document of the information
 * pages as published, with its date and version, and the other documents at its foot (decision 0038).
 */
export function InformationScreen() {
  const [location] = useLocation()
  const [searchParams] = useSearchParams()
  const page = pageOf(location)
  // `?version=` with nothing after it asks for nothing: the version in force.
  const version = searchParams.get('version') || null
  const information = useInformation(page, version)
  const document = information.data
  const title = document?.title ?? t(`information.pages.${page}`)

  let body: ReactNode
  if (document) {
    body = <Document document={document} />
  } else if (information.isError && version !== null && errorCodeOf(information.error) === 'NOT_FOUND') {
    body = <VersionNotFound page={page} version={version} />
  } else if (information.isError) {
    body = (
      <LoadFailure
        error={information.error}
        title={t('information.loadFailed')}
        onRetry={() => void information.refetch()}
      />
    )
  } else {
    body = <LoadingState label={t('information.loading')} />
  }

  return (
    <div className="page">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      {body}
      <OtherDocuments current={page} />
    </div>
  )
}
