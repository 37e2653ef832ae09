import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { registry, visibleCommands } from '../../../src/commands/app-registry'
import { createRegistry, type Command, type CommandContext } from '../../../src/commands/registry'
import { SCREENS } from '../../../src/commands/navigation.commands'
import { authMachine } from '../../../src/machines/auth.machine'
import { toKeybinding } from '../../../src/commands/keys'

function context(route = '/', overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    route,
    navigate: vi.fn(),
    auth: createActor(authMachine),
    ui: { openPalette: vi.fn(), openShortcuts: vi.fn(), openTab: vi.fn() },
    view: {},
    ...overrides,
  }
}

describe('the app registry', () => {
  it('has unique ids and valid shortcuts', () => {
    const ids = registry.all.map((c) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const c of registry.all) if (c.shortcut) expect(() => toKeybinding(c.shortcut!)).not.toThrow()
  })
  it('has a go-to command with its g-key for each screen of the sidebar', () => {
    const keys = SCREENS.map((s) => [registry.get(`nav.${s.id}`)?.shortcut, s.path])
    expect(keys).toEqual([
      ['g d', '/'],
      ['g p', '/projects'],
      ['g u', '/users'],
      ['g o', '/orders'],
      ['g c', '/contacts'],
      ['g y', '/payments'],
      ['g m', '/commission'],
      ['g a', '/analytics'],
      ['g s', '/settings'],
      ['g l', '/audit'],
    ])
  })
  it('navigation runs navigate, and is hidden on its own screen', () => {
    const ctx = context('/projects')
    const goUsers = registry.get('nav.users')!
    expect(registry.run(goUsers, ctx)).toEqual({ ran: true })
    expect(ctx.navigate).toHaveBeenCalledWith('/users')
    expect(registry.run(registry.get('nav.projects')!, ctx).ran).toBe(false)
    expect(visibleCommands(ctx).some((c) => c.id === 'nav.projects')).toBe(false)
    expect(visibleCommands(context('/projects/123')).some((c) => c.id === 'nav.projects')).toBe(true)
  })
  it('palette and shortcut commands open their surfaces, and are absent where there are none (login)', () => {
    const ui = { openPalette: vi.fn(), openShortcuts: vi.fn(), openTab: vi.fn() }
    const ctx = context('/', { ui })
    registry.run(registry.get('app.palette')!, ctx)
    registry.run(registry.get('app.shortcuts')!, ctx)
    expect(ui.openPalette).toHaveBeenCalledOnce()
    expect(ui.openShortcuts).toHaveBeenCalledOnce()
    const login = context('/login', { ui: undefined })
    expect(visibleCommands(login).some((c) => c.id.startsWith('app.'))).toBe(false)
  })
  it('uses one id prefix per domain (decision 003)', () => {
    const prefixes = [
      'nav.',
      'app.',
      'auth.',
      'projects.',
      'users.',
      'orders.',
      'payments.',
      'contacts.',
      'commission.',
      'analytics.',
      'settings.',
      'audit.',
    ]
    expect(registry.all.filter((c) => !prefixes.some((p) => c.id.startsWith(p))).map((c) => c.id)).toEqual([])
  })
  it('Sign out is only visible when signed in', () => {
    const ctx = context()
    expect(visibleCommands(ctx).some((c) => c.id === 'auth.signOut')).toBe(false)
    const out = registry.run(registry.get('auth.signOut')!, ctx)
    expect(out.ran).toBe(false)
  })
})

describe('createRegistry', () => {
  const base: Command = { id: 'x.one', title: 'One', group: 'X', run: vi.fn() }
  it('rejects duplicate ids', () => {
    expect(() => createRegistry([base, { ...base, title: 'Again' }])).toThrow('Duplicate command id: x.one')
  })
  it('filters by when() and reports disabledReason', () => {
    const hidden: Command = { id: 'x.hidden', title: 'Hidden', group: 'X', when: (c) => c.route === '/x', run: vi.fn() }
    const needsSelection: Command = {
      id: 'x.bulk',
      title: 'Bulk',
      group: 'X',
      disabledReason: (c) => (c.view.selection?.length ? null : 'Select rows first'),
      run: vi.fn(),
    }
    const reg = createRegistry([base, hidden, needsSelection])
    expect(reg.visible(context('/')).map((c) => c.id)).toEqual(['x.one', 'x.bulk'])
    expect(reg.visible(context('/x')).map((c) => c.id)).toEqual(['x.one', 'x.hidden', 'x.bulk'])
    expect(reg.run(hidden, context('/'))).toEqual({ ran: false, reason: 'Hidden is not available here' })
    expect(reg.run(needsSelection, context('/'))).toEqual({ ran: false, reason: 'Select rows first' })
    expect(needsSelection.run).not.toHaveBeenCalled()
    expect(reg.run(needsSelection, context('/', { view: { selection: ['a'] } }))).toEqual({ ran: true })
    expect(needsSelection.run).toHaveBeenCalledOnce()
  })
})
