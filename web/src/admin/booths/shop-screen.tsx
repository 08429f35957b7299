import type { AdminMachine, AdminShop } from '@puribox/contract/admin-booths'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { ListMore } from '../kit/list-more'
import { japanTime } from './booth-format'
import { BoothPage, ReadOnlyNote } from './booth-page'
import { machinePath, newMachinePath, SHOPS_PATH, shopEditPath } from './booth-paths'
import { useShop } from './booth-queries'
import { readShopMachines, shopMachinesQueryKey } from './booths-api'
import { useBooths } from './booths-context'
import { t } from './i18n'
import { LoadedOr } from './loaded-or'
import { LastPush, LiveKeys } from './machine-status'

/** `/admin/booths/shops/:shopId`: a shop's fields and the machines standing in it. */
export function ShopScreen({ shopId }: { shopId: string }) {
  const { access } = useBooths()
  const shop = useShop(shopId)
  return (
    <BoothPage
      title={shop.data?.name ?? t('adminBooths.shop.title')}
      trail={[{ href: SHOPS_PATH, label: t('adminBooths.shops.title') }]}
      actions={
        access.manage ? (
          shop.data && (
            <Link href={shopEditPath(shopId)} className="button button--secondary button--small">
              {t('adminBooths.shop.change')}
            </Link>
          )
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <LoadedOr query={shop} failure={t('adminBooths.shop.loadFailed')}>
        {(loaded) => (
          <>
            <ShopFacts shop={loaded} />
            <ShopMachines shop={loaded} />
          </>
        )}
      </LoadedOr>
    </BoothPage>
  )
}

function ShopFacts({ shop }: { shop: AdminShop }) {
  return (
    <section className="card console-card" aria-labelledby="shop-facts-title">
      <h2 id="shop-facts-title" className="card__title">
        {t('adminBooths.shop.facts')}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{t('adminBooths.shop.place')}</dt>
          <dd>
            {shop.prefectureName} {shop.city} {shop.address}
          </dd>
        </div>
        <div>
          <dt>{t('adminBooths.shopForm.openingHours')}</dt>
          <dd>{shop.openingHours || <span className="booth-none">{t('adminBooths.none')}</span>}</dd>
        </div>
        <div>
          <dt>{t('adminBooths.shop.position')}</dt>
          <dd>
            {shop.position ? (
              t('adminBooths.shop.latLng', { lat: shop.position.lat, lng: shop.position.lng })
            ) : (
              <span className="booth-none">{t('adminBooths.shop.noPosition')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('adminBooths.shop.createdAt')}</dt>
          <dd>{japanTime(shop.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('adminBooths.shop.id')}</dt>
          <dd>
            <code className="booth-code">{shop.id}</code>
          </dd>
        </div>
      </dl>
    </section>
  )
}

function ShopMachines({ shop }: { shop: AdminShop }) {
  const { access } = useBooths()
  const list = useInfiniteQuery({
    queryKey: shopMachinesQueryKey(shop.id),
    queryFn: ({ pageParam, signal }) => readShopMachines(shop.id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  const machines = list.data?.pages.flatMap((page) => page.machines) ?? []
  return (
    <section className="console-list" aria-labelledby="shop-machines-title">
      <div className="console-head">
        <h2 id="shop-machines-title" className="section-title">
          {t('adminBooths.shop.machines', { count: shop.machineCount })}
        </h2>
        {access.manage && (
          <div className="console-head__actions">
            <Link href={newMachinePath(shop.id)} className="button button--small">
              {t('adminBooths.shop.addMachine')}
            </Link>
          </div>
        )}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadFailure
          error={list.error}
          title={t('adminBooths.shop.machinesFailed')}
          onRetry={() => void list.refetch()}
        />
      ) : machines.length === 0 ? (
        <p className="card console-card">{t('adminBooths.shop.noMachines')}</p>
      ) : (
        <>
          <table className="console-table card-table">
            <thead>
              <tr>
                <th scope="col">{t('adminBooths.machine.id')}</th>
                <th scope="col">{t('adminBooths.machine.name')}</th>
                <th scope="col">{t('adminBooths.machine.model')}</th>
                <th scope="col">{t('adminBooths.machine.liveKeys')}</th>
                <th scope="col">{t('adminBooths.machine.lastPushAt')}</th>
              </tr>
            </thead>
            <tbody>
              {machines.map((machine) => (
                <MachineRow key={machine.id} machine={machine} />
              ))}
            </tbody>
          </table>
          <div className="console-list__foot">
            <ListMore list={list} />
          </div>
        </>
      )}
    </section>
  )
}

function MachineRow({ machine }: { machine: AdminMachine }) {
  return (
    <tr>
      <th scope="row" data-label={t('adminBooths.machine.id')}>
        <Link href={machinePath(machine.id)} className="booth-table__main-link booth-code">
          {machine.id}
        </Link>
      </th>
      <td data-label={t('adminBooths.machine.name')}>{machine.name}</td>
      <td data-label={t('adminBooths.machine.model')}>
        {machine.modelId ?? <span className="booth-none">{t('adminBooths.none')}</span>}
        <span className="booth-sub">
          {t('adminBooths.machine.versionShort', { version: machine.version })}
        </span>
      </td>
      <td data-label={t('adminBooths.machine.liveKeys')}>
        <LiveKeys count={machine.liveKeys} />
      </td>
      <td data-label={t('adminBooths.machine.lastPushAt')}>
        <LastPush at={machine.lastPushAt} />
      </td>
    </tr>
  )
}
