import type { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { App } from './app'
import { AppProviders } from './providers'

interface AppRootProps {
  queryClient: QueryClient
  nativeApp: boolean
  /** Set when rendering outside a browser: the URL to render (see shell/prerender.tsx). */
  ssrPath?: string
}

/**
 * Everything main.tsx renders. The prerendered shells are rendered from this same tree, so that the
 * browser can hydrate them.
 */
export function AppRoot({ queryClient, nativeApp, ssrPath }: AppRootProps) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} ssrPath={ssrPath}>
        <App nativeApp={nativeApp} />
      </AppProviders>
    </StrictMode>
  )
}
