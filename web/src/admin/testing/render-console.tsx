import type { ConsoleRole } from '@puribox/contract/routes'
import { render } from '@testing-library/react'
import { memoryLocation } from 'wouter/memory-location'
import { ConsoleRoot } from '../console'
import { createConsoleQueryClient } from '../console-query-client'

/**
 * The whole console at `path`, as its entry renders it (its own query client, with the handling of
 * an ended session), over an in-memory location, without retries: a test says what each request answers.
 */
export function renderConsole(path: string) {
  const location = memoryLocation({ path, record: true })
  const queryClient = createConsoleQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const view = render(<ConsoleRoot queryClient={queryClient} routerHook={location.hook} />)
  /** The address the console shows now, with its query. */
  const address = () => location.history?.at(-1) ?? path
  return { ...view, location, queryClient, address }
}

/** The operator of the tests, as the session routes answer them. */
export function signedInOperator(role: ConsoleRole = 'ADMIN') {
  return { id: '0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d', mailAddress: 'aoi@puribox.example', role }
}
