import { describe, expect, it } from 'vitest'
import { checkLoginMarkup, withPrerenderedRoot } from '../../../scripts/prerender-login'
import { ADMIN_EMAIL_SLOT } from '../../../src/api/schemas/runtime-config'
import { renderLogin } from '../../../src/login-prerender'

describe('the login prerender', () => {
  it('renders the e-mail step with its button and the admin e-mail slot, and passes its own check', async () => {
    const markup = await renderLogin()
    expect(markup).toContain('<h1 class="login__title">Admin Panel</h1>')
    expect(markup).toMatch(/<input[^>]+type="email"[^>]+data-testid="login-email"/)
    expect(markup).toMatch(/<button[^>]+data-command="auth.sendOtp"[^>]*>.*Send OTP<\/button>/)
    // Inert until hydrated: disabled, and as the form's submit button it keeps Enter from submitting natively.
    expect(markup).toMatch(/<button type="submit"[^>]+disabled=""[^>]+data-command="auth.sendOtp"/)
    expect(markup).toContain(`Admin login: <strong>${ADMIN_EMAIL_SLOT}</strong>`)
    expect(() => checkLoginMarkup(markup)).not.toThrow()
  })

  it('refuses markup React left to the client, or without the slot exactly once', () => {
    expect(() => checkLoginMarkup(`<!--$!--><template></template>${ADMIN_EMAIL_SLOT}<!--/$-->`)).toThrow(
      'fell back to client rendering',
    )
    expect(() => checkLoginMarkup('<p>no slot</p>')).toThrow('0 times')
    expect(() => checkLoginMarkup(`${ADMIN_EMAIL_SLOT}${ADMIN_EMAIL_SLOT}`)).toThrow('2 times')
  })

  it('puts the markup into the empty root, marked for hydration', () => {
    const html = '<body><div id="root"></div><script type="module" src="/a.js"></script></body>'
    expect(withPrerenderedRoot(html, '<main>$&</main>')).toBe(
      '<body><div id="root" data-prerendered><main>$&</main></div><script type="module" src="/a.js"></script></body>',
    )
    expect(() => withPrerenderedRoot('<body></body>', '<main></main>')).toThrow('no <div id="root"></div>')
  })
})
