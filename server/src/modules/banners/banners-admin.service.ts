import {
  type AdminBanner,
  type AdminBannerSpace,
  BANNER_ADMIN_LIMITS,
  type BannerChange,
  type BannerCreate,
  type BannerListQuery,
  type BannerOrder,
  type BannerPreview,
  type BannerPreviewResult,
  type BannerState,
  type BannerWithdraw,
} from '@puribox/contract/admin-banners'
import type { BannerSpace } from '@puribox/contract/banners'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import type { ChangeContext } from '../change'
import { sanitizeBannerHtml } from './banner-html'
import { type BannerAction, can } from './banners.policy'
import type { BannerRow } from './banners.repository'
import { checkWindow, storedHtml } from './banners.service'
import type { BannersAdminRepository } from './banners-admin.repository'

/** The state of a banner at `now`. */
export function bannerStateAt(row: BannerRow, now: Date): BannerState {
  if (row.withdrawnAt !== null) return 'withdrawn'
  if (row.publishAt.getTime() > now.getTime()) return 'scheduled'
  if (row.publishUntil !== null && row.publishUntil.getTime() <= now.getTime()) return 'ended'
  return 'published'
}

/**
 * The operators' side of banners (decision 0069): each space's banners as members get them, a
 * preview of HTML before it is stored, and adding, changing, ordering and withdrawing banners.
 * Every function takes the actor and asks the policy first; every change is one transaction of the
 * repository with its event, which the audit log records. The HTML the console shows is the
 * members' route's own (`servedHtml`), so an operator sees exactly what members get.
 */
export function createBannersAdminService(deps: {
  repo: BannersAdminRepository
  clock: Clock
  /** What members get of a stored banner (the members' service's second sanitising). */
  servedHtml: (row: BannerRow) => string | null
  /** The banner a space shows members at `now` (the members' rule). */
  shownIn: (spaceId: BannerSpace, now: Date) => Promise<BannerRow | null>
}) {
  const { repo, clock, servedHtml, shownIn } = deps

  function allow(actor: Actor, action: BannerAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} banners`)
  }

  function changeBy(actor: Actor, reason: string | undefined): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  function present(row: BannerRow, now: Date, shownId: string | null): AdminBanner {
    return {
      id: row.id,
      spaceId: row.spaceId,
      html: servedHtml(row),
      state: bannerStateAt(row, now),
      shown: row.id === shownId,
      position: row.position,
      publishAt: row.publishAt.toISOString(),
      publishUntil: row.publishUntil?.toISOString() ?? null,
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  /** A banner as the console answers it, with whether its space shows it now. */
  async function presentOne(row: BannerRow, now: Date): Promise<AdminBanner> {
    return present(row, now, (await shownIn(row.spaceId, now))?.id ?? null)
  }

  async function space(spaceId: BannerSpace, list: BannerListQuery['list']): Promise<AdminBannerSpace> {
    const now = clock.now()
    const [rows, shown] = await Promise.all([
      list === 'withdrawn' ? repo.withdrawn(spaceId, BANNER_ADMIN_LIMITS.listMax) : repo.current(spaceId),
      shownIn(spaceId, now),
    ])
    const shownId = shown?.id ?? null
    return { spaceId, shownId, banners: rows.map((row) => present(row, now, shownId)) }
  }

  return {
    async space(actor: Actor, spaceId: BannerSpace, query: BannerListQuery): Promise<AdminBannerSpace> {
      allow(actor, 'read')
      return space(spaceId, query.list)
    },

    /** What members would get of `html` (null: nothing), and whether the sanitiser changed it. */
    async preview(actor: Actor, input: BannerPreview): Promise<BannerPreviewResult> {
      allow(actor, 'preview')
      // Stored sanitised, then sanitised again when served: the second pass is what members get.
      const stored = sanitizeBannerHtml(input.html)
      const html = stored === null ? null : sanitizeBannerHtml(stored)
      return { html, changed: html !== input.html.trim() }
    },

    /** A new banner, first in its space's order. */
    async create(actor: Actor, spaceId: BannerSpace, input: BannerCreate): Promise<AdminBanner> {
      allow(actor, 'create')
      const change = changeBy(actor, input.reason)
      const publishAt = input.publishAt ? new Date(input.publishAt) : change.at
      const publishUntil = input.publishUntil ? new Date(input.publishUntil) : null
      checkWindow(publishAt, publishUntil)
      const row = await repo.create(
        spaceId,
        { html: storedHtml(input.html), publishAt, publishUntil },
        change,
      )
      return presentOne(row, change.at)
    },

    /** Changes the HTML or the window; a withdrawn banner stays as it was (BANNER_WITHDRAWN). */
    async change(actor: Actor, id: string, input: BannerChange): Promise<AdminBanner> {
      allow(actor, 'change')
      const change = changeBy(actor, input.reason)
      const html = input.html === undefined ? undefined : storedHtml(input.html)
      const row = await repo.step(id, change, (found) => {
        if (found.withdrawnAt !== null) throw new AppError('BANNER_WITHDRAWN', 'a withdrawn banner stays')
        const publishAt = input.publishAt === undefined ? found.publishAt : new Date(input.publishAt)
        const publishUntil =
          input.publishUntil === undefined
            ? found.publishUntil
            : input.publishUntil === null
              ? null
              : new Date(input.publishUntil)
        checkWindow(publishAt, publishUntil)
        return {
          event: 'banner.changed',
          fields: { ...(html === undefined ? {} : { html }), publishAt, publishUntil },
        }
      })
      if (!row) throw new AppError('BANNER_NOT_FOUND', 'no banner has this id')
      return presentOne(row, change.at)
    },

    /** The space's banners in a new order: every one not withdrawn, first shown first. */
    async order(actor: Actor, spaceId: BannerSpace, input: BannerOrder): Promise<AdminBannerSpace> {
      allow(actor, 'order')
      const ids = input.bannerIds.map((id) => id.toLowerCase())
      const result = await repo.order(spaceId, ids, changeBy(actor, input.reason))
      if (result === 'stale') {
        throw new AppError('ORDER_STALE', "the ids are not the space's banners not withdrawn")
      }
      return space(spaceId, 'current')
    },

    /** No space shows the banner again. */
    async withdraw(actor: Actor, id: string, input: BannerWithdraw): Promise<AdminBanner> {
      allow(actor, 'withdraw')
      const change = changeBy(actor, input.reason)
      const row = await repo.step(id, change, (found) => {
        if (found.withdrawnAt !== null)
          throw new AppError('BANNER_WITHDRAWN', 'the banner was withdrawn already')
        return { event: 'banner.withdrawn', fields: { withdrawnAt: change.at } }
      })
      if (!row) throw new AppError('BANNER_NOT_FOUND', 'no banner has this id')
      return presentOne(row, change.at)
    },
  }
}

export type BannersAdminService = ReturnType<typeof createBannersAdminService>
