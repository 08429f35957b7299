import {
  AD_LIMITS,
  type AdItem,
  type AdList,
  type AdReactionKind,
  type StaticData,
} from '@puribox/contract/ads'
import { hasPremiumFeatures } from '@puribox/contract/membership'
import { is25OrOver } from '@puribox/contract/profile-rules'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { japanDay } from '@puribox/contract/time'
import type { PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { AccountRow } from '../accounts/accounts.schema'
import type { AdTokens, Viewer } from './ad-tokens'
import { adReactionRefusal } from './ads.policy'
import type { AdRow, AdsRepository, Audience, NewAd } from './ads.repository'

/** The placement of the top page in the static data (its key `topPage`, which the product has always used). */
export const TOP_PAGE_PLACEMENT = 'topPage'

/**
 * How long a process keeps the ads of a space for an audience (real time). Every visitor of the top
 * page asks for them, and there are six audiences: kept, the list costs no query. A new or ended ad
 * shows, or stops showing, within this time.
 */
export const AD_LIST_KEEP_MS = 10_000
/** Lists kept at most (spaces × six audiences); an unknown space asked for is kept too, so bounded. */
const KEPT_LISTS_MAX = 300

/** An id of the table: a positive 32-bit integer written plainly. */
const AD_ID = /^[1-9][0-9]{0,9}$/
const MAX_AD_ID = 2_147_483_647

/** A picture an ad may show: a path of this site, or an image inline (the site's CSP admits both). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/

export function presentAd(row: AdRow): AdItem {
  return {
    id: row.id,
    conversionId: row.conversionId,
    name: row.name,
    linkUrl: row.linkUrl,
    linkType: row.linkType,
    title: row.title,
    text: row.text,
    mediaUrl: row.mediaUrl,
    mediaType: row.mediaType,
  }
}

/** Why an ad cannot be published as it is, or null: links and pictures only where they are safe to go. */
export function adProblem(ad: NewAd): string | null {
  if (ad.linkType === 'INTERNAL' && sameOriginPath(ad.linkUrl) === null) {
    return 'an INTERNAL link is a path of this site'
  }
  if (ad.linkType === 'EXTERNAL' && !isHttpsUrl(ad.linkUrl)) return 'an EXTERNAL link is an https URL'
  if (ad.mediaType === 'TEXT' && ad.mediaUrl != null) return 'a TEXT ad has no picture'
  if (ad.mediaType === 'IMAGE') {
    const url = ad.mediaUrl ?? ''
    if (sameOriginPath(url) === null && !DATA_IMAGE.test(url)) {
      return 'a picture is a path of this site or a data: image'
    }
  }
  if (!ad.forGuests && !ad.forMini && !ad.forPremium) return 'an ad is for some membership'
  return null
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:' && value.length <= 2048
  } catch {
    return false
  }
}

/**
 * Ads (decision 0041): the static data naming the spaces, the caller's ad token, the ads a caller
 * sees (by membership, age and the ad's running time, as of the request's now), and reactions,
 * counted once per viewer, ad, kind and day.
 */
export function createAdsService(deps: {
  repo: AdsRepository
  tokens: AdTokens
  /** Reads the caller's account (the accounts module's): its SNS penalty. */
  accounts: { findById(id: string): Promise<AccountRow | null> }
  /** Reads the caller's profile (the profile module's): its birthday. */
  profiles: { find(accountId: string): Promise<{ birthday: string | null } | null> }
  /** Real time in milliseconds, for how long lists are kept (never a session's time travel). */
  realNow?: () => number
}) {
  const { repo, tokens, accounts, profiles } = deps
  const realNow = deps.realNow ?? (() => Date.now())
  const keptLists = new Map<string, { at: number; list: AdList }>()

  /** Who is looking, for targeting: a member's birthday is the only thing to read. */
  async function audienceOf(caller: PersonCaller, now: Date): Promise<Audience> {
    if (caller.kind === 'guest') return { membership: 'GUEST', over25: false }
    const profile = await profiles.find(caller.accountId)
    return {
      membership: hasPremiumFeatures(caller.membership) ? 'PREMIUM' : 'MINI',
      over25: is25OrOver(profile?.birthday ?? null, now),
    }
  }

  /** The viewer of the bearer token; AD_TOKEN_INVALID when there is none or it is not the caller's. */
  function viewerOf(caller: PersonCaller, bearer: string | null): Viewer {
    const viewer = bearer === null ? null : tokens.viewerOf(bearer, caller)
    if (!viewer)
      throw new AppError('AD_TOKEN_INVALID', "send the caller's ad token (GET /sp/advertisements/token)")
    return viewer
  }

  return {
    /** The static data: which space each placement of the web app shows. */
    async staticData(): Promise<StaticData> {
      const placements = await repo.placements()
      const topPage = placements.find((p) => p.placement === TOP_PAGE_PLACEMENT)?.spaceId ?? null
      return { advertisement: { topPage } }
    },

    /**
     * The caller's ad token: a member's from the session; a guest keeps the one in the cookie while
     * it is valid (the same viewer), else gets a new viewer.
     */
    tokenFor(caller: PersonCaller, fromCookie: string | undefined): string {
      if (caller.kind === 'member') return tokens.forSession(caller.sessionHash)
      return fromCookie && tokens.isGuestToken(fromCookie) ? fromCookie : tokens.newGuest()
    },

    /**
     * The ads of a space for the caller. Kept per space and audience for `AD_LIST_KEEP_MS`, except
     * for a caller who time travels (their "now" is their own).
     */
    async list(
      caller: PersonCaller,
      bearer: string | null,
      spaceId: string,
      now: Date,
      options: { timeTravelling: boolean } = { timeTravelling: false },
    ): Promise<AdList> {
      viewerOf(caller, bearer)
      const audience = await audienceOf(caller, now)
      const read = async () => ({
        advertisements: (await repo.shownIn(spaceId, audience, now, AD_LIMITS.perSpace)).map(presentAd),
      })
      if (options.timeTravelling) return read()
      const key = `${spaceId}\n${audience.membership}\n${audience.over25}`
      const time = realNow()
      const kept = keptLists.get(key)
      if (kept && time - kept.at < AD_LIST_KEEP_MS) return kept.list
      const list = await read()
      if (keptLists.size >= KEPT_LISTS_MAX) keptLists.clear()
      keptLists.set(key, { at: time, list })
      return list
    },

    async react(
      caller: PersonCaller,
      bearer: string | null,
      adId: string,
      kind: AdReactionKind,
      now: Date,
    ): Promise<{ counted: boolean }> {
      const viewer = viewerOf(caller, bearer)
      const [audience, account] = await Promise.all([
        audienceOf(caller, now),
        caller.kind === 'member' ? accounts.findById(caller.accountId) : null,
      ])
      if (account) {
        const refusal = adReactionRefusal(account)
        if (refusal === 'ACCOUNT_SUSPENDED') throw new AppError(refusal, 'this account is suspended')
        if (refusal === 'SNS_RESTRICTED')
          throw new AppError(refusal, 'ad reactions are restricted for this account')
      }
      const id = AD_ID.test(adId) ? Number(adId) : Number.NaN
      const ad = id <= MAX_AD_ID ? await repo.findShown(id, audience, now) : null
      if (!ad) throw new AppError('NOT_FOUND', 'no such ad for you now')
      const counted = await repo.recordReaction({
        adId: ad.id,
        kind,
        day: japanDay(now),
        viewer: viewer.key,
        accountId: viewer.accountId,
        now,
      })
      return { counted }
    },

    /** Forgets the lists kept: an operator changed an ad or a space, which members see at once here. */
    forgetKeptLists(): void {
      keptLists.clear()
    },

    /** A space (the demo data); an existing one is left as it is. */
    async createSpace(space: { id: string; name: string; placement?: string | null }): Promise<void> {
      await repo.createSpace(space)
    },

    /** An ad published as given (the demo data and tests; the console writes drafts); its links and picture checked first. */
    async publish(ad: NewAd): Promise<AdRow | null> {
      const problem = adProblem(ad)
      if (problem) throw new AppError('VALIDATION_FAILED', problem)
      return repo.createAd(ad)
    },
  }
}

export type AdsService = ReturnType<typeof createAdsService>
