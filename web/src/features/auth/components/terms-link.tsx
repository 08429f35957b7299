import { links } from '@puribox/contract/pages'
import { t } from '../i18n'

/** The terms of service, agreed to with the policies; in a new tab, so the page keeps what was typed and ticked. */
export function TermsLink({ className }: { className?: string }) {
  return (
    <a href={links.terms} className={className} target="_blank" rel="noopener">
      {t('auth.agreement.terms')}
      <span className="visually-hidden">{t('common.opensInNewTab')}</span>
    </a>
  )
}
