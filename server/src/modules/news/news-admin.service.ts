import type {
  AdminNewsItem,
  AdminNewsPage,
  NewsChange,
  NewsDraftCreate,
  NewsListQuery,
  NewsSchedule,
  NewsState,
  NewsStep,
} from '@puribox/contract/admin-news'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import type { ChangeContext } from '../change'
import { can, type NewsAction } from './news.policy'
import type { NewsItemRow } from './news.repository'
import { checkedContent, checkWindow } from './news.service'
import { type NewsAdminRepository, type NewsStepDecision, newsStateAt } from './news-admin.repository'

function present(row: NewsItemRow, now: Date): AdminNewsItem {
  return {
    id: row.id,
    state: newsStateAt(row, now),
    category: row.category,
    title: row.title,
    body: row.body,
    link: row.linkLabel !== null && row.linkUrl !== null ? { label: row.linkLabel, url: row.linkUrl } : null,
    priorityLevel: row.priorityLevel,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishUntil: row.publishUntil?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function instant(text: string | null): Date | null {
  return text === null ? null : new Date(text)
}

/** NEWS_STATE_CONFLICT unless the item is in one of `states`. */
function requireState(state: NewsState, states: readonly NewsState[], step: string): void {
  if (!states.includes(state)) {
    throw new AppError('NEWS_STATE_CONFLICT', `a ${state} item cannot be ${step}`)
  }
}

/** The states an item may be scheduled or published from: members do not see it, nor saw it to its end. */
const NOT_OUT: readonly NewsState[] = ['draft', 'scheduled', 'withdrawn']

/**
 * The operators' side of news (decision 0069): a draft, its changes, scheduling, publishing and
 * withdrawing. Every function takes the actor and asks the policy first; every change is one
 * transaction of the repository with its event, which the audit log records. Members see an item
 * from its publication time, by the members' list comparing with "now": scheduling needs no job.
 */
export function createNewsAdminService(deps: { repo: NewsAdminRepository; clock: Clock }) {
  const { repo, clock } = deps

  function allow(actor: Actor, action: NewsAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} news`)
  }

  function changeBy(actor: Actor, reason: string | undefined): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  /** Takes a step with an item, answering it as it is after; NEWS_NOT_FOUND when there is none. */
  async function step(
    actor: Actor,
    id: string,
    reason: string | undefined,
    decide: (row: NewsItemRow, now: Date) => NewsStepDecision,
  ): Promise<AdminNewsItem> {
    const change = changeBy(actor, reason)
    const row = await repo.step(id, change, (found) => decide(found, change.at))
    if (!row) throw new AppError('NEWS_NOT_FOUND', 'no news item has this id')
    return present(row, change.at)
  }

  return {
    async list(actor: Actor, query: NewsListQuery): Promise<AdminNewsPage> {
      allow(actor, 'read')
      const now = clock.now()
      const rows = await repo.list({ state: query.state, now, after: query.after, limit: query.limit })
      const page = rows.slice(0, query.limit)
      return {
        items: page.map((row) => present(row, now)),
        next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      }
    },

    async item(actor: Actor, id: string): Promise<AdminNewsItem> {
      allow(actor, 'read')
      const row = await repo.find(id)
      if (!row) throw new AppError('NEWS_NOT_FOUND', 'no news item has this id')
      return present(row, clock.now())
    },

    /** A new draft: members do not see it until it is scheduled or published. */
    async createDraft(actor: Actor, input: NewsDraftCreate): Promise<AdminNewsItem> {
      allow(actor, 'create')
      const content = checkedContent({
        category: input.category,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        priorityLevel: input.priorityLevel ?? 0,
      })
      const publishUntil = instant(input.publishUntil ?? null)
      checkWindow(null, publishUntil)
      const change = changeBy(actor, input.reason)
      const row = await repo.createDraft({ ...content, publishAt: null, publishUntil }, change)
      return present(row, change.at)
    },

    /** Changes the fields given, in any state; the item is checked whole again. */
    async change(actor: Actor, id: string, input: NewsChange): Promise<AdminNewsItem> {
      allow(actor, 'change')
      const { reason, publishUntil, ...given } = input
      return step(actor, id, reason, (row) => {
        const content = checkedContent({
          category: given.category ?? row.category,
          title: given.title ?? row.title,
          body: given.body ?? row.body,
          link:
            given.link !== undefined
              ? given.link
              : row.linkLabel !== null && row.linkUrl !== null
                ? { label: row.linkLabel, url: row.linkUrl }
                : null,
          priorityLevel: given.priorityLevel ?? row.priorityLevel,
        })
        const until = publishUntil !== undefined ? instant(publishUntil) : row.publishUntil
        checkWindow(row.publishAt, until)
        return { event: 'news.changed', fields: { ...content, publishUntil: until } }
      })
    },

    /** Members see the item from `publishAt`, a time to come, with no job: their list compares with "now". */
    async schedule(actor: Actor, id: string, input: NewsSchedule): Promise<AdminNewsItem> {
      allow(actor, 'schedule')
      const publishAt = new Date(input.publishAt)
      return step(actor, id, input.reason, (row, now) => {
        requireState(newsStateAt(row, now), NOT_OUT, 'scheduled')
        if (!(publishAt.getTime() > now.getTime())) {
          throw new AppError('SCHEDULE_IN_PAST', 'the time to publish at has passed')
        }
        checkWindow(publishAt, row.publishUntil)
        return { event: 'news.scheduled', fields: { publishAt, withdrawnAt: null } }
      })
    },

    async publishNow(actor: Actor, id: string, input: NewsStep): Promise<AdminNewsItem> {
      allow(actor, 'publish')
      return step(actor, id, input.reason, (row, now) => {
        requireState(newsStateAt(row, now), NOT_OUT, 'published')
        checkWindow(now, row.publishUntil)
        return { event: 'news.published', fields: { publishAt: now, withdrawnAt: null } }
      })
    },

    /** Members no longer see the item; it may be scheduled or published again. */
    async withdraw(actor: Actor, id: string, input: NewsStep): Promise<AdminNewsItem> {
      allow(actor, 'withdraw')
      return step(actor, id, input.reason, (row, now) => {
        requireState(newsStateAt(row, now), ['scheduled', 'published', 'ended'], 'withdrawn')
        return { event: 'news.withdrawn', fields: { withdrawnAt: now } }
      })
    },
  }
}

export type NewsAdminService = ReturnType<typeof createNewsAdminService>
