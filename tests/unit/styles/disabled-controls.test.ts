/** Disabled inputs look disabled in both themes: the .input:disabled rule and its tokens (src/styles). */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const styles = path.resolve(import.meta.dirname, '../../../src/styles')
const tokens = fs.readFileSync(path.join(styles, 'tokens.css'), 'utf8')
const components = fs.readFileSync(path.join(styles, 'components.css'), 'utf8')
const [light, dark] = tokens.split('@media (prefers-color-scheme: dark)')
const TOKENS = ['--control-disabled-bg', '--control-disabled-border', '--control-disabled-text']
const value = (css: string, token: string) => new RegExp(`${token}:\\s*([^;]+);`).exec(css)?.[1]

describe('disabled inputs', () => {
  it('have their own background, border and text in the light and the dark theme', () => {
    for (const token of TOKENS) {
      expect(value(light, token), `light ${token}`).toMatch(/^#/)
      expect(value(dark, token), `dark ${token}`).toMatch(/^#/)
      expect(value(dark, token)).not.toBe(value(light, token))
    }
    // Not the enabled look: another background than the input's surface, another text colour.
    expect(value(light, '--control-disabled-bg')).not.toBe(value(light, '--surface'))
    expect(value(dark, '--control-disabled-bg')).not.toBe(value(dark, '--surface'))
    expect(value(light, '--control-disabled-text')).not.toBe(value(light, '--text'))
  })
  it('.input:disabled uses them', () => {
    const rule = /\.input:disabled\s*\{([^}]*)\}/.exec(components)?.[1] ?? ''
    for (const token of TOKENS) expect(rule).toContain(`var(${token})`)
    expect(rule).toContain('cursor: not-allowed')
  })
})
