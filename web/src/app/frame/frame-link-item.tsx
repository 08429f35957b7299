import type { ReactNode } from 'react'
import { AppLink } from '../../components/app-link'
import { t } from '../../lib/i18n'
import type { FrameLink } from './frame-links'

/** A link of the frame, by its name; `children` follow its words inside it (a count of what is new there). */
export function FrameLinkItem({
  link,
  onNavigate,
  children,
}: {
  link: FrameLink
  onNavigate?: () => void
  children?: ReactNode
}) {
  const label = t(`frame.links.${link.name}`)
  if ('external' in link) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {label}
        <span className="visually-hidden">{t('common.opensInNewTab')}</span>
        <span className="external-mark" aria-hidden="true">
          ↗
        </span>
      </a>
    )
  }
  return (
    <AppLink href={link.href} onClick={onNavigate}>
      {label}
      {children}
    </AppLink>
  )
}
