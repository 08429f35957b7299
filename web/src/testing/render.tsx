import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { memoryLocation } from 'wouter/memory-location'
import { AppProviders } from '../app/providers'

/**
 * Renders with the app's providers, an in-memory location at `path` and a query client that never
 * retries, as in a new tab: no form drafts left by the test before. `rerender` keeps the providers
 * (the same query client and location) around what it is given: `null` unmounts the screen.
 */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  sessionStorage.clear()
  const location = memoryLocation({ path, record: true })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const withProviders = (content: ReactElement | null) => (
    <AppProviders queryClient={queryClient} routerHook={location.hook}>
      {content}
    </AppProviders>
  )
  const view = render(withProviders(ui))
  return {
    ...view,
    rerender: (content: ReactElement | null) => view.rerender(withProviders(content)),
    location,
    queryClient,
  }
}

/** A fetch answering the wrapper `{ entity, error, clock }` with the given status (and extra headers). */
export function wrapperResponse(
  body: {
    entity?: unknown
    error?: { code: string; message: string; penalty?: unknown; usedAt?: unknown } | null
    clock?: { date: string } | null
  },
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ entity: null, error: null, clock: null, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/**
 * The account/self entity of a guest, or of a mini, premium or junior-high free premium member
 * (`a1`; the junior-high one to the last moment of 31 March 2028, a second-year pupil's last school day).
 */
export function accountStatus(membershipStatus: 'GUEST' | 'MINI' | 'PREMIUM' | 'JHS_PREMIUM') {
  return {
    account: membershipStatus === 'GUEST' ? null : { id: 'a1', official: false },
    membershipStatus,
    schoolPremiumUntil: membershipStatus === 'JHS_PREMIUM' ? '2028-03-31T23:59:59' : null,
    clock: null,
  }
}
