import { externalAuthHref, isExternalProvider } from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { useSearchParams } from 'wouter'
import { LoadingState } from '../../../components/loading-state'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { useLinkedIdentities } from '../api/get-linked-identities'
import { externalAuthFailureMessage } from '../external-auth-failure'
import { t } from '../i18n'

/** Where a link or switch of LINE ends: back here, on the settings page (`?linked=` or `?reason=` added). */
const BACK = links.settings

function linkedSince(wire: string): string {
  const parts = dateTimeParts(wire)
  return parts ? t('externalAuth.linked.since', parts) : wire
}

/**
 * The member's linked sign-in services, with a way to link LINE (or switch to another LINE
 * account), and the outcome of the last try when the page was reached from one.
 */
export function LinkedIdentities() {
  const titleId = useId()
  const [searchParams] = useSearchParams()
  const identities = useLinkedIdentities()
  const linked = searchParams.get('linked')
  const reason = searchParams.get('reason')
  const hasLine = identities.data?.identities.some((identity) => identity.provider === 'line') ?? false

  return (
    <section className="card linked-identities" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('externalAuth.linked.title')}
      </h2>
      <p className="note">{t('externalAuth.linked.lead')}</p>
      {isExternalProvider(linked) && (
        <p className="notice linked-identities__done" role="status">
          {t('externalAuth.linked.done', { provider: t(`externalAuth.providers.${linked}`) })}
        </p>
      )}
      {reason !== null && (
        <p className="notice notice--error" role="alert">
          {externalAuthFailureMessage(reason)}
        </p>
      )}
      {identities.isPending ? (
        <LoadingState />
      ) : identities.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{t('externalAuth.linked.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => identities.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : identities.data.identities.length === 0 ? (
        <p>{t('externalAuth.linked.none')}</p>
      ) : (
        <ul className="linked-identities__list">
          {identities.data.identities.map((identity) => (
            <li key={identity.provider} className="linked-identities__item">
              <span className="linked-identities__provider">
                {t(`externalAuth.providers.${identity.provider}`)}
              </span>
              <span className="note">{linkedSince(identity.linkedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {identities.isSuccess &&
        (hasLine ? (
          <a
            href={externalAuthHref.lineSwitch(BACK, BACK)}
            className="button button--secondary button--block"
          >
            {t('externalAuth.linked.switchLine')}
          </a>
        ) : (
          <a
            href={externalAuthHref.lineLink(BACK, BACK)}
            className="button button--block external-button external-button--line"
          >
            {t('externalAuth.linked.linkLine')}
          </a>
        ))}
    </section>
  )
}
