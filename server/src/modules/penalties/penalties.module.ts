import type { AppModule } from '../module'
import { createGuestKeys, type GuestKeys } from './guest-keys'
import { createPenaltiesRepository } from './penalties.repository'
import { createPenaltyService, PENALTY_RULES, type PenaltyService } from './penalties.service'

declare module '../module' {
  interface Services {
    /** Puri-getting penalties: checked by every seal lookup, the seal view and saving alike. */
    penalties: PenaltyService
    /** A guest's browser key for the penalty (decision 0034): the routes that look seals up use it. */
    purigetGuestKeys: GuestKeys
  }
}

export const penaltiesModule: AppModule = {
  name: 'penalties',
  register({ db, config, clock, context, need, events }) {
    const repo = createPenaltiesRepository(db, need('accounts'), events)
    const penalties = createPenaltyService({
      repo,
      boardRefreshMs: config.penaltyBoardRefreshMs,
    })
    events.on('account.deleted', 'penalties', repo.accountDeleted)
    return {
      provides: { penalties, purigetGuestKeys: createGuestKeys({ cookieSecure: context.cookieSecure }) },
      housekeeping: [{ name: 'penalty counters', run: () => repo.sweep(clock.now(), PENALTY_RULES) }],
    }
  },
}
