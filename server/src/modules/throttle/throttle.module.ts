import type { AppModule } from '../module'
import { createThrottle, type Throttle } from './throttle'

declare module '../module' {
  interface Services {
    /** Rate limits kept in the database: sign-in, registration mail, inquiries, payments, consents. */
    throttle: Throttle
  }
}

/**
 * Rate limits shared by every server process (`throttle.ts`). The modules that limit something name
 * their keys and forget them when an account is deleted; the auth module's housekeeping sweeps
 * windows that have ended.
 */
export const throttleModule: AppModule = {
  name: 'throttle',
  register({ db }) {
    return { provides: { throttle: createThrottle(db) } }
  },
}
