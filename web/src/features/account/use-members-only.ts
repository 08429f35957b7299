import { loginPath } from '@puribox/contract/registration-paths'
import { useEffect } from 'react'
import { useGoTo } from '../../lib/page-navigation'
import { useAccountSelf } from './api/get-account-self'

/**
 * The account status, for a members-only screen: a guest is sent to the login page (which brings
 * them back to `returnTo`). `active: false` keeps a guest here (after leaving or signing out, the
 * screen's own ending stays).
 */
export function useMembersOnly(returnTo: string, { active = true }: { active?: boolean } = {}) {
  const account = useAccountSelf()
  const goTo = useGoTo()
  const isGuest = account.data?.membershipStatus === 'GUEST'
  useEffect(() => {
    if (active && isGuest) goTo(loginPath(returnTo), { replace: true })
  }, [active, isGuest, goTo, returnTo])
  return account
}
