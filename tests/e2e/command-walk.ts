/**
 * The command walk's probe: every visible control that acts, in the page or under a scope, that
 * carries no `data-command` or an id the registry does not hold (see command-walk.test.ts).
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { registry } from '../../src/commands/app-registry'

export const REGISTERED = registry.all.map((c) => c.id)
export const CONTROLS =
  'button, [role="button"], a[role="button"], .link-button, [role="menuitem"], [role="checkbox"], input[type="checkbox"], [role="combobox"]'
export const EXEMPT =
  '[data-dialog="answer"] .dialog__footer button, [data-dialog="answer"] .dialog__close, [cmdk-item]'
/** The sections another change converts; walked on their own so the findings say whose they are. */
export const MEDIA_SECTIONS = ['section-files', 'section-images', 'section-report', 'section-repository']
export const MEDIA = MEDIA_SECTIONS.map((id) => `[data-testid="${id}"]`).join(', ')

export interface Finding {
  control: string
  command: string | null
  where: string
}

/** Every visible control in the page (within `scope`, minus `skip`) without a registered command id. */
export async function findings(page: Page, scope = 'body', skip = ''): Promise<Finding[]> {
  const found = await page.evaluate(
    ({ controls, exempt, scope, skip }) => {
      const seen = new Set<Element>()
      return [...document.querySelectorAll(scope)]
        .flatMap((root) => [...root.querySelectorAll(controls)])
        .filter((el) => {
          if (seen.has(el)) return false
          seen.add(el)
          const box = el.getBoundingClientRect()
          const style = getComputedStyle(el)
          return (
            box.width > 0 &&
            box.height > 0 &&
            style.visibility !== 'hidden' &&
            !el.closest('[aria-hidden="true"]') &&
            !el.matches(exempt) &&
            !(skip && el.closest(skip))
          )
        })
        .map((el) => ({
          control: `${el.tagName.toLowerCase()}[${el.getAttribute('role') ?? el.getAttribute('type') ?? ''}] "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
          command: el.getAttribute('data-command'),
          where: el.closest('[data-testid^="section-"]')?.getAttribute('data-testid') ?? location.pathname,
        }))
    },
    { controls: CONTROLS, exempt: EXEMPT, scope, skip },
  )
  return found.filter((f) => !f.command || !REGISTERED.includes(f.command))
}

/** Fails listing every control of the page (or `scope`) that is not a registered command. */
export async function expectAllCommands(page: Page, scope?: string, skip?: string) {
  const bad = await findings(page, scope, skip)
  expect(
    bad.map(
      (f) => `${f.where}: ${f.control} → ${f.command ?? 'no data-command'}${f.command ? ' (not registered)' : ''}`,
    ),
  ).toEqual([])
}
