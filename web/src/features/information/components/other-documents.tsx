import { type InformationPage, links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { t } from '../i18n'
import '../information.css'

type Document = InformationPage | 'commercialLaw'

/** The documents in the order people look for them: the rules first, then privacy, then money. */
const DOCUMENTS: readonly Document[] = [
  'terms',
  'puriTerms',
  'operatingPolicy',
  'privacyPolicy',
  'privacy',
  'externalTransmission',
  'paymentTerms',
  'paymentProvider',
  'commercialLaw',
]

/** The other information pages, at the foot of each (the commercial-law notice's too). */
export function OtherDocuments({ current }: { current: Document }) {
  const titleId = useId()
  return (
    <nav className="card other-documents" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('information.otherDocuments')}
      </h2>
      <ul>
        {DOCUMENTS.filter((document) => document !== current).map((document) => (
          <li key={document}>
            <AppLink href={links[document]} className="other-documents__link">
              {t(`information.pages.${document}`)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
