import type { AppModule } from '../module'
import { redirectAppHost, registerAppAssociationRoutes } from './app-association.routes'
import { registerDynamicLinksRoutes } from './dynamic-links.routes'

/**
 * The spec's dynamic links (app stores, the app, the shop map), from configuration (decision 0041),
 * and the association files that let the app open the universal link's pages.
 */
export const dynamicLinksModule: AppModule = {
  name: 'dynamic-links',
  register({ app, config }) {
    registerDynamicLinksRoutes(app, { ...config.dynamicLinks })
    registerAppAssociationRoutes(app, {
      association: config.appAssociation,
      universalLinkUrl: config.dynamicLinks.universalLinkUrl,
    })
    redirectAppHost(app, {
      publicUrl: config.publicUrl,
      universalLinkUrl: config.dynamicLinks.universalLinkUrl,
    })
    return {}
  },
}
