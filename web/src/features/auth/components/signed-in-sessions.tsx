import { useId, useState } from 'react'
import { LoadingState } from '../../../components/loading-state'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { useLogoutEverywhere, useSignedInSessions } from '../api/sessions'
import { t } from '../i18n'

/** A wire date-time as people read it: the date and the time, the Japanese way. */
function when(wire: string): string {
  const parts = dateTimeParts(wire)
  return parts ? t('auth.sessions.at', parts) : wire
}

/**
 * The settings' list of where the member is signed in (the phone or computer, the browser, when it
 * was last used), and signing out on every device behind a confirmation: for a member who lost a
 * phone or signed in at a friend's. `onSignedOut` runs once everything has ended.
 */
export function SignedInSessions({ onSignedOut }: { onSignedOut: () => void }) {
  const titleId = useId()
  const sessions = useSignedInSessions()
  const logoutEverywhere = useLogoutEverywhere()
  const [confirming, setConfirming] = useState(false)

  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('auth.sessions.title')}
      </h2>
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{t('auth.sessions.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => sessions.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <ul className="signed-in-sessions">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="signed-in-sessions__item">
              <span className="signed-in-sessions__device">
                {session.device ?? t('auth.sessions.unknownDevice')}
                {session.current && <span className="badge">{t('auth.sessions.current')}</span>}
              </span>
              <span className="note">{t('auth.sessions.lastUsed', { at: when(session.lastUsedAt) })}</span>
            </li>
          ))}
        </ul>
      )}
      {logoutEverywhere.isError && (
        <p className="notice notice--error" role="alert">
          {t('auth.sessions.failed')}
        </p>
      )}
      {confirming ? (
        <fieldset className="stack signed-in-sessions__confirm">
          <legend className="visually-hidden">{t('auth.sessions.confirmLabel')}</legend>
          <p>{t('auth.sessions.confirm')}</p>
          <button
            type="button"
            className="button button--block button--danger"
            disabled={logoutEverywhere.isPending}
            onClick={() => logoutEverywhere.mutate(undefined, { onSuccess: onSignedOut })}
          >
            {logoutEverywhere.isPending ? t('auth.settings.loggingOut') : t('auth.sessions.logoutEverywhere')}
          </button>
          <button
            type="button"
            className="button button--block button--secondary"
            onClick={() => setConfirming(false)}
          >
            {t('auth.sessions.cancel')}
          </button>
        </fieldset>
      ) : (
        <button
          type="button"
          className="button button--block button--secondary"
          onClick={() => setConfirming(true)}
        >
          {t('auth.sessions.logoutEverywhere')}
        </button>
      )}
    </section>
  )
}
