import { links, pages } from '@puribox/contract/pages'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { replacePage } from '../../lib/full-page-load'
import { useAccountSelf } from './api/get-account-self'

const spaPaths: ReadonlySet<string> = new Set(pages.map((page) => page.path))

/** `/web/login/top?next=/sp/setting/userinfo`: the login page, coming back here after it. */
export function loginPathFor(returnTo: string): string {
  return `${links.login}?next=${encodeURIComponent(returnTo).replace(/%2F/g, '/')}`
}

/**
 * The account status, for a members-only screen: a guest is sent to the login page (which brings
 * them back). `active: false` keeps a guest here (after leaving, the goodbye screen stays).
 */
export function useMembersOnly(returnTo: string, { active = true }: { active?: boolean } = {}) {
  const account = useAccountSelf()
  const [, navigate] = useLocation()
  const isGuest = account.data?.membershipStatus === 'GUEST'
  useEffect(() => {
    if (!active || !isGuest) return
    const target = loginPathFor(returnTo)
    if (spaPaths.has(links.login)) navigate(target, { replace: true })
    else replacePage(target)
  }, [active, isGuest, navigate, returnTo])
  return account
}
