import { Route, Switch } from 'wouter'
import type { SignedInOperator } from '../session/session-api'
import { SealLookupScreen } from './seal-lookup-screen'
import { SEAL_ROUTES } from './seal-paths'
import { SealScreen } from './seal-screen'
import { SealsProvider } from './seals-context'
import './seals.css'

/**
 * The seals area (`/admin/seals/…`): a seal ID to look up, and a seal's page. Every operator reads;
 * stopping and restarting a seal's publication are offered to the roles their routes admit
 * (seal-access.ts). A path of the area that names no screen is left to the console's not-found
 * screen (`fallback`).
 */
export function SealsScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: React.ReactNode
}) {
  return (
    <SealsProvider operator={operator}>
      <Switch>
        <Route path={SEAL_ROUTES.lookup}>
          <SealLookupScreen />
        </Route>
        <Route path={SEAL_ROUTES.seal}>
          {(params) => <SealScreen key={params.sealId} typed={params.sealId} />}
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </SealsProvider>
  )
}
