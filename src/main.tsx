/** Entry: styles, react-query, tooltips, the auth actor, toasts, and the routes. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ApiError } from './api/client'
import { TooltipProvider } from './components/tooltip'
import { Toaster } from './components/toast'
import { AuthActor } from './views/layout/auth-context'
import { App } from './app'
import './styles/tokens.css'
import './styles/base.css'
import './styles/components.css'
import './styles/layout.css'
import './styles/views.css'
import './styles/projects.css'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not fix themselves; retry only network and server failures, once.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={400}>
        <AuthActor.Provider>
          <App />
          <Toaster />
        </AuthActor.Provider>
      </TooltipProvider>
    </QueryClientProvider>
  </StrictMode>,
)
