import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Router } from 'wouter'

interface AppProvidersProps {
  queryClient: QueryClient
  children: ReactNode
  /** For tests: a wouter location hook other than the browser's (e.g. `memoryLocation().hook`). */
  routerHook?: Parameters<typeof Router>[0]['hook']
  /** For rendering outside a browser (the prerendered shells): the URL to render, search included. */
  ssrPath?: string
}

export function AppProviders({ queryClient, children, routerHook, ssrPath }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={routerHook} ssrPath={ssrPath}>
        {children}
      </Router>
    </QueryClientProvider>
  )
}
