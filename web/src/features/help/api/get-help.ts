import { apiPaths } from '@puribox/contract/api-paths'
import type { HelpAnswer, HelpCategory, HelpDocument } from '@puribox/contract/help'
import { useQuery } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'

/**
 * Help comes as the spec's static JSON, fetched with a timestamp query (decision 0039): the
 * timestamp is the start of the current five minutes, so every visit within them shares one address
 * (the browser's cache answers) and an edit reaches people within five minutes.
 */
export const HELP_TIMESTAMP_STEP_MS = 5 * 60 * 1000

export function helpDocumentUrl(now: number): string {
  const step = Math.floor(now / HELP_TIMESTAMP_STEP_MS) * (HELP_TIMESTAMP_STEP_MS / 1000)
  return `${apiPaths.helpDocument.path}?t=${step}`
}

function isHelpDocument(value: unknown): value is HelpDocument {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { categories?: unknown }).categories)
  )
}

export async function fetchHelpDocument(): Promise<HelpDocument> {
  let response: Response
  try {
    response = await fetch(helpDocumentUrl(Date.now()), {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    })
  } catch (cause) {
    throw new ApiError('NETWORK', 0, String(cause))
  }
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok || !isHelpDocument(body)) {
    throw new ApiError('BAD_RESPONSE', response.status, `Not the help document (HTTP ${response.status})`)
  }
  return body
}

/** The help, looked up by id. */
export interface HelpIndex {
  document: HelpDocument
  categories: ReadonlyMap<string, HelpCategory>
  answers: ReadonlyMap<string, { answer: HelpAnswer; category: HelpCategory }>
}

export function indexHelp(document: HelpDocument): HelpIndex {
  const categories = new Map<string, HelpCategory>()
  const answers = new Map<string, { answer: HelpAnswer; category: HelpCategory }>()
  for (const category of document.categories) {
    categories.set(category.id, category)
    for (const answer of category.answers) answers.set(answer.id, { answer, category })
  }
  return { document, categories, answers }
}

export const helpQueryKey = ['help', 'document'] as const

/**
 * The help document, kept for the five minutes its address stands for. Its request is never
 * cancelled: TanStack Query cancels a request whose `signal` was taken when the last screen using it
 * unmounts, and asks again when one mounts. A screen left and opened again while the document is on
 * its way (a slow line, a busy phone; the route's boundary remounting) would then download it twice;
 * without the signal, the second screen waits for the first request.
 */
export function useHelp() {
  return useQuery({
    queryKey: helpQueryKey,
    queryFn: async () => indexHelp(await fetchHelpDocument()),
    staleTime: HELP_TIMESTAMP_STEP_MS,
  })
}
