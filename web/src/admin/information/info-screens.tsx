import { Route, Switch } from 'wouter'
import { ContentProvider } from '../content/content-context'
import type { SignedInOperator } from '../session/session-api'
import { InfoEditScreen, InfoNewDraftScreen } from './info-form-screens'
import { InfoListScreen } from './info-list-screen'
import { InfoPageScreen } from './info-page-screen'
import { INFO_ROUTES, infoPageOf } from './info-paths'
import { InfoVersionScreen } from './info-version-screen'
import '../content/content.css'
import './info.css'

/**
 * The information pages and policies (`/admin/information/…`): a chunk of its own, built on the
 * content areas' pages, dialogs and forms. Every operator reads; what a role may not change is not
 * offered (info-access.ts reads the contract's route roles). A path of the area that names no screen
 * (or no page) is left to the console's not-found screen (`fallback`).
 */
export function InformationScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: React.ReactNode
}) {
  return (
    <ContentProvider operator={operator}>
      <Switch>
        <Route path={INFO_ROUTES.list}>
          <InfoListScreen />
        </Route>
        <Route path={INFO_ROUTES.page}>
          {(params) => {
            const page = infoPageOf(params.page)
            return page ? <InfoPageScreen key={page} page={page} /> : fallback
          }}
        </Route>
        <Route path={INFO_ROUTES.create}>
          {(params) => {
            const page = infoPageOf(params.page)
            return page ? <InfoNewDraftScreen key={page} page={page} /> : fallback
          }}
        </Route>
        <Route path={INFO_ROUTES.version}>
          {(params) => {
            const page = infoPageOf(params.page)
            return page ? (
              <InfoVersionScreen key={`${page}/${params.version}`} page={page} version={params.version} />
            ) : (
              fallback
            )
          }}
        </Route>
        <Route path={INFO_ROUTES.edit}>
          {(params) => {
            const page = infoPageOf(params.page)
            return page ? (
              <InfoEditScreen key={`${page}/${params.version}`} page={page} version={params.version} />
            ) : (
              fallback
            )
          }}
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </ContentProvider>
  )
}
