/**
 * The screen's keys: which commands the hint bar and the '?' sheet count as the
 * current screen's, one hint per key, the single-key preference, the sheet's order and search.
 */
import { describe, expect, it, vi } from 'vitest'
import { registry as appRegistry } from '../../../src/commands/app-registry'
import { createRegistry, type Command, type CommandContext } from '../../../src/commands/registry'
import {
  isScreenCommand,
  screenHints,
  sheetGroups,
  startsWithCharacter,
  THIS_SCREEN,
} from '../../../src/commands/screen-keys'
import type { PaymentsHandle } from '../../../src/commands/payments.commands'
import { context, recorder } from './context'

const onList = (ctx: CommandContext) => ctx.route === '/list'
const cmd = (id: string, group: string, extra: Partial<Command> = {}): Command => ({
  id,
  title: id,
  group,
  run: vi.fn(),
  ...extra,
})

const registry = createRegistry([
  cmd('app.palette', 'General', { shortcut: 'mod+k', when: () => true }),
  cmd('nav.list', 'Navigation', { shortcut: 'g l', when: (ctx) => ctx.route !== '/list' }),
  cmd('list.next', 'List', { shortcut: 'j', when: onList }),
  cmd('list.prev', 'List', { shortcut: 'k', when: onList }),
  cmd('list.toggle', 'List', { shortcut: 'x', when: onList, label: () => 'Select' }),
  cmd('list.open', 'List', { shortcut: 'enter', when: onList }),
  cmd('list.approve', 'List', {
    shortcut: 'a',
    when: onList,
    title: 'Approve',
    label: () => 'Approve 3 items',
    keywords: ['accept'],
  }),
  cmd('list.approveAgain', 'List', { shortcut: 'a', when: onList }),
  cmd('list.export', 'List', { when: onList }),
  cmd('list.save', 'List', {
    shortcut: 'mod+s',
    when: onList,
    label: () => 'Save every change of this screen to the server now',
  }),
  cmd('detail.edit', 'Detail', { shortcut: 'e', when: (ctx) => ctx.route === '/detail' }),
  cmd('detail.keyless', 'Detail', { when: (ctx) => ctx.route === '/detail' }),
  cmd('tab.anywhere', 'Settings'),
  // Applies everywhere but on its own screen: console-wide, never another screen's key.
  cmd('list.fromAnywhere', 'List', { when: (ctx) => ctx.route !== '/list' }),
  cmd('dialog.confirm', 'Dialog', { shortcut: 'mod+enter', when: (ctx) => !!ctx.view.selection?.includes('dialog') }),
])

describe('screen keys', () => {
  it('a screen command applies only somewhere, applies here, and is not console-wide', () => {
    const ctx = context('/list')
    const ids = registry.all.filter((c) => isScreenCommand(registry, c, ctx)).map((c) => c.id)
    expect(ids).toEqual([
      'list.next',
      'list.prev',
      'list.toggle',
      'list.open',
      'list.approve',
      'list.approveAgain',
      'list.export',
      'list.save',
    ])
  })
  it('hints: one per key (the first command holding it), with the label here when short (it counts), else the shorter of label and title', () => {
    expect(screenHints(registry, context('/list'))).toEqual([
      { id: 'list.next', shortcut: 'j', label: 'list.next' },
      { id: 'list.prev', shortcut: 'k', label: 'list.prev' },
      { id: 'list.toggle', shortcut: 'x', label: 'Select' },
      { id: 'list.open', shortcut: 'enter', label: 'list.open' },
      { id: 'list.approve', shortcut: 'a', label: 'Approve 3 items' },
      { id: 'list.save', shortcut: 'mod+s', label: 'list.save' },
    ])
    expect(screenHints(registry, context('/detail')).map((h) => h.id)).toEqual(['detail.edit'])
    expect(screenHints(registry, context('/elsewhere'))).toEqual([])
  })
  it('with single-key shortcuts off the hints keep only the keys that still act', () => {
    expect(screenHints(registry, context('/list'), false).map((h) => h.shortcut)).toEqual(['enter', 'mod+s'])
  })
  it('startsWithCharacter: a first stroke of a character without mod or alt', () => {
    expect(['j', '?', 'shift+x', 'g d', '1'].map(startsWithCharacter)).toEqual([true, true, true, true, true])
    expect(['mod+k', 'enter', 'escape', 'alt+a', 'ctrl+z', 'down'].map(startsWithCharacter)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })
  it("the '?' sheet lists this screen first, then the console-wide keys that apply here, by group", () => {
    const groups = sheetGroups(registry, context('/list'))
    expect(groups.map(([g]) => g)).toEqual([THIS_SCREEN, 'General'])
    expect(groups[0][1].map((c) => c.id)).toContain('list.export')
    // Another screen's keys, a closed dialog's keys and console-wide keyless commands are not listed.
    const ids = groups.flatMap(([, cs]) => cs.map((c) => c.id))
    expect(ids).not.toContain('detail.edit')
    expect(ids).not.toContain('dialog.confirm')
    expect(ids).not.toContain('tab.anywhere')
    // Off its screen the list's commands have no 'This screen' section, and a command that applies
    // everywhere but on the list is not the other screen's own.
    const elsewhere = sheetGroups(registry, context('/elsewhere'))
    expect(elsewhere.map(([g]) => g)).toEqual(['General', 'Navigation'])
    expect(isScreenCommand(registry, registry.get('list.fromAnywhere')!, context('/elsewhere'))).toBe(false)
    // An open dialog's keys are listed while it is open.
    const inDialog = sheetGroups(registry, context('/detail', { selection: ['dialog'] }))
    expect(inDialog[0]).toEqual([
      THIS_SCREEN,
      ['detail.edit', 'detail.keyless', 'dialog.confirm'].map((id) => registry.get(id)),
    ])
  })
  it("on the real registry the Payments sheet holds Payments' keys and no other screen's or closed dialog's", () => {
    const payments: PaymentsHandle = {
      list: recorder<PaymentsHandle['list']>().actor,
      exporter: recorder<PaymentsHandle['exporter']>().actor,
      rows: [],
      selected: [],
      url: { search: '', status: '', payment: '' },
      exporting: false,
      panelOrderId: null,
      focusSearch: vi.fn(),
      filtered: false,
      clearFilters: vi.fn(),
    }
    const ids = sheetGroups(appRegistry, context('/payments', { payments })).flatMap(([, cs]) => cs.map((c) => c.id))
    expect(ids).toContain('payments.export')
    expect(ids).toContain('nav.orders')
    expect(ids.filter((id) => /^(projects|auth|orders|users)\./.test(id))).toEqual([])
  })
  it("the '?' sheet's search matches titles, labels, keywords and keys, every word", () => {
    const ids = (q: string) => sheetGroups(registry, context('/list'), q).flatMap(([, cs]) => cs.map((c) => c.id))
    expect(ids('accept')).toEqual(['list.approve'])
    expect(ids('approve 3')).toEqual(['list.approve'])
    expect(ids('mod+s')).toEqual(['list.save'])
    expect(ids('nothing like this')).toEqual([])
  })
  it('on the real registry the dashboard has no screen keys of the console-wide groups', () => {
    const hints = screenHints(appRegistry, context('/'))
    expect(hints.filter((h) => ['General', 'Navigation'].includes(appRegistry.get(h.id)?.group ?? ''))).toEqual([])
    expect(sheetGroups(appRegistry, context('/')).some(([g]) => g === 'Navigation')).toBe(true)
  })
})
