import { apiPaths } from '@puribox/contract/api-paths'
import { useQuery } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'

/**
 * Help's questions, for the answers shown above a topic's form. Read from the same address the help
 * pages ask (`/static/help.json?t=` the start of the current five minutes, decision 0039), so the
 * browser's cache answers both; not through help's own module, which would split help's chunk and
 * add to the first load's table of chunks (its budget is full, decision 0046).
 */
const STEP_SECONDS = 5 * 60

interface HelpQuestions {
  categories: { answers: { id: string; question: string }[] }[]
}

async function fetchQuestions(): Promise<ReadonlyMap<string, string>> {
  const t = Math.floor(Date.now() / 1000 / STEP_SECONDS) * STEP_SECONDS
  let response: Response
  try {
    response = await fetch(`${apiPaths.helpDocument.path}?t=${t}`, {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    })
  } catch (cause) {
    throw new ApiError('NETWORK', 0, String(cause))
  }
  const body = (await response.json().catch(() => null)) as HelpQuestions | null
  if (!response.ok || !Array.isArray(body?.categories)) throw new ApiError('BAD_RESPONSE', response.status)
  return new Map(
    body.categories.flatMap((category) => category.answers.map((answer) => [answer.id, answer.question])),
  )
}

/** Help's questions by answer id; the request is never cancelled, as help's own (get-help.ts). */
export function useHelpQuestions() {
  return useQuery({
    queryKey: ['inquiry', 'help'],
    queryFn: () => fetchQuestions(),
    staleTime: STEP_SECONDS * 1000,
  })
}

/** `/web/common/help/answer/{id}`, the help answer's page. */
export const helpAnswerPath = (id: string) => `/web/common/help/answer/${encodeURIComponent(id)}`
