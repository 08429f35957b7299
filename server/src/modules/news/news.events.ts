/**
 * The events the news module emits when an operator changes a news item, each in the transaction
 * of the change, its target `{ kind: 'news', id }`. Their `before` and `after` hold the changed
 * fields (a new draft's `after` all of them). A scheduled item reaching its time is no event: its
 * `news.scheduled` said when.
 */
declare module '../events' {
  interface DomainEvents {
    'news.draft-created': { newsId: string }
    'news.changed': { newsId: string }
    'news.scheduled': { newsId: string }
    'news.published': { newsId: string }
    'news.withdrawn': { newsId: string }
  }
}

export type NewsEventName =
  | 'news.draft-created'
  | 'news.changed'
  | 'news.scheduled'
  | 'news.published'
  | 'news.withdrawn'
