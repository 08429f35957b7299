import { type MemberDetail, memberParamsSchema } from '@puribox/contract/admin-members'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { auditPath } from '../audit/audit-filters'
import { t } from './i18n'
import { Masked } from './masked'
import { actsOnMembers } from './member-access'
import { MemberDeletion } from './member-delete'
import { japanTime, MASKED } from './member-format'
import { MEMBER_ERRORS, MemberLoadedOr } from './member-messages'
import { MemberPage } from './member-page'
import { MemberPenaltiesSection } from './member-penalties'
import { MemberSeals } from './member-seals'
import { MemberSessions } from './member-sessions'
import { MemberSubscriptions } from './member-subscriptions'
import { memberQueryKey, readMember } from './members-api'
import { useMembers } from './members-context'

/**
 * `/admin/members/:accountId`: a member's page. Their membership and how they sign in, their
 * penalties, where they are signed in, their payments and the seals they saved; what the operator's
 * role may do about them beside each; the audit log of the account one link away.
 */
export function MemberScreen({ accountId }: { accountId: string }) {
  const { access, operator, lastSearch } = useMembers()
  // An address that names no account id (a mistyped link) asks nothing: no member has it.
  const wellFormed = memberParamsSchema.safeParse({ accountId }).success
  const member = useQuery({
    queryKey: memberQueryKey(accountId),
    queryFn: ({ signal }) => readMember(accountId, signal),
    enabled: wellFormed,
  })
  return (
    <MemberPage
      title={t('adminMembers.member.title')}
      back={lastSearch}
      actions={
        wellFormed && (
          <>
            <Link href={auditPath({ targetKind: 'account', targetId: accountId })} className="text-link">
              {t('adminMembers.member.audit')}
            </Link>
            {!actsOnMembers(access) && (
              <p className="note console-read-only">
                {t('adminMembers.readOnly', { role: t(`admin.roles.${operator.role}`) })}
              </p>
            )}
          </>
        )
      }
    >
      {!wellFormed ? (
        <p className="notice notice--error" role="alert">
          {MEMBER_ERRORS.MEMBER_NOT_FOUND}
        </p>
      ) : (
        <MemberLoadedOr query={member} failure={t('adminMembers.member.loadFailed')}>
          {(detail) => <MemberSections detail={detail} />}
        </MemberLoadedOr>
      )}
    </MemberPage>
  )
}

function MemberSections({ detail }: { detail: MemberDetail }) {
  const { access } = useMembers()
  const { seals } = detail
  return (
    <>
      <MemberFacts detail={detail} />
      <MemberPenaltiesSection detail={detail} />
      <MemberSessions detail={detail} />
      <MemberSubscriptions detail={detail} />
      <MemberSeals key={`${seals.total}:${seals.next}`} accountId={detail.account.id} first={seals} />
      {access.delete && <MemberDeletion detail={detail} />}
    </>
  )
}

/** Who the member is: the account, the membership now, and how they sign in. */
function MemberFacts({ detail }: { detail: MemberDetail }) {
  const { account, profile, signIn } = detail
  const masked = [account.mailAddress, profile.nickname, profile.birthday].includes(MASKED)
  return (
    <section className="card console-card" aria-labelledby="member-facts-title">
      <h2 id="member-facts-title" className="card__title">
        {t('adminMembers.member.facts')}
      </h2>
      {masked && <p className="note">{t('adminMembers.maskedNote')}</p>}
      <dl className="console-facts">
        <div>
          <dt>{t('adminMembers.columns.accountId')}</dt>
          <dd>
            <code className="member-code">{account.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('adminMembers.columns.mailAddress')}</dt>
          <dd>
            <Masked value={account.mailAddress} />
          </dd>
        </div>
        <div>
          <dt>{t('adminMembers.member.nickname')}</dt>
          <dd>
            <Masked value={profile.nickname} />
          </dd>
        </div>
        <div>
          <dt>{t('adminMembers.member.birthday')}</dt>
          <dd>
            <Masked value={profile.birthday} />
          </dd>
        </div>
        <div>
          <dt>{t('adminMembers.columns.membership')}</dt>
          <dd>
            {t(`adminMembers.membership.${account.membership}`)}
            {account.official && <span className="badge member-badge">{t('adminMembers.official')}</span>}
          </dd>
        </div>
        {account.premiumUntil && (
          <div>
            <dt>{t('adminMembers.member.premiumUntil')}</dt>
            <dd>{japanTime(account.premiumUntil)}</dd>
          </div>
        )}
        {account.schoolPremiumUntil && (
          <div>
            <dt>{t('adminMembers.member.schoolPremiumUntil')}</dt>
            <dd>{japanTime(account.schoolPremiumUntil)}</dd>
          </div>
        )}
        <div>
          <dt>{t('adminMembers.columns.registeredAt')}</dt>
          <dd>{japanTime(account.registeredAt)}</dd>
        </div>
        <div>
          <dt>{t('adminMembers.member.signIn')}</dt>
          <dd>
            <ul className="member-sign-in">
              {signIn.password && <li>{t('adminMembers.member.password')}</li>}
              {signIn.identities.map((identity) => (
                <li key={identity.provider}>
                  {t('adminMembers.member.linked', {
                    provider: t(`adminMembers.providers.${identity.provider}`),
                    time: japanTime(identity.linkedAt),
                  })}
                </li>
              ))}
              {!signIn.password && signIn.identities.length === 0 && (
                <li className="member-none">{t('adminMembers.none')}</li>
              )}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  )
}
