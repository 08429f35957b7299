import { links } from '@puribox/contract/pages'
import { addDays } from '@puribox/contract/time'
import text from '../../locales/ja/news.json' with { type: 'json' }
import type { NewsDraft, NewsService } from './news.service'

type DemoKey = keyof typeof text.demo

/** The demo news: fixed ids, so each is written once and an operator's edit is kept at the next start. */
const DEMO_NEWS: ReadonlyArray<{
  id: string
  key: DemoKey
  category: NewsDraft['category']
  priorityLevel: number
  daysAgo: number
  url?: string
}> = [
  {
    id: '6e0f3c1a-0d5e-4d7a-9a51-000000000001',
    key: 'maintenance',
    category: 'important',
    priorityLevel: 9,
    daysAgo: 1,
    url: links.help,
  },
  {
    id: '6e0f3c1a-0d5e-4d7a-9a51-000000000002',
    key: 'penalty',
    category: 'important',
    priorityLevel: 5,
    daysAgo: 6,
    url: links.aboutPenalty,
  },
  {
    id: '6e0f3c1a-0d5e-4d7a-9a51-000000000003',
    key: 'winterFrames',
    category: 'campaign',
    priorityLevel: 3,
    daysAgo: 2,
  },
  {
    id: '6e0f3c1a-0d5e-4d7a-9a51-000000000004',
    key: 'premium',
    category: 'info',
    priorityLevel: 0,
    daysAgo: 3,
    url: links.premiumRegistration,
  },
  {
    id: '6e0f3c1a-0d5e-4d7a-9a51-000000000005',
    key: 'friends',
    category: 'info',
    priorityLevel: 0,
    daysAgo: 5,
    url: links.photoGetForm,
  },
  {
    id: '6e0f3c1a-0d5e-4d7a-9a51-000000000006',
    key: 'newsPage',
    category: 'info',
    priorityLevel: 0,
    daysAgo: 8,
  },
]

/** The ids of the demo news, for tests and the browser test. */
export const DEMO_NEWS_IDS = DEMO_NEWS.map((item) => item.id)

/**
 * Demo news outside production (docs/guide/ground-rules.md), stored like any news so that the operator console can
 * edit them later. Published some days before the first start; what exists is left as it is.
 */
export async function seedDemoNews(news: NewsService, now: Date): Promise<void> {
  await news.publishMissing(
    DEMO_NEWS.map((item) => {
      const words = text.demo[item.key]
      const label = 'linkLabel' in words ? words.linkLabel : undefined
      return {
        id: item.id,
        category: item.category,
        title: words.title,
        body: words.body,
        link: item.url && label ? { label, url: item.url } : null,
        priorityLevel: item.priorityLevel,
        publishAt: addDays(now, -item.daysAgo),
        publishUntil: null,
      }
    }),
  )
}
