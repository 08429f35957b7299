import type { AppModule } from '../module'
import { registerTimeTravelRoutes } from './time-travel.routes'

/** Outside production: a tester's session may move its own clock (decision 0004). */
export const timeTravelModule: AppModule = {
  name: 'time-travel',
  register({ app, context }) {
    registerTimeTravelRoutes(app, context)
    return {}
  },
}
