import { type Banner, isBannerSpace } from '@puribox/contract/banners'
import { LRUCache } from 'lru-cache'
import { AppError } from '../../http/errors'
import { BANNER_HTML_MAX, sanitizeBannerHtml } from './banner-html'
import type { BannerRow, BannersRepository } from './banners.repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A banner as an operator writes it (the console later; the demo seed now). */
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

/** The draft checked, its HTML sanitised, ready to store; or VALIDATION_FAILED. */
function checked(draft: BannerDraft) {
  if (draft.id !== undefined && !UUID.test(draft.id)) invalid('the id is a UUID')
  if (!isBannerSpace(draft.spaceId)) invalid('no such banner space')
  if (draft.html.length > BANNER_HTML_MAX) invalid(`banner HTML is at most ${BANNER_HTML_MAX} characters`)
  const html = sanitizeBannerHtml(draft.html)
  if (html === null) invalid('nothing of this HTML may be shown')
  if (!Number.isInteger(draft.priorityLevel) || draft.priorityLevel < 0 || draft.priorityLevel > 9) {
    invalid('priorityLevel is 0-9')
  }
  if (Number.isNaN(draft.publishAt.getTime())) invalid('publishAt is a date')
  if (draft.publishUntil !== null && !(draft.publishUntil.getTime() > draft.publishAt.getTime())) {
    invalid('publishUntil comes after publishAt')
  }
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
 * when served. The second pass is kept per banner version (id and update time), so a busy page
 * does not parse the same HTML on every request.
 */
export function createBannerService(deps: { repo: BannersRepository }) {
  const { repo } = deps
  const served = new LRUCache<string, { html: string | null }>({ max: 64 })

  function servedHtml(row: BannerRow): string | null {
    const key = `${row.id}:${row.updatedAt.getTime()}`
    let entry = served.get(key)
    if (!entry) {
      entry = { html: sanitizeBannerHtml(row.html) }
      served.set(key, entry)
    }
    return entry.html
  }

  return {
    /** The banner `spaceId` shows at `now` (null when none); NOT_FOUND for a space that does not exist. */
    async bannerOf(spaceId: string, now: Date): Promise<Banner> {
      if (!isBannerSpace(spaceId)) throw new AppError('NOT_FOUND', 'no such banner space')
      const row = await repo.shownIn(spaceId, now)
      return { bannerHtml: row ? servedHtml(row) : null }
    },

    /** Stores a banner after checking it and sanitising its HTML (the operator console will call this). */
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
