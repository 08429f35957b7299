import { links } from '@puribox/contract/pages'
import type { PolicyKind, PolicyStatus } from '@puribox/contract/policies'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { useId } from 'react'
import { t } from '../i18n'

const fullTextFallback: Record<PolicyKind, string> = {
  furyu: links.privacyPolicy,
  puribox: links.externalTransmission,
}

/**
 * One policy: its title, a summary in a small scrolling box (106 px, spec §9) and a link to the
 * full text, opened in a new tab so the agreement page stays where it was.
 */
export function PolicyViewer({ policy }: { policy: PolicyStatus }) {
  const titleId = useId()
  const title = t(`policies.kinds.${policy.kind}.title` as const)
  return (
    <div className="policy">
      <div className="policy__head">
        <h2 id={titleId} className="policy__title">
          {title}
        </h2>
        {policy.agreed && <span className="badge badge--done">{t('policies.agreed')}</span>}
      </div>
      {/* A labelled section is a region; focusable so that it scrolls from a keyboard too (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard */}
      <section className="policy-viewer" aria-labelledby={titleId} tabIndex={0}>
        <p className="policy-viewer__text">{t(`policies.kinds.${policy.kind}.summary` as const)}</p>
      </section>
      <a
        className="text-link policy__full-text"
        href={sameOriginPath(policy.url) ?? fullTextFallback[policy.kind]}
        target="_blank"
        rel="noopener"
      >
        {t('policies.opensFullText', { title })}
        <span className="visually-hidden">{t('common.opensInNewTab')}</span>
      </a>
    </div>
  )
}
