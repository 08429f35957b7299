import { PREFECTURES } from '@puribox/contract/profile-rules'
import { useAccountSelf } from '../../account/api/get-account-self'
import { isMember } from '../../account/membership'
import { useProfile } from '../../profile/public'

/**
 * The person's own prefecture (JIS code), whose shops a search puts first: a member's, from their
 * profile; none for a guest, a member who has not said, or when the profile cannot be read.
 * `settled` stays false while it may still come, so that the search is asked once, in its final
 * order. Not asked at all unless `needed` (a search within a prefecture, or near the person, has no
 * use for it).
 */
export function useHomePrefecture(needed: boolean): { settled: boolean; code: number | undefined } {
  const account = useAccountSelf()
  const member = isMember(account.data?.membershipStatus)
  const profile = useProfile(needed && member)
  if (!needed) return { settled: true, code: undefined }
  if (account.isPending) return { settled: false, code: undefined }
  if (!member) return { settled: true, code: undefined }
  if (profile.isPending) return { settled: false, code: undefined }
  const name = profile.data?.prefectureName
  const index = name ? PREFECTURES.indexOf(name) : -1
  return { settled: true, code: index === -1 ? undefined : index + 1 }
}
