import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { isNativeApp } from './app/native-app'
import { AppProviders } from './app/providers'
import { createQueryClient } from './app/query-client'
import './styles/global.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <App nativeApp={isNativeApp()} />
    </AppProviders>
  </StrictMode>,
)
