import { FormCard } from '../kit/form-card'
import { BoothPage, NotAllowed } from './booth-page'
import { SHOPS_PATH, shopPath } from './booth-paths'
import { useShop } from './booth-queries'
import { useBooths } from './booths-context'
import { t } from './i18n'
import { LoadedOr } from './loaded-or'
import { ShopForm } from './shop-form'

const TO_SHOPS = { href: SHOPS_PATH, label: t('adminBooths.shops.title') }

/** `/admin/booths/shops/new`: registers a shop, then shows it. */
export function NewShopScreen() {
  const { access, changed } = useBooths()
  return (
    <BoothPage title={t('adminBooths.shopForm.createTitle')} trail={[TO_SHOPS]}>
      {access.manage ? (
        <FormCard>
          <ShopForm
            cancelPath={SHOPS_PATH}
            onSaved={(shop) => changed(shopPath(shop.id), t('adminBooths.shopForm.created'))}
          />
        </FormCard>
      ) : (
        <NotAllowed message={t('adminBooths.notAllowed.manage')} />
      )}
    </BoothPage>
  )
}

/** `/admin/booths/shops/:shopId/edit`: changes a shop's fields, then shows it. */
export function ShopEditScreen({ shopId }: { shopId: string }) {
  const { access, changed } = useBooths()
  const shop = useShop(shopId)
  const title = t('adminBooths.shopForm.changeTitle')
  return (
    <BoothPage
      title={title}
      trail={[TO_SHOPS, ...(shop.data ? [{ href: shopPath(shopId), label: shop.data.name }] : [])]}
    >
      {!access.manage ? (
        <NotAllowed message={t('adminBooths.notAllowed.manage')} />
      ) : (
        <LoadedOr query={shop} failure={t('adminBooths.shop.loadFailed')}>
          {(loaded) => (
            <FormCard>
              <ShopForm
                shop={loaded}
                cancelPath={shopPath(shopId)}
                onSaved={() => changed(shopPath(shopId), t('adminBooths.form.saved'))}
              />
            </FormCard>
          )}
        </LoadedOr>
      )}
    </BoothPage>
  )
}
