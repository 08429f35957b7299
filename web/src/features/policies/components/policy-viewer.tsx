import { links } from '@puribox/contract/pages'
import type { PolicyDocument, PolicyKind } from '@puribox/contract/policies'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { useId } from 'react'
import { t } from '../i18n'

const fullTextFallback: Record<PolicyKind, string> = {
  furyu: links.privacyPolicy,
  puribox: links.externalTransmission,
}

/**
 * One policy: its title, a summary in a small scrolling box (106 px, the product's fixed height) and a link to the
 * full text, opened in a new tab so the agreement page stays where it was. `agreed` (a member's
 * status) adds a badge.
 */
export function PolicyViewer({
  policy,
  level = 2,
}: {
  policy: PolicyDocument & { agreed?: boolean }
  /** The title's heading level: 3 inside a section of a page (a registration step). */
  level?: 2 | 3
}) {
  const titleId = useId()
  const Title = level === 3 ? 'h3' : 'h2'
  const title = t(`policies.kinds.${policy.kind}.title` as const)
  return (
    <div className="policy">
      <div className="policy__head">
        <Title id={titleId} className="policy__title">
          {title}
        </Title>
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
