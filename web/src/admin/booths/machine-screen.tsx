import type { AdminMachine } from '@puribox/contract/admin-booths'
import { Link } from 'wouter'
import { japanTime } from './booth-format'
import { BoothPage, ReadOnlyNote, type TrailStep } from './booth-page'
import { machineEditPath, SHOPS_PATH, shopPath } from './booth-paths'
import { useMachineDetail, useShop } from './booth-queries'
import { useBooths } from './booths-context'
import { t } from './i18n'
import { LoadedOr } from './loaded-or'
import { MachineKeys } from './machine-keys'
import { LastPush, LiveKeys } from './machine-status'

/** The steps up to a machine: the shops, then its shop (by name once known). */
export function useMachineTrail(machine: AdminMachine | undefined): TrailStep[] {
  const shop = useShop(machine?.shopId)
  const steps: TrailStep[] = [{ href: SHOPS_PATH, label: t('adminBooths.shops.title') }]
  if (machine)
    steps.push({ href: shopPath(machine.shopId), label: shop.data?.name ?? t('adminBooths.shop.title') })
  return steps
}

/** `/admin/booths/machines/:machineId`: a machine, when it last pushed a play, and its keys. */
export function MachineScreen({ machineId }: { machineId: string }) {
  const { access } = useBooths()
  const detail = useMachineDetail(machineId)
  const machine = detail.data?.machine
  const trail = useMachineTrail(machine)
  return (
    <BoothPage
      title={
        machine ? t('adminBooths.machine.title', { name: machine.name }) : t('adminBooths.machine.untitled')
      }
      trail={trail}
      actions={
        access.manage ? (
          machine && (
            <Link href={machineEditPath(machineId)} className="button button--secondary button--small">
              {t('adminBooths.machine.change')}
            </Link>
          )
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <LoadedOr query={detail} failure={t('adminBooths.machine.loadFailed')}>
        {(loaded) => (
          <>
            <MachineFacts machine={loaded.machine} />
            <MachineKeys detail={loaded} />
          </>
        )}
      </LoadedOr>
    </BoothPage>
  )
}

function MachineFacts({ machine }: { machine: AdminMachine }) {
  return (
    <section className="card console-card" aria-labelledby="machine-facts-title">
      <h2 id="machine-facts-title" className="card__title">
        {t('adminBooths.machine.facts')}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{t('adminBooths.machine.id')}</dt>
          <dd>
            <code className="booth-code">{machine.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('adminBooths.machine.lastPushAt')}</dt>
          <dd>
            <LastPush at={machine.lastPushAt} />
          </dd>
        </div>
        <div>
          <dt>{t('adminBooths.machine.liveKeys')}</dt>
          <dd>
            <LiveKeys count={machine.liveKeys} />
          </dd>
        </div>
        <div>
          <dt>{t('adminBooths.machine.model')}</dt>
          <dd>
            {machine.modelId ? (
              <code className="booth-code">{machine.modelId}</code>
            ) : (
              <span className="booth-none">{t('adminBooths.none')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('adminBooths.machine.series')}</dt>
          <dd>
            <code className="booth-code">{machine.seriesId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('adminBooths.machineForm.version')}</dt>
          <dd>{machine.version}</dd>
        </div>
        <div>
          <dt>{t('adminBooths.machine.createdAt')}</dt>
          <dd>{japanTime(machine.createdAt)}</dd>
        </div>
      </dl>
    </section>
  )
}
