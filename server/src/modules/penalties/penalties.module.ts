import type { AppModule } from '../module'
import { createPenaltyService, PENALTY_RULES, type PenaltyService } from './penalties.service'

declare module '../module' {
  interface Services {
    /** Puri-getting penalties: checked by every seal lookup, the seal view and saving alike. */
    penalties: PenaltyService
  }
}

export const penaltiesModule: AppModule = {
  name: 'penalties',
  register({ repos, config, clock }) {
    const penalties = createPenaltyService({
      repo: repos.penalties,
      boardRefreshMs: config.penaltyBoardRefreshMs,
    })
    return {
      provides: { penalties },
      accountDeleted: repos.penalties.accountDeleted,
      housekeeping: [
        { name: 'penalty counters', run: () => repos.penalties.sweep(clock.now(), PENALTY_RULES) },
      ],
    }
  },
}
