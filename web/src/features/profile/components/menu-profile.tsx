import { hasPremiumFeatures, type MemberMembership } from '@puribox/contract/membership'
import { createTranslator, shellMessages } from '../../../lib/i18n'
import membership from '../../../locales/ja/membership.json'
import { useProfileSummary } from '../api/profile'
import { PremiumMark } from './premium-mark'

// Only the menu's own texts: the profile page's would come along with every first opening.
const t = createTranslator({ ...shellMessages, membership })

/**
 * Who is signed in, at the top of the header menu: the member's picture and nickname (the light
 * profile, asked for when the menu first opens, never with the page), and their membership, marked
 * for premium and junior-high free premium members. Until the profile arrives (or if it cannot),
 * the membership alone, in the same place.
 */
export function MenuProfile({ membershipStatus }: { membershipStatus: MemberMembership }) {
  const summary = useProfileSummary(true).data
  const premium = hasPremiumFeatures(membershipStatus)
  return (
    <div className="menu-profile">
      {summary?.profileImageUrl ? (
        <img className="menu-profile__avatar" src={summary.profileImageUrl} alt="" width={44} height={44} />
      ) : (
        <span className="menu-profile__avatar menu-profile__avatar--empty" />
      )}
      <p className="menu-profile__who">
        <span className="visually-hidden">{t('membership.signedIn')}</span>
        <span className="menu-profile__nickname">
          {summary && (summary.nickname ?? t('membership.defaultNickname'))}
        </span>
        <span
          className={
            premium
              ? 'menu-profile__membership menu-profile__membership--premium'
              : 'menu-profile__membership'
          }
        >
          {premium && <PremiumMark />}
          {t(`membership.menu.${membershipStatus}`)}
        </span>
      </p>
    </div>
  )
}
