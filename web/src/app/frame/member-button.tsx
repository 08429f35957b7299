import { hasPremiumFeatures } from '@puribox/contract/membership'
import { links } from '@puribox/contract/pages'
import { AppLink } from '../../components/app-link'
import { useUnsavedSummary } from '../../features/mypage/api/get-unsaved-summary'
import { useProfileSummary } from '../../features/profile/api/profile'
import { PremiumMark } from '../../features/profile/components/premium-mark'
import { createTranslator, shellMessages } from '../../lib/i18n'
import membership from '../../locales/ja/membership.json'
import type { Viewer } from './viewer'

const t = createTranslator({ ...shellMessages, membership })

/**
 * A member's button in the header, to my page: who is signed in (their picture and nickname, from
 * the light profile, with a crown for premium and junior-high members) over the words "my page";
 * for a free member with unsaved puris, their count. Loaded once the page knows a member is looking,
 * so never with a guest's first load; the header holds its place until then (`MemberButtonShape`).
 */
export default function MemberButton({ viewer }: { viewer: Viewer }) {
  const isMini = viewer.membershipStatus === 'MINI'
  const unsavedSummary = useUnsavedSummary(isMini)
  const unsaved = isMini ? (unsavedSummary.data?.totalCount ?? 0) : 0
  const profile = useProfileSummary(true).data
  const premium = viewer.membershipStatus !== 'GUEST' && hasPremiumFeatures(viewer.membershipStatus)
  // The name is the words the button shows, the count included, so a voice-control user can say
  // what they see; the count's meaning follows in text only a screen reader reads.
  return (
    <AppLink href={links.mypage} className="me-button">
      <span className="me-button__avatar">
        {profile?.profileImageUrl && <img src={profile.profileImageUrl} alt="" width={32} height={32} />}
        {premium && <PremiumMark />}
      </span>
      <span className="me-button__words">
        <span className="me-button__nickname">
          {profile && (profile.nickname ?? t('membership.defaultNickname'))}
        </span>
        <span className="me-button__label">{t('frame.header.mypage')}</span>
      </span>
      {unsaved > 0 && (
        <>
          <span className="me-button__badge">{unsaved > 99 ? '99+' : unsaved}</span>
          <span className="visually-hidden">{t('frame.header.mypageUnsavedSuffix')}</span>
        </>
      )}
    </AppLink>
  )
}
