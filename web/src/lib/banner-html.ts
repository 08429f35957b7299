import { contentLinkUrl, isOffSite } from '@puribox/contract/content-links'

/**
 * The banner HTML as it goes into a page (members' banners, and the console's preview of them). The
 * server has sanitised it (decision 0040); here, as the last door, every link is checked again: one
 * that is not allowed loses its href, one to another site opens in a new tab with
 * `rel="noopener noreferrer"`. Parsed in an inert template, so nothing in it runs or loads while it
 * is looked at.
 */
export function prepareBannerHtml(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  for (const link of template.content.querySelectorAll('a')) {
    const href = link.getAttribute('href')
    const safe = href === null ? null : contentLinkUrl(href)
    if (safe === null) {
      link.removeAttribute('href')
      link.removeAttribute('target')
      continue
    }
    link.setAttribute('href', safe)
    if (isOffSite(safe)) {
      link.setAttribute('target', '_blank')
      link.setAttribute('rel', 'noopener noreferrer')
    } else {
      link.removeAttribute('target')
    }
  }
  return template.innerHTML
}
