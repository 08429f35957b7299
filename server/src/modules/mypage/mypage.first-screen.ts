import { MYPAGE_LIMITS } from '@puribox/contract/mypage'
import { links } from '@puribox/contract/pages'
import { api } from '@puribox/contract/routes'
import type { FastifyRequest } from 'fastify'
import { fromOtherSite, personOf } from '../../http/caller'
import { ok } from '../../http/context'
import type { FirstScreen } from '../../http/pages'
import type { AccountService } from '../accounts/accounts.service'
import type { MypageService } from './mypage.service'

/**
 * My page's first screen, put in the page by the server (decision 0018): its LCP is the first row of
 * the newest play's thumbnails (web: first-screen.ts), and its first answers are the first page of
 * plays and the account, as their routes answer them. Nothing for a guest.
 */
export function mypageFirstScreen(deps: {
  mypage: Pick<MypageService, 'listPlays'>
  accounts: Pick<AccountService, 'statusOf'>
}): Record<string, (request: FastifyRequest) => Promise<FirstScreen | null>> {
  return {
    [new URL(links.mypage, 'http://localhost').pathname]: async (request) => {
      const caller = personOf(request.session, request.ip, fromOtherSite(request.headers))
      if (caller.kind !== 'member') return null
      const [plays, account] = await Promise.all([
        deps.mypage.listPlays(caller, 1, request.now),
        deps.accounts.statusOf(caller.accountId, request.now),
      ])
      return {
        images: (plays.items[0]?.images ?? [])
          .slice(0, MYPAGE_LIMITS.thumbnailsPerRow)
          .map((image) => image.thumbnailUrl),
        answers: {
          plays: api.savedPlays.response.parse(ok(request, plays)),
          account: api.accountSelf.response.parse(ok(request, account)),
        },
      }
    },
  }
}
