import type { InformationVersionSummary } from '@puribox/contract/admin-information'
import type { InformationPage } from '@puribox/contract/pages'
import { Link } from 'wouter'
import { t } from './info-i18n'
import { InfoStateBadge, japanTime } from './info-labels'
import { infoVersionPath } from './info-paths'

/**
 * Versions of a page, one line each: its label (a link to it), state, title, when members see it
 * from (or when it was last changed, for a draft) and its length.
 */
export function InfoVersionList({
  page,
  versions,
  label,
}: {
  page: InformationPage
  versions: readonly InformationVersionSummary[]
  label: string
}) {
  return (
    <ul className="info-versions" aria-label={label}>
      {versions.map((version) => (
        <li key={version.version} className="info-versions__item">
          <p className="info-versions__head">
            <Link href={infoVersionPath(page, version.version)} className="text-link info-versions__label">
              {t('adminInformation.version.title', { version: version.version })}
            </Link>
            <InfoStateBadge state={version.state} />
          </p>
          <p className="info-versions__title">{version.title}</p>
          <p className="note info-versions__meta">
            <span className="info-nowrap">
              {version.publishedAt
                ? t('adminInformation.list.publishedAt', { time: japanTime(version.publishedAt) })
                : t('adminInformation.page.updatedAt', { time: japanTime(version.updatedAt) })}
            </span>
            <span className="info-nowrap">
              {t('adminInformation.page.characters', { count: version.characters })}
            </span>
          </p>
        </li>
      ))}
    </ul>
  )
}
