import { addDays, japanDay } from '@puribox/contract/time'
import type { AppModule } from '../module'
import { createAdTokens } from './ad-tokens'
import { seedDemoAds } from './ads.demo'
import { createAdsRepository } from './ads.repository'
import { registerAdsRoutes } from './ads.routes'
import { createAdsService } from './ads.service'

/** Ads (decision 0041): the static data, the viewer's token, ads by space, reactions counted once a day. */
export const adsModule: AppModule = {
  name: 'ads',
  register({ app, db, config, clock, need, events }) {
    const repo = createAdsRepository(db)
    const ads = createAdsService({
      repo,
      tokens: createAdTokens(config.adsTokenSecret),
      accounts: need('accounts'),
      profiles: need('profiles'),
      realNow: () => clock.now().getTime(),
    })
    registerAdsRoutes(app, { ads, cookieSecure: config.cookieSecure })
    events.on('account.deleted', 'ads', repo.accountDeleted)
    return {
      housekeeping: [
        {
          // Today's and yesterday's viewers are all a reaction is checked against (real time).
          name: 'ads.reactions',
          run: () => repo.dropReactionsBefore(japanDay(addDays(clock.now(), -1))),
        },
      ],
      demo: () => seedDemoAds(ads),
    }
  },
}
