// First: zod must not try eval under the Content-Security-Policy (decision 0022).
import './shell/zod-without-eval'
// Then the base styles, so that the rules of the components and features below come after them.
import './styles/global.css'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createQueryClient } from './app/query-client'
import { AppRoot } from './app/root'
import { isNativeApp } from './lib/native-app'
import { hasPrerenderedShell } from './shell/early'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

const app = <AppRoot queryClient={createQueryClient()} nativeApp={isNativeApp()} />
if (hasPrerenderedShell(root)) {
  // The boot script of index.html has put this page's first screen in #root: it is already seen,
  // so hydrate it in a transition, in small slices that leave the page responsive meanwhile.
  startTransition(() => {
    hydrateRoot(root, app)
  })
} else {
  createRoot(root).render(app)
}
