import type { MemberMembership } from '@puribox/contract/membership'
import { links } from '@puribox/contract/pages'
import { useLocation } from 'wouter'
import { errorMessage } from '../../../lib/error-message'
import { createTranslator, shellMessages } from '../../../lib/i18n'
import membership from '../../../locales/ja/membership.json'
import { useLogout } from '../api/logout'

const t = createTranslator({ ...shellMessages, membership })

/**
 * The member's part of the header menu, loaded when a member opens it (neither the API client's
 * schemas nor these texts are part of the top page's first load): who is looking, by the names of
 * spec §3 (free member, premium member, junior-high free premium member, decision 0047), and the
 * sign-out: to the top page once signed out, or why it failed.
 */
export default function MenuLogout({ membershipStatus }: { membershipStatus: MemberMembership }) {
  const [, navigate] = useLocation()
  const logout = useLogout()
  return (
    <>
      <p className="site-menu__membership">{t(`membership.menu.${membershipStatus}`)}</p>
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
    </>
  )
}
