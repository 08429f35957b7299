import type { AccountStatus, MembershipStatus } from '@puribox/contract/account'

/** What the frame needs to know about who is looking. */
export interface Viewer {
  membershipStatus: MembershipStatus
  official: boolean
}

export const guestViewer: Viewer = { membershipStatus: 'GUEST', official: false }

export function toViewer(status: AccountStatus | undefined): Viewer {
  if (!status) return guestViewer
  return { membershipStatus: status.membershipStatus, official: status.account?.official ?? false }
}
