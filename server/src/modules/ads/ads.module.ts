import { addDays, japanDay } from '@puribox/contract/time'
import type { AppModule } from '../module'
import { createAdPictures } from './ad-pictures'
import { createAdTokens } from './ad-tokens'
import { seedDemoAds } from './ads.demo'
import { createAdsRepository } from './ads.repository'
import { registerAdsRoutes } from './ads.routes'
import { createAdsService } from './ads.service'
import { createAdsAdminRepository } from './ads-admin.repository'
import { registerAdsAdminRoutes } from './ads-admin.routes'
import { createAdsAdminService } from './ads-admin.service'

/**
 * Ads (decision 0041): the static data, the viewer's token, ads by space, reactions counted once a
 * day; operators write, publish and withdraw them and read their reactions in the console (decision
 * 0077).
 */
export const adsModule: AppModule = {
  name: 'ads',
  register({ app, db, config, clock, need, events, images, storage }) {
    const repo = createAdsRepository(db)
    const ads = createAdsService({
      repo,
      tokens: createAdTokens(config.adsTokenSecret),
      accounts: need('accounts'),
      profiles: need('profiles'),
      realNow: () => clock.now().getTime(),
    })
    const pictures = createAdPictures({ images, storage })
    registerAdsRoutes(app, { ads, pictures, cookieSecure: config.cookieSecure })
    registerAdsAdminRoutes(app, {
      admin: createAdsAdminService({
        repo: createAdsAdminRepository(db, events),
        pictures,
        clock,
        changed: () => ads.forgetKeptLists(),
      }),
    })
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
