import { FormCard } from '../kit/form-card'
import { BoothPage, NotAllowed } from './booth-page'
import { machinePath, SHOPS_PATH, shopPath } from './booth-paths'
import { useMachineDetail, useShop } from './booth-queries'
import { useBooths } from './booths-context'
import { t } from './i18n'
import { LoadedOr } from './loaded-or'
import { MachineForm } from './machine-form'
import { useMachineTrail } from './machine-screen'

/** `/admin/booths/shops/:shopId/machines/new`: registers a machine in the shop, then shows it. */
export function NewMachineScreen({ shopId }: { shopId: string }) {
  const { access, changed } = useBooths()
  const shop = useShop(shopId)
  return (
    <BoothPage
      title={t('adminBooths.machineForm.createTitle')}
      lead={shop.data ? t('adminBooths.machineForm.createLead', { shop: shop.data.name }) : undefined}
      trail={[
        { href: SHOPS_PATH, label: t('adminBooths.shops.title') },
        { href: shopPath(shopId), label: shop.data?.name ?? t('adminBooths.shop.title') },
      ]}
    >
      {!access.manage ? (
        <NotAllowed message={t('adminBooths.notAllowed.manage')} />
      ) : (
        <LoadedOr query={shop} failure={t('adminBooths.shop.loadFailed')}>
          {() => (
            <FormCard>
              <MachineForm
                shopId={shopId}
                cancelPath={shopPath(shopId)}
                onSaved={(machine) => changed(machinePath(machine.id), t('adminBooths.machineForm.created'))}
              />
            </FormCard>
          )}
        </LoadedOr>
      )}
    </BoothPage>
  )
}

/** `/admin/booths/machines/:machineId/edit`: renames a machine or gives it another model. */
export function MachineEditScreen({ machineId }: { machineId: string }) {
  const { access, changed } = useBooths()
  const detail = useMachineDetail(machineId)
  const machine = detail.data?.machine
  const trail = useMachineTrail(machine)
  return (
    <BoothPage
      title={t('adminBooths.machineForm.changeTitle')}
      trail={machine ? [...trail, { href: machinePath(machineId), label: machine.name }] : trail}
    >
      {!access.manage ? (
        <NotAllowed message={t('adminBooths.notAllowed.manage')} />
      ) : (
        <LoadedOr query={detail} failure={t('adminBooths.machine.loadFailed')}>
          {(loaded) => (
            <FormCard>
              <MachineForm
                shopId={loaded.machine.shopId}
                machine={loaded.machine}
                cancelPath={machinePath(machineId)}
                onSaved={() => changed(machinePath(machineId), t('adminBooths.form.saved'))}
              />
            </FormCard>
          )}
        </LoadedOr>
      )}
    </BoothPage>
  )
}
