import type { AppModule } from '../module'

/**
 * Sessions. The session service itself belongs to the app's request context (`buildApp` builds it
 * before any module, since every route reads the caller from it); the module's part is its rows.
 */
export const sessionsModule: AppModule = {
  name: 'sessions',
  register({ repos }) {
    return { accountDeleted: repos.sessions.accountDeleted }
  },
}
