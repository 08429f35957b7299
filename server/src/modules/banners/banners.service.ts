import { type Banner, isBannerSpace } from '@puribox/contract/banners'
import { LRUCache } from 'lru-cache'
import { AppError } from '../../http/errors'
import { BANNER_HTML_MAX, sanitizeBannerHtml } from './banner-html'
import type { BannerRow, BannersRepository } from './banners.repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A banner as the demo seed (and tests) write it, outside the console. */
export interface BannerDraft {
  /** A fixed id (the demo seed's, so that it is written once); otherwise the database picks one. */
  id?: string
  spaceId: string
  html: string
  priorityLevel: number
  publishAt: Date
  publishUntil: Date | null
}

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message)
}

/** The HTML as it is stored: sanitised; VALIDATION_FAILED when too long or nothing of it may be shown. */
export function storedHtml(html: string): string {
  if (html.length > BANNER_HTML_MAX) invalid(`banner HTML is at most ${BANNER_HTML_MAX} characters`)
  const clean = sanitizeBannerHtml(html)
  if (clean === null) invalid('nothing of this HTML may be shown')
  return clean
}

/** VALIDATION_FAILED unless the window is one: a real start, and an end (if any) after it. */
export function checkWindow(publishAt: Date, publishUntil: Date | null): void {
  if (Number.isNaN(publishAt.getTime())) invalid('publishAt is a date')
  if (publishUntil !== null && !(publishUntil.getTime() > publishAt.getTime())) {
    invalid('publishUntil comes after publishAt')
  }
}

/** The draft checked, its HTML sanitised, ready to store; or VALIDATION_FAILED. */
function checked(draft: BannerDraft) {
  if (draft.id !== undefined && !UUID.test(draft.id)) invalid('the id is a UUID')
  if (!isBannerSpace(draft.spaceId)) invalid('no such banner space')
  const html = storedHtml(draft.html)
  if (!Number.isInteger(draft.priorityLevel) || draft.priorityLevel < 0 || draft.priorityLevel > 9) {
    invalid('priorityLevel is 0-9')
  }
  checkWindow(draft.publishAt, draft.publishUntil)
  return {
    ...(draft.id === undefined ? {} : { id: draft.id.toLowerCase() }),
    spaceId: draft.spaceId,
    html,
    priorityLevel: draft.priorityLevel,
    publishAt: draft.publishAt,
    publishUntil: draft.publishUntil,
  }
}

/**
 * Banners (decision 0040): the banner each space shows now, as HTML sanitised when stored and again
 * when served. The second pass is kept per stored HTML (the sanitiser's result depends on nothing
 * else), so a busy page does not parse the same HTML on every request, and an edit is served at
 * once however soon after the last it comes.
 */
export function createBannerService(deps: { repo: BannersRepository }) {
  const { repo } = deps
  const served = new LRUCache<string, { html: string | null }>({ max: 64 })

  function servedHtml(row: Pick<BannerRow, 'html'>): string | null {
    let entry = served.get(row.html)
    if (!entry) {
      entry = { html: sanitizeBannerHtml(row.html) }
      served.set(row.html, entry)
    }
    return entry.html
  }

  return {
    /**
     * What members get of a stored banner: its HTML through the sanitiser again. The console shows
     * operators the same, so what they see is what members get.
     */
    servedHtml,

    /** The banner `spaceId` shows at `now` (null when none); NOT_FOUND for a space that does not exist. */
    async bannerOf(spaceId: string, now: Date): Promise<Banner> {
      if (!isBannerSpace(spaceId)) throw new AppError('NOT_FOUND', 'no such banner space')
      const row = await repo.shownIn(spaceId, now)
      return { bannerHtml: row ? servedHtml(row) : null }
    },

    /**
     * Stores a banner after checking it and sanitising its HTML: the test suites' way to have
     * banners. Operators write banners through the console's service, which records who did.
     */
    async publish(draft: BannerDraft): Promise<BannerRow> {
      return repo.create(checked(draft))
    },

    /** Stores the drafts whose ids are not there yet, each checked and sanitised; the others stay. */
    async publishMissing(drafts: readonly BannerDraft[]): Promise<void> {
      await repo.createMissing(drafts.map(checked))
    },
  }
}

export type BannerService = ReturnType<typeof createBannerService>
