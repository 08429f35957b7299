import { distanceLabel, machinePath, shopMapLink } from '@puribox/contract/machine-search'
import type { Shop } from '@puribox/contract/machines'
import { links } from '@puribox/contract/pages'
import { AppLink } from '../../../components/app-link'
import { useDynamicLinks } from '../../links/public'
import { t } from '../i18n'

/** A shop: where it is, its hours and models, how far (near-me), and its place on the map. */
export function ShopCard({ shop }: { shop: Shop }) {
  // The configured shop map (dynamic links), asked for when the first shop shows.
  const shopMapUrl = useDynamicLinks().data?.shopMapUrl ?? links.machineSearchMap
  const distance = shop.distanceMeters === null ? null : distanceLabel(shop.distanceMeters)
  return (
    <li className="shop-card">
      <div className="shop-card__head">
        <h3 className="shop-card__name">{shop.name}</h3>
        {distance && (
          <span className="shop-card__distance">
            {t('machines.shop.distance', { value: distance.value, unit: distance.unit })}
          </span>
        )}
      </div>
      <p className="shop-card__line">
        {shop.prefectureName}
        {shop.city}
        {shop.address}
      </p>
      {shop.openingHours && (
        <p className="shop-card__line">
          {t('machines.shop.hours')} {shop.openingHours}
        </p>
      )}
      {shop.models.length > 0 && (
        <ul className="shop-card__models" aria-label={t('machines.shop.models')}>
          {shop.models.map((model) => (
            <li key={model.id}>
              <AppLink href={machinePath(model.id)} className="text-link">
                {model.name}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <a
        href={shopMapLink(shopMapUrl, shop)}
        className="button button--secondary button--small shop-card__map"
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('machines.shop.mapLabel', { name: shop.name })}
      >
        {t('machines.shop.map')}
      </a>
    </li>
  )
}
