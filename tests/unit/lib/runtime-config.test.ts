/** The login hint's admin e-mail comes from the meta tag the server injects (src/lib/runtime-config.ts). */
import { describe, expect, it } from 'vitest'
import { adminEmailFrom, DEFAULT_ADMIN_EMAIL } from '../../../src/lib/runtime-config'

describe('adminEmailFrom', () => {
  it('reads the injected e-mail, trimmed', () => {
    expect(adminEmailFrom('ops@shop.example')).toBe('ops@shop.example')
    expect(adminEmailFrom('  ops@shop.example\n')).toBe('ops@shop.example')
  })
  it('falls back to admin@example.com without a usable value (Vite dev server: no injection)', () => {
    expect(DEFAULT_ADMIN_EMAIL).toBe('admin@example.com')
    for (const content of [null, undefined, '', '   ', 'not an e-mail', '%ADMIN_EMAIL%']) {
      expect(adminEmailFrom(content)).toBe('admin@example.com')
    }
  })
})
