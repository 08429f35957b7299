import { Route, Switch } from 'wouter'
import type { SignedInOperator } from '../session/session-api'
import { MEMBER_ROUTES } from './member-paths'
import { MemberScreen } from './member-screen'
import { MemberSearchScreen } from './member-search-screen'
import { MembersProvider } from './members-context'
import './members.css'

/**
 * The members area (`/admin/members/…`): finding a member and their page. Every operator reads;
 * what a role may not do is not offered (member-access.ts). A path of the area that names no screen
 * is left to the console's not-found screen (`fallback`).
 */
export function MembersScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: React.ReactNode
}) {
  return (
    <MembersProvider operator={operator}>
      <Switch>
        <Route path={MEMBER_ROUTES.search}>
          <MemberSearchScreen />
        </Route>
        <Route path={MEMBER_ROUTES.member}>
          {(params) => <MemberScreen key={params.accountId} accountId={params.accountId} />}
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </MembersProvider>
  )
}
