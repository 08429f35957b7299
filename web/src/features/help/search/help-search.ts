import type { HelpAnswer, HelpCategory, HelpDocument } from '@puribox/contract/help'
import { indexTerms, queryTerms } from '@puribox/contract/search-text'
import MiniSearch from 'minisearch'
import { HELP_QUERY_MAX } from '../help-paths'

/**
 * Help's search, in the browser over the help document (decision 0039): MiniSearch over character
 * pieces of the normalised text (`normalize.ts`), every piece of the query required. Loaded only
 * when someone searches, never with the first load.
 */

export interface HelpHit {
  answer: HelpAnswer
  category: HelpCategory
}

interface Indexed {
  id: string
  question: string
  keywords: string
  text: string
  category: string
}

function textOf(answer: HelpAnswer): string {
  return answer.body
    .map((block) => {
      if (block.type === 'link') return block.label
      if (block.type === 'steps' || block.type === 'list') return block.items.join('\n')
      return block.text
    })
    .join('\n')
}

export interface HelpSearch {
  /** The answers that hold every piece of the query, the best first; none for an empty query. */
  search(query: string): HelpHit[]
}

export function createHelpSearch(document: HelpDocument): HelpSearch {
  const hits = new Map<string, HelpHit>()
  const indexed: Indexed[] = []
  for (const category of document.categories) {
    for (const answer of category.answers) {
      if (hits.has(answer.id)) continue
      hits.set(answer.id, { answer, category })
      indexed.push({
        id: answer.id,
        question: answer.question,
        keywords: answer.keywords.join('\n'),
        text: textOf(answer),
        category: category.title,
      })
    }
  }
  const index = new MiniSearch<Indexed>({
    fields: ['question', 'keywords', 'text', 'category'],
    tokenize: indexTerms,
    // The pieces are already normalised.
    processTerm: (term) => term,
    searchOptions: {
      tokenize: queryTerms,
      processTerm: (term) => term,
      combineWith: 'AND',
      boost: { question: 3, keywords: 2, category: 1.5 },
      // The frequently asked questions first, among answers that match alike.
      boostDocument: (id) => (hits.get(String(id))?.answer.featured ? 1.5 : 1),
    },
  })
  index.addAll(indexed)

  return {
    search(query) {
      const trimmed = Array.from(query).slice(0, HELP_QUERY_MAX).join('')
      if (queryTerms(trimmed).length === 0) return []
      return index.search(trimmed).flatMap((result) => {
        const hit = hits.get(String(result.id))
        return hit ? [hit] : []
      })
    },
  }
}
