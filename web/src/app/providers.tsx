import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Router } from 'wouter'

interface AppProvidersProps {
  queryClient: QueryClient
  children: ReactNode
  /** For tests: a wouter location hook other than the browser's (e.g. `memoryLocation().hook`). */
  routerHook?: Parameters<typeof Router>[0]['hook']
}

export function AppProviders({ queryClient, children, routerHook }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={routerHook}>{children}</Router>
    </QueryClientProvider>
  )
}
