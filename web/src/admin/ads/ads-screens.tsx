import { Route, Switch } from 'wouter'
import { ContentProvider } from '../content/content-context'
import type { SignedInOperator } from '../session/session-api'
import { AdEditScreen, NewAdScreen } from './ads-form-screens'
import { AD_ROUTES, adIdOf } from './ads-paths'
import { AdScreen } from './ads-screen'
import { AdSpaceEditScreen, NewAdSpaceScreen } from './ads-space-form'
import { AdSpaceScreen } from './ads-space-screen'
import { AdSpacesScreen } from './ads-spaces-screen'
import '../content/content.css'
import './ads.css'

/**
 * The ads area (`/admin/ads/…`), a chunk of its own fetched when first shown: the spaces, a space's
 * ads, an ad with its reactions per day, and their forms. Every operator reads; what a role may not
 * change is not offered (ads-access.ts reads the contract's route roles). It shares the content
 * areas' page, form and message parts. A path of the area that names no screen is left to the
 * console's not-found screen (`fallback`).
 */
export function AdsScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: React.ReactNode
}) {
  return (
    <ContentProvider operator={operator}>
      <Switch>
        <Route path={AD_ROUTES.spaces}>
          <AdSpacesScreen />
        </Route>
        <Route path={AD_ROUTES.newSpace}>
          <NewAdSpaceScreen />
        </Route>
        <Route path={AD_ROUTES.space}>
          {(params) => <AdSpaceScreen key={params.spaceId} spaceId={params.spaceId} />}
        </Route>
        <Route path={AD_ROUTES.spaceEdit}>
          {(params) => <AdSpaceEditScreen key={params.spaceId} spaceId={params.spaceId} />}
        </Route>
        <Route path={AD_ROUTES.create}>
          {(params) => <NewAdScreen key={params.spaceId} spaceId={params.spaceId} />}
        </Route>
        <Route path={AD_ROUTES.ad}>
          {(params) => {
            const adId = adIdOf(params.adId)
            return adId === null ? fallback : <AdScreen key={adId} adId={adId} />
          }}
        </Route>
        <Route path={AD_ROUTES.edit}>
          {(params) => {
            const adId = adIdOf(params.adId)
            return adId === null ? fallback : <AdEditScreen key={adId} adId={adId} />
          }}
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </ContentProvider>
  )
}
