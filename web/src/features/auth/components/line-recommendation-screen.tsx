import { allowedReturnPath, DEFAULT_AFTER_LINK, externalAuthHref } from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { useSearchParams } from 'wouter'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { errorMessage } from '../../../lib/error-message'
import { useGoTo } from '../../../lib/page-navigation'
import { useMembersOnly } from '../../account/use-members-only'
import { useDeclineLineRecommendation } from '../api/line-recommendation'
import { t } from '../i18n'
import '../auth.css'

/**
 * `/web/link/line/recommendation?rp=…`: why linking LINE helps, with a button to link it and one to
 * decline for now. Declining is a button (a POST), never the opening of an address; either way the
 * member goes on to `rp` (same-origin under /sp/ or /web/, else the settings page).
 */
export function LineRecommendationScreen() {
  const [searchParams] = useSearchParams()
  const goTo = useGoTo()
  const errorId = useId()
  const next = allowedReturnPath(searchParams.get('rp')) ?? DEFAULT_AFTER_LINK
  const here = `${links.lineRecommendation}?${new URLSearchParams({ rp: next })}`
  const status = useMembersOnly(here).data
  const decline = useDeclineLineRecommendation()
  const title = t('externalAuth.recommendation.title')

  if (!status?.account) {
    return (
      <div className="page">
        <PageTitle page={title} />
        <LoadingState />
      </div>
    )
  }
  return (
    <div className="page">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      <section className="card stack">
        <p>{t('externalAuth.recommendation.lead')}</p>
        <ul className="line-recommendation__points">
          <li>{t('externalAuth.recommendation.noPassword')}</li>
          <li>{t('externalAuth.recommendation.keep')}</li>
        </ul>
        <a
          href={externalAuthHref.lineLink(next, links.settings)}
          className="button button--block external-button external-button--line"
        >
          {t('externalAuth.linked.linkLine')}
        </a>
        <button
          type="button"
          className="button button--block button--secondary"
          disabled={decline.isPending}
          aria-describedby={decline.isError ? errorId : undefined}
          onClick={() =>
            decline.mutate(next, { onSuccess: (answer) => goTo(answer.next, { replace: true }) })
          }
        >
          {t('externalAuth.recommendation.later')}
        </button>
        {decline.isError && (
          <p id={errorId} className="field-error" role="alert">
            {errorMessage(decline.error)}
          </p>
        )}
        <p className="note">{t('externalAuth.recommendation.settingsNote')}</p>
      </section>
    </div>
  )
}
