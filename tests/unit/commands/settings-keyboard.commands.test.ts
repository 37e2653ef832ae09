/**
 * Settings → Keyboard commands: the tab opens from anywhere, the single-key switch
 * applies on its tab only, says what it will do, waits for the saved preference and for a save
 * under way, and sends the toggle to the keyboard actor; the hint bar's toggle.
 */
import { describe, expect, it, vi } from 'vitest'
import type { SettingsHandle } from '../../../src/commands/settings.commands'
import { context, control, recorder } from './context'

function settings(patch: Partial<SettingsHandle> = {}) {
  const keyboard = recorder<SettingsHandle['keyboard']>()
  const handle = {
    tab: 'keyboard',
    keyboard: keyboard.actor,
    singleKeys: true,
    preferencesLoaded: true,
    busy: false,
    rows: [],
  } as unknown as SettingsHandle
  return { handle: { ...handle, ...patch }, sent: keyboard.sent }
}

describe('settings keyboard commands', () => {
  it('the Keyboard tab opens /settings?tab=keyboard from anywhere', () => {
    const ctx = context('/projects')
    control('settings.tab.keyboard', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/settings?tab=keyboard')
  })
  it('the switch applies on the Keyboard tab, labelled by what it will do, and sends the toggle', () => {
    const { handle, sent } = settings()
    const on = control('settings.keyboard.singleKeys', context('/settings', { settings: handle }))
    expect([on.visible, on.label, on.checked, on.reason]).toEqual([true, 'Turn single-key shortcuts off', true, null])
    on.run()
    expect(sent).toEqual([{ type: 'singleKeys.toggle' }])
    const off = control(
      'settings.keyboard.singleKeys',
      context('/settings', { settings: { ...handle, singleKeys: false } }),
    )
    expect([off.label, off.checked]).toEqual(['Turn single-key shortcuts on', false])
    expect(
      control('settings.keyboard.singleKeys', context('/settings', { settings: { ...handle, tab: 'profile' } }))
        .visible,
    ).toBe(false)
  })
  it('disabled until the saved preference arrives, and while a change is under way', () => {
    const loading = settings({ preferencesLoaded: false })
    expect(control('settings.keyboard.singleKeys', context('/settings', { settings: loading.handle })).reason).toBe(
      'Loading your keyboard setting',
    )
    const busy = settings({ busy: true })
    expect(control('settings.keyboard.singleKeys', context('/settings', { settings: busy.handle })).reason).toBe(
      'Wait for the current change to finish',
    )
  })
  it('the hint bar toggle shows and hides it where the bar publishes itself', () => {
    const setVisible = vi.fn()
    const shown = control('app.toggleHints', context('/projects', { hints: { visible: true, setVisible } }))
    expect([shown.visible, shown.label, shown.checked]).toEqual([true, 'Hide key hints', true])
    shown.run()
    expect(setVisible).toHaveBeenCalledWith(false)
    expect(control('app.toggleHints', context('/projects', { hints: { visible: false, setVisible } })).label).toBe(
      'Show key hints',
    )
    expect(control('app.toggleHints', context('/login')).visible).toBe(false)
  })
})
