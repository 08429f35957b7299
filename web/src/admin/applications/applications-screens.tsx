import { Route, Switch } from 'wouter'
import type { SignedInOperator } from '../session/session-api'
import { APPLICATION_ROUTES } from './application-paths'
import { ApplicationQueueScreen } from './application-queue-screen'
import { ApplicationScreen } from './application-screen'
import { ApplicationsProvider } from './applications-context'
import './applications.css'

/**
 * The junior-high applications area (`/admin/applications/…`): the queue and an application's page.
 * Every operator reads; the pictures and the review are offered to the roles their routes admit
 * (application-access.ts). A path of the area that names no screen is left to the console's
 * not-found screen (`fallback`).
 */
export function ApplicationsScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: React.ReactNode
}) {
  const r = APPLICATION_ROUTES
  return (
    <ApplicationsProvider operator={operator}>
      <Switch>
        <Route path={r.queue}>
          <ApplicationQueueScreen />
        </Route>
        <Route path={r.application}>
          {(params) => <ApplicationScreen key={params.applicationId} applicationId={params.applicationId} />}
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </ApplicationsProvider>
  )
}
