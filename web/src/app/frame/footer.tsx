import type { FooterVariant } from '@puribox/contract/pages'
import { t } from '../../lib/i18n'
import { FrameLinkItem } from './frame-link-item'
import { footerLinks } from './frame-links'
import type { Viewer } from './viewer'

/** The shared footer in its three variants: all, primary and copyright-only. */
export function Footer({ variant, viewer }: { variant: FooterVariant; viewer: Viewer }) {
  const items = footerLinks(variant, viewer)
  return (
    <footer className="site-footer" data-variant={variant}>
      {items.length > 0 && (
        <nav aria-label={t('frame.footer.nav')}>
          <ul className="site-footer__links">
            {items.map((link) => (
              <li key={link.name}>
                <FrameLinkItem link={link} />
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="site-footer__copyright">
        <small>{t('frame.footer.copyright')}</small>
      </p>
    </footer>
  )
}
