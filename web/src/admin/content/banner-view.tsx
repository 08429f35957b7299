import { useMemo } from 'react'
import '../../components/banner.css'
import { prepareBannerHtml } from '../../lib/banner-html'
import { t } from './i18n'

/** The prepared HTML with every link opening in a new tab: a preview never leaves the console. */
function previewHtml(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = prepareBannerHtml(html)
  for (const link of template.content.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank')
    link.setAttribute('rel', 'noopener noreferrer')
  }
  return template.innerHTML
}

/**
 * A banner as members see it: the server's sanitised HTML (null when nothing of it may be shown),
 * checked again as members' pages check it, in a frame as wide as a phone's screen, styled by the
 * members' banner styles.
 */
export function BannerView({ html, label }: { html: string | null; label: string }) {
  const prepared = useMemo(() => (html === null ? null : previewHtml(html)), [html])
  if (prepared === null || prepared.trim() === '') {
    return <p className="banner-frame banner-frame--empty">{t('adminContent.banners.space.empty')}</p>
  }
  return (
    <figure className="banner-frame" aria-label={label}>
      <div
        className="banner"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (decision 0040), links checked again by prepareBannerHtml.
        dangerouslySetInnerHTML={{ __html: prepared }}
      />
    </figure>
  )
}
