import { links } from '@puribox/contract/pages'
import { useLocation } from 'wouter'
import { errorMessage } from '../../../lib/error-message'
import { t } from '../../../lib/i18n'
import { useLogout } from '../api/logout'

/**
 * The sign-out at the bottom of the header menu, loaded when a member opens it (the API client's
 * schemas are not part of the top page's first load): to the top page once signed out, or why it
 * failed.
 */
export function MenuLogout() {
  const [, navigate] = useLocation()
  const logout = useLogout()
  return (
    <div className="site-menu__logout">
      {logout.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(logout.error)}
        </p>
      )}
      <button
        type="button"
        className="button button--block button--secondary"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSuccess: () => navigate(links.top) })}
      >
        {logout.isPending ? t('frame.header.loggingOut') : t('frame.header.logout')}
      </button>
    </div>
  )
}
