/**
 * The floor of the web benchmark: the least a Vite + React page can be. It renders an e-mail
 * field, the element the login measurement waits for, so both pages are timed to the same thing.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Hello</h1>
      <label>
        Email <input type="email" />
      </label>
    </main>
  </StrictMode>,
)
