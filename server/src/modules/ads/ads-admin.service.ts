import {
  AD_ADMIN_LIMITS,
  type AdChange,
  type AdDraftCreate,
  type AdminAd,
  type AdminAdListQuery,
  type AdminAdPage,
  type AdminAdRead,
  type AdminAdSpace,
  type AdminAdSpaces,
  type AdPictureUploaded,
  type AdPlacement,
  type AdReactionDay,
  type AdReadQuery,
  type AdSchedule,
  type AdSpaceChange,
  type AdSpaceCreate,
  type AdState,
  type AdStep,
} from '@puribox/contract/admin-ads'
import { japanDayStart, japanDaysBetween } from '@puribox/contract/admin-numbers'
import { type AdReactionKind, adPictureFileOf } from '@puribox/contract/ads'
import { addDays, japanDay } from '@puribox/contract/time'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import type { ChangeContext } from '../change'
import type { AdPictures } from './ad-pictures'
import { type AdAction, can } from './ads.policy'
import type { AdRow, AdSpaceRow } from './ads.repository'
import { adProblem } from './ads.service'
import {
  type AdFields,
  type AdStepDecision,
  type AdsAdminRepository,
  adStateAt,
  type SpaceCounts,
} from './ads-admin.repository'

/** The largest id the table holds: an id past it names no ad. */
const MAX_AD_ID = 2_147_483_647

const NO_COUNTS: SpaceCounts = { draft: 0, scheduled: 0, published: 0, ended: 0, withdrawn: 0 }
const NO_REACTIONS: Record<AdReactionKind, number> = { IMPRESSION: 0, CLICK: 0 }

function presentSpace(row: AdSpaceRow, counts: SpaceCounts | undefined): AdminAdSpace {
  return {
    id: row.id,
    name: row.name,
    placement: row.placement as AdPlacement | null,
    counts: counts ?? NO_COUNTS,
    createdAt: row.createdAt.toISOString(),
  }
}

function present(row: AdRow, now: Date, totals: Record<AdReactionKind, number> | undefined): AdminAd {
  return {
    id: row.id,
    spaceId: row.spaceId,
    state: adStateAt(row, now),
    conversionId: row.conversionId,
    name: row.name,
    title: row.title,
    text: row.text,
    linkType: row.linkType,
    linkUrl: row.linkUrl,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    forGuests: row.forGuests,
    forMini: row.forMini,
    forPremium: row.forPremium,
    ageTarget: row.ageTarget,
    priority: row.priority,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    totals: totals ?? NO_REACTIONS,
  }
}

function instant(text: string | null): Date | null {
  return text === null ? null : new Date(text)
}

/** AD_STATE_CONFLICT unless the ad is in one of `states`. */
function requireState(state: AdState, states: readonly AdState[], step: string): void {
  if (!states.includes(state)) throw new AppError('AD_STATE_CONFLICT', `a ${state} ad cannot be ${step}`)
}

/** AD_WINDOW_INVALID unless the end (when there is one) comes after `start`. */
function requireEndAfter(start: Date, end: Date | null, what: string): void {
  if (end !== null && !(end.getTime() > start.getTime())) {
    throw new AppError('AD_WINDOW_INVALID', `the ad's end is not after ${what}`)
  }
}

/** The states an ad may be scheduled or published from: members do not see it, nor saw it. */
const NOT_OUT: readonly AdState[] = ['draft', 'scheduled']

/**
 * The operators' side of ads (decision 0077): spaces, a space's ads, an ad with its reactions per
 * Japan day, a draft and its changes, scheduling, publishing and withdrawing, and pictures. Every
 * function takes the actor and asks the policy first; every change is one transaction of the
 * repository with its event, which the audit log records. Members see an ad from its start, by the
 * members' list comparing with "now": scheduling needs no job. After a change, `shown` is told, so
 * the lists this process keeps for members are read again.
 */
export function createAdsAdminService(deps: {
  repo: AdsAdminRepository
  pictures: AdPictures
  clock: Clock
  /** Members' lists kept by this process are stale: an ad, or its space, changed. */
  changed: () => void
}) {
  const { repo, pictures, clock, changed } = deps

  function allow(actor: Actor, action: AdAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} ads`)
  }

  function changeBy(actor: Actor, reason: string | undefined): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  function adIdOf(text: string): number {
    const id = Number(text)
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_AD_ID) throw notFound()
    return id
  }

  const notFound = () => new AppError('AD_NOT_FOUND', 'no ad has this id')
  const taken = () => new AppError('AD_CONVERSION_ID_TAKEN', 'another ad has this conversion id')

  async function spaceOf(id: string): Promise<AdSpaceRow> {
    const space = await repo.findSpace(id)
    if (!space) throw new AppError('AD_SPACE_NOT_FOUND', 'no ad space has this id')
    return space
  }

  /** IMAGE_MISSING unless `mediaUrl` names a picture uploaded here (an inline picture or a page's path is none). */
  async function requireUploaded(mediaUrl: string | null | undefined): Promise<void> {
    const file = adPictureFileOf(mediaUrl ?? '')
    if (file === null || !(await pictures.exists(file))) {
      throw new AppError('IMAGE_MISSING', 'upload the picture first and name its mediaUrl')
    }
  }

  /**
   * The ad as it would be stored, checked whole: links and pictures only where they are safe to go
   * (the members' rule), for some membership, and a picture that is the ad's own as it is or one
   * uploaded here (whose file the caller made sure of). An end that has passed, when it changes, is
   * AD_WINDOW_INVALID, as an end before the ad's start.
   */
  function checked(fields: AdFields, stored: AdRow | null, now: Date): AdFields {
    const problem = adProblem({ ...fields, spaceId: stored?.spaceId ?? '' })
    if (problem) throw new AppError('VALIDATION_FAILED', problem)
    if (
      fields.mediaType === 'IMAGE' &&
      fields.mediaUrl !== stored?.mediaUrl &&
      adPictureFileOf(fields.mediaUrl ?? '') === null
    ) {
      throw new AppError('IMAGE_MISSING', 'upload the picture first and name its mediaUrl')
    }
    const endsAt = fields.endsAt ?? null
    if (endsAt !== null && endsAt.getTime() !== stored?.endsAt?.getTime()) {
      requireEndAfter(now, endsAt, 'now')
      if (stored?.startsAt) requireEndAfter(stored.startsAt, endsAt, 'its start')
    }
    return fields
  }

  /** Takes a step with an ad, answering it as it is after; AD_NOT_FOUND when there is none. */
  async function step(
    actor: Actor,
    adIdText: string,
    reason: string | undefined,
    decide: (row: AdRow, now: Date) => AdStepDecision,
  ): Promise<AdminAd> {
    const id = adIdOf(adIdText)
    const change = changeBy(actor, reason)
    const row = await repo.step(id, change, (found) => decide(found, change.at))
    if (row === null) throw notFound()
    if (row === 'taken') throw taken()
    changed()
    return present(row, change.at, (await repo.totals([row.id])).get(row.id))
  }

  return {
    async spaces(actor: Actor): Promise<AdminAdSpaces> {
      allow(actor, 'read')
      const [rows, counts] = await Promise.all([repo.spaces(), repo.countsBySpace(clock.now())])
      return { spaces: rows.map((row) => presentSpace(row, counts.get(row.id))) }
    },

    async createSpace(actor: Actor, input: AdSpaceCreate): Promise<AdminAdSpace> {
      allow(actor, 'create-space')
      const row = await repo.createSpace({ id: input.id, name: input.name }, changeBy(actor, input.reason))
      if (!row) throw new AppError('AD_SPACE_EXISTS', 'an ad space has this id already')
      return presentSpace(row, undefined)
    },

    async changeSpace(actor: Actor, spaceId: string, input: AdSpaceChange): Promise<AdminAdSpace> {
      allow(actor, 'change-space')
      const { reason, ...fields } = input
      const change = changeBy(actor, reason)
      const row = await repo.changeSpace(spaceId, fields, change)
      if (!row) throw new AppError('AD_SPACE_NOT_FOUND', 'no ad space has this id')
      changed()
      return presentSpace(row, (await repo.countsBySpace(change.at, row.id)).get(row.id))
    },

    async list(actor: Actor, spaceId: string, query: AdminAdListQuery): Promise<AdminAdPage> {
      allow(actor, 'read')
      const space = await spaceOf(spaceId)
      const now = clock.now()
      const [rows, counts] = await Promise.all([
        repo.list({
          spaceId,
          state: query.state,
          now,
          after: query.after === undefined ? undefined : Number(query.after),
          limit: query.limit,
        }),
        repo.countsBySpace(now, spaceId),
      ])
      const page = rows.slice(0, query.limit)
      const totals = await repo.totals(page.map((row) => row.id))
      return {
        space: presentSpace(space, counts.get(spaceId)),
        items: page.map((row) => present(row, now, totals.get(row.id))),
        next: rows.length > query.limit ? String(page.at(-1)?.id) : null,
      }
    },

    /** The ad with its reactions of each Japan day of the range (the last 30 days, today included, when none is given). */
    async read(actor: Actor, adIdText: string, query: AdReadQuery): Promise<AdminAdRead> {
      allow(actor, 'read')
      const id = adIdOf(adIdText)
      const now = clock.now()
      const to = query.to ?? japanDay(now)
      const from =
        query.from ?? japanDay(addDays(japanDayStart(to) as Date, 1 - AD_ADMIN_LIMITS.reactionDaysDefault))
      const row = await repo.find(id)
      if (!row) throw notFound()
      const [counts, totals] = await Promise.all([repo.reactionDays(id, from, to), repo.totals([id])])
      const byDay = new Map<string, AdReactionDay>()
      const days = japanDaysBetween(from, to).map((day) => {
        const empty = { day, IMPRESSION: 0, CLICK: 0 }
        byDay.set(day, empty)
        return empty
      })
      const sum = { IMPRESSION: 0, CLICK: 0 }
      for (const count of counts) {
        const day = byDay.get(count.day)
        if (!day) continue
        day[count.kind] = count.count
        sum[count.kind] += count.count
      }
      return { ad: present(row, now, totals.get(id)), reactions: { from, to, days, totals: sum } }
    },

    async uploadPicture(actor: Actor, upload: Buffer): Promise<AdPictureUploaded> {
      allow(actor, 'upload-picture')
      return pictures.store(upload)
    },

    /** A new draft in a space: members do not see it until it is published or its time comes. */
    async createDraft(actor: Actor, spaceId: string, input: AdDraftCreate): Promise<AdminAd> {
      allow(actor, 'create')
      await spaceOf(spaceId)
      const { reason, endsAt, ...given } = input
      const change = changeBy(actor, reason)
      if (given.mediaType === 'IMAGE') await requireUploaded(given.mediaUrl)
      const fields = checked(
        {
          ...given,
          priority: given.priority ?? 0,
          ageTarget: given.ageTarget ?? 'ALL',
          endsAt: instant(endsAt ?? null),
        },
        null,
        change.at,
      )
      const row = await repo.createDraft(spaceId, fields, change)
      if (row === 'taken') throw taken()
      return present(row, change.at, undefined)
    },

    /** Changes the fields given, in any state but withdrawn; the ad is checked whole again. */
    async change(actor: Actor, adIdText: string, input: AdChange): Promise<AdminAd> {
      allow(actor, 'change')
      const { reason, endsAt, ...given } = input
      if (adPictureFileOf(given.mediaUrl ?? '') !== null) await requireUploaded(given.mediaUrl)
      return step(actor, adIdText, reason, (row, now) => {
        requireState(adStateAt(row, now), ['draft', 'scheduled', 'published', 'ended'], 'changed')
        const mediaType = given.mediaType ?? row.mediaType
        const fields = checked(
          {
            conversionId: given.conversionId ?? row.conversionId,
            name: given.name ?? row.name,
            title: given.title ?? row.title,
            text: given.text ?? row.text,
            linkType: given.linkType ?? row.linkType,
            linkUrl: given.linkUrl ?? row.linkUrl,
            mediaType,
            // A TEXT ad shows no picture: turning one into TEXT drops it without being told to.
            mediaUrl:
              given.mediaUrl !== undefined ? given.mediaUrl : mediaType === 'TEXT' ? null : row.mediaUrl,
            forGuests: given.forGuests ?? row.forGuests,
            forMini: given.forMini ?? row.forMini,
            forPremium: given.forPremium ?? row.forPremium,
            ageTarget: given.ageTarget ?? row.ageTarget,
            priority: given.priority ?? row.priority,
            endsAt: endsAt !== undefined ? instant(endsAt) : row.endsAt,
          },
          row,
          now,
        )
        return { event: 'ads.changed', fields }
      })
    },

    /** Members see the ad from `startsAt`, a time to come, with no job: their list compares with "now". */
    async schedule(actor: Actor, adIdText: string, input: AdSchedule): Promise<AdminAd> {
      allow(actor, 'schedule')
      const startsAt = new Date(input.startsAt)
      return step(actor, adIdText, input.reason, (row, now) => {
        requireState(adStateAt(row, now), NOT_OUT, 'scheduled')
        if (!(startsAt.getTime() > now.getTime())) {
          throw new AppError('SCHEDULE_IN_PAST', 'the time to start at has passed')
        }
        requireEndAfter(startsAt, row.endsAt, 'its start')
        return { event: 'ads.scheduled', fields: { startsAt } }
      })
    },

    async publishNow(actor: Actor, adIdText: string, input: AdStep): Promise<AdminAd> {
      allow(actor, 'publish')
      return step(actor, adIdText, input.reason, (row, now) => {
        requireState(adStateAt(row, now), NOT_OUT, 'published')
        requireEndAfter(now, row.endsAt, 'now')
        return { event: 'ads.published', fields: { startsAt: now } }
      })
    },

    /** No one is shown the ad or counted for it again; its counts so far stay. */
    async withdraw(actor: Actor, adIdText: string, input: AdStep): Promise<AdminAd> {
      allow(actor, 'withdraw')
      return step(actor, adIdText, input.reason, (row, now) => {
        requireState(adStateAt(row, now), ['scheduled', 'published', 'ended'], 'withdrawn')
        return { event: 'ads.withdrawn', fields: { withdrawnAt: now } }
      })
    },
  }
}

export type AdsAdminService = ReturnType<typeof createAdsAdminService>
