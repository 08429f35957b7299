// First: zod must not try eval under the Content-Security-Policy (decision 0022).
import '../shell/zod-without-eval'
// Then the shared base styles, so that the console's own rules come after them.
import '../styles/global.css'
import { createRoot } from 'react-dom/client'
import { ConsoleRoot } from './console'
import { createConsoleQueryClient } from './console-query-client'

const root = document.getElementById('console')
if (!root) throw new Error('admin.html has no #console')

createRoot(root).render(<ConsoleRoot queryClient={createConsoleQueryClient()} />)
