import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isTransient } from '../lib/api-client'
import { endsSession, SESSION_QUERY_KEY } from './session/session-api'

/**
 * The console's query client. Any answer saying the operator's session is over (401: half an hour
 * without a request, signed out in another tab, the account disabled) forgets every answer of that
 * session and who was signed in, so the console goes to its sign-in screen, keeping the path to come
 * back to (console.tsx); no screen goes on showing what the next person to sign in may not see.
 */
export function createConsoleQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endsSession(error) && sessionEnded() }),
    mutationCache: new MutationCache({ onError: (error) => endsSession(error) && sessionEnded() }),
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again.
        retry: (failureCount, error) => isTransient(error) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30 * 1000,
      },
    },
  })
  function sessionEnded() {
    forgetSessionAnswers(client)
    client.setQueryData(SESSION_QUERY_KEY, null)
  }
  return client
}

/** Forgets every answer but who is signed in: what one operator's session read is not the next one's. */
export function forgetSessionAnswers(client: QueryClient): void {
  const session = hashKey(SESSION_QUERY_KEY)
  client.removeQueries({ predicate: (query) => query.queryHash !== session })
}
