import type { NewsState } from '@puribox/contract/admin-news'
import type { NewsCategory } from '@puribox/contract/news-pages'
import { t } from './i18n'

export const newsStateName = (state: NewsState) => t(`adminContent.news.states.${state}`)
export const newsCategoryName = (category: NewsCategory) => t(`adminContent.news.categories.${category}`)

/** An item's state as a badge, coloured by whether members see it. */
export function NewsStateBadge({ state }: { state: NewsState }) {
  return <span className={`badge content-state content-state--${state}`}>{newsStateName(state)}</span>
}
