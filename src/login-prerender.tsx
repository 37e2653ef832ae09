/**
 * Build-time render of the login route (scripts/prerender-login.ts): the markup of the e-mail
 * step with `ADMIN_EMAIL_SLOT` in the hint, which the server replaces with its escaped
 * ADMIN_EMAIL. The tree is src/root.tsx's, as the entry hydrates it. Never part of the client bundle.
 */
import { prerender } from 'react-dom/static'
import { ADMIN_EMAIL_SLOT } from './api/schemas/runtime-config'
import { Root } from './root'
import { LoginView } from './routes'

/** The HTML of `<div id="root">`'s content on /login before any script has run; rejects on a render error. */
export async function renderLogin(): Promise<string> {
  await LoginView.preload()
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <Root preloaded={Promise.resolve()} ready adminEmail={ADMIN_EMAIL_SLOT} ssrPath="/login" />,
    { onError: (error) => void errors.push(error) },
  )
  const html = await new Response(prelude).text()
  if (errors.length > 0) throw new Error(`the login route did not render: ${String(errors[0])}`)
  return html
}
