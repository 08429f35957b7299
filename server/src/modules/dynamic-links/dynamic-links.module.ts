import type { AppModule } from '../module'
import { registerDynamicLinksRoutes } from './dynamic-links.routes'

/** The spec's dynamic links (app stores, the app, the shop map), from configuration (decision 0041). */
export const dynamicLinksModule: AppModule = {
  name: 'dynamic-links',
  register({ app, config }) {
    registerDynamicLinksRoutes(app, { ...config.dynamicLinks })
    return {}
  },
}
