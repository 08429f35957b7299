import { Route, Switch } from 'wouter'
import type { SignedInOperator } from '../session/session-api'
import { BOOTH_ROUTES } from './booth-paths'
import { BoothsProvider } from './booths-context'
import { MachineEditScreen, NewMachineScreen } from './machine-form-screens'
import { MachineScreen } from './machine-screen'
import { ModelEditScreen, ModelListScreen, NewModelScreen } from './model-screens'
import { NewShopScreen, ShopEditScreen } from './shop-form-screens'
import { ShopImportScreen } from './shop-import-screen'
import { ShopListScreen } from './shop-list-screen'
import { ShopScreen } from './shop-screen'
import './booths.css'

/**
 * The booths area (`/admin/booths/…`): shops, their machines and keys, and the machine models.
 * Every operator reads; what a role may not change is not offered (booth-access.ts). A path of the
 * area that names no screen is left to the console's not-found screen (`fallback`).
 */
export function BoothsScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: React.ReactNode
}) {
  const r = BOOTH_ROUTES
  return (
    <BoothsProvider operator={operator}>
      <Switch>
        <Route path={r.shops}>
          <ShopListScreen />
        </Route>
        <Route path={r.newShop}>
          <NewShopScreen />
        </Route>
        <Route path={r.shopImport}>
          <ShopImportScreen />
        </Route>
        <Route path={r.shop}>{(params) => <ShopScreen key={params.shopId} shopId={params.shopId} />}</Route>
        <Route path={r.shopEdit}>
          {(params) => <ShopEditScreen key={params.shopId} shopId={params.shopId} />}
        </Route>
        <Route path={r.newMachine}>
          {(params) => <NewMachineScreen key={params.shopId} shopId={params.shopId} />}
        </Route>
        <Route path={r.machine}>
          {(params) => <MachineScreen key={params.machineId} machineId={params.machineId} />}
        </Route>
        <Route path={r.machineEdit}>
          {(params) => <MachineEditScreen key={params.machineId} machineId={params.machineId} />}
        </Route>
        <Route path={r.models}>
          <ModelListScreen />
        </Route>
        <Route path={r.newModel}>
          <NewModelScreen />
        </Route>
        <Route path={r.modelEdit}>
          {(params) => <ModelEditScreen key={params.modelId} modelId={params.modelId} />}
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </BoothsProvider>
  )
}
