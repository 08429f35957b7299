import { contentLinkUrl } from '@puribox/contract/content-links'
import { NEWS_LIMITS, type NewsItem, type NewsList } from '@puribox/contract/news'
import { isNewsCategory } from '@puribox/contract/news-pages'
import { formatJst } from '@puribox/contract/time'
import { AppError } from '../../http/errors'
import type { NewsItemRow, NewsRepository, PublishedNewsRow } from './news.repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Control characters a title may not hold; a body may hold line breaks and tabs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const TITLE_CONTROLS = /[\u0000-\u001f\u007f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const BODY_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/

/** What an operator writes of an item: everything but its times. */
export interface NewsContent {
  category: string
  title: string
  body: string
  link: { label: string; url: string } | null
  priorityLevel: number
}

/** A news item published at a time, as the demo seed (and tests) write it, outside the console. */
export interface NewsDraft extends NewsContent {
  /** A fixed id (the demo seed's, so that it is written once); otherwise the database picks one. */
  id?: string
  publishAt: Date
  publishUntil: Date | null
}

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message)
}

/**
 * The content checked and normalised (trimmed, one kind of line break, the link's address as the
 * content link rule writes it), or VALIDATION_FAILED saying what is wrong.
 */
export function checkedContent(content: NewsContent) {
  if (!isNewsCategory(content.category)) invalid('no such news category')
  const title = content.title.trim()
  if (title === '' || title.length > NEWS_LIMITS.titleMax || TITLE_CONTROLS.test(title)) {
    invalid(`a title is 1-${NEWS_LIMITS.titleMax} characters on one line`)
  }
  const body = content.body.replace(/\r\n?/g, '\n').trim()
  if (body === '' || body.length > NEWS_LIMITS.bodyMax || BODY_CONTROLS.test(body)) {
    invalid(`a body is 1-${NEWS_LIMITS.bodyMax} characters of text`)
  }
  let link: { label: string; url: string } | null = null
  if (content.link !== null) {
    const label = content.link.label.trim()
    const url = content.link.url.length <= NEWS_LIMITS.linkUrlMax ? contentLinkUrl(content.link.url) : null
    if (label === '' || label.length > NEWS_LIMITS.linkLabelMax || TITLE_CONTROLS.test(label)) {
      invalid(`a link label is 1-${NEWS_LIMITS.linkLabelMax} characters on one line`)
    }
    if (url === null) invalid('a link goes to a path of this site or an https: address')
    link = { label, url }
  }
  if (
    !Number.isInteger(content.priorityLevel) ||
    content.priorityLevel < 0 ||
    content.priorityLevel > NEWS_LIMITS.priorityMax
  ) {
    invalid(`priorityLevel is 0-${NEWS_LIMITS.priorityMax}`)
  }
  return {
    category: content.category,
    title,
    body,
    linkLabel: link?.label ?? null,
    linkUrl: link?.url ?? null,
    priorityLevel: content.priorityLevel,
  }
}

/** VALIDATION_FAILED unless the window is one: a real start (when there is one), an end after it. */
export function checkWindow(publishAt: Date | null, publishUntil: Date | null): void {
  if (publishAt !== null && Number.isNaN(publishAt.getTime())) invalid('publishAt is a date')
  if (publishUntil !== null && Number.isNaN(publishUntil.getTime())) invalid('publishUntil is a date')
  if (publishAt !== null && publishUntil !== null && !(publishUntil.getTime() > publishAt.getTime())) {
    invalid('publishUntil comes after publishAt')
  }
}

/** The draft checked and ready to store, or VALIDATION_FAILED saying what is wrong. */
function checked(draft: NewsDraft) {
  if (draft.id !== undefined && !UUID.test(draft.id)) invalid('the id is a UUID')
  const content = checkedContent(draft)
  checkWindow(draft.publishAt, draft.publishUntil)
  return {
    ...(draft.id === undefined ? {} : { id: draft.id.toLowerCase() }),
    ...content,
    publishAt: draft.publishAt,
    publishUntil: draft.publishUntil,
  }
}

/** An item as the API answers it. The link is checked again on the way out (decision 0040). */
function present(row: PublishedNewsRow): NewsItem {
  const url = row.linkUrl === null ? null : contentLinkUrl(row.linkUrl)
  return {
    id: row.id,
    newsCategoryName: row.category,
    createdAt: formatJst(row.publishAt),
    title: row.title,
    body: row.body,
    link: url !== null && row.linkLabel !== null ? { label: row.linkLabel, url } : null,
    priorityLevel: row.priorityLevel,
    read: row.read,
  }
}

/**
 * News (decision 0040): what is published now, by priority, and which items each member has read.
 * Guests' reads are kept by their browser, not here.
 */
export function createNewsService(deps: { repo: NewsRepository }) {
  const { repo } = deps

  return {
    /**
     * The items published at `now`: of `categoryName` (every category when it is empty or absent; an
     * empty list when it names none), at most `count`, each with whether the member read it.
     */
    async list(options: {
      now: Date
      categoryName: string | undefined
      count: number
      accountId: string | null
    }): Promise<NewsList> {
      const { categoryName } = options
      const category = categoryName ? (isNewsCategory(categoryName) ? categoryName : undefined) : null
      if (category === undefined) return { entry: [] }
      const rows = await repo.published({
        now: options.now,
        category,
        count: Math.min(Math.max(1, Math.trunc(options.count)), NEWS_LIMITS.countMax),
        accountId: options.accountId,
      })
      return { entry: rows.map(present) }
    },

    /** The member opened an item published now (NOT_FOUND otherwise); again changes nothing. */
    async markRead(accountId: string, id: string, now: Date): Promise<{ id: string; read: true }> {
      if (!UUID.test(id) || !(await repo.isPublished(id.toLowerCase(), now))) {
        throw new AppError('NOT_FOUND', 'no such news item is published')
      }
      await repo.markRead(accountId, id.toLowerCase(), now)
      return { id: id.toLowerCase(), read: true }
    },

    /**
     * Stores a news item published at its time, after checking it: the test suites' way to have
     * news. Operators write news through the console's service, which records who did.
     */
    async publish(draft: NewsDraft): Promise<NewsItemRow> {
      return repo.create(checked(draft))
    },

    /** Stores the drafts whose ids are not there yet, each checked; the others stay as they are. */
    async publishMissing(drafts: readonly NewsDraft[]): Promise<void> {
      await repo.createMissing(drafts.map(checked))
    },
  }
}

export type NewsService = ReturnType<typeof createNewsService>
