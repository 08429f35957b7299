import type { Plugin } from 'vite'

/**
 * For the prerender, which runs the app in Node for its markup only (vite.config.ts, and
 * prerender.test.tsx as the build does): the components' stylesheet imports become empty modules.
 * The stylesheets themselves are the bundle's, which vite.config.ts inlines into index.html.
 */
export function withoutStylesheets(): Plugin {
  const empty = '\0puribox:no-stylesheet'
  return {
    name: 'puribox:prerender-without-stylesheets',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith('.css') ? empty : undefined),
    load: (id) => (id === empty ? 'export {}' : undefined),
  }
}
