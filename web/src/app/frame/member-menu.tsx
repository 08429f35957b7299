import type { MemberMembership } from '@puribox/contract/membership'
import type { ReactNode } from 'react'
import { MenuLogout } from '../../features/account/components/menu-logout'
import { MenuProfile } from '../../features/profile/components/menu-profile'

/**
 * A member's header menu around its links, loaded when a member first opens it (neither the API
 * client's schemas nor these texts are part of the top page's first load): who is signed in above
 * the links, and the sign-out below them.
 */
export default function MemberMenu({
  membershipStatus,
  children,
}: {
  membershipStatus: MemberMembership
  children: ReactNode
}) {
  return (
    <>
      <MenuProfile membershipStatus={membershipStatus} />
      {children}
      <MenuLogout />
    </>
  )
}
