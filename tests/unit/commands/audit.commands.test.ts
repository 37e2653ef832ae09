import { describe, expect, it, vi } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import {
  AUDIT_ACTION,
  AUDIT_ACTOR,
  AUDIT_ENTITY_TYPE,
  AUDIT_ENTRY,
  type AuditHandle,
  type AuditTrailHandle,
} from '../../../src/commands/audit.commands'
import { parseAuditSearch } from '../../../src/views/audit/audit-url'
import { context, control, recorder } from './context'

const rows = [
  { id: '10', entityType: 'project', entityId: 'p1', actorId: 'a1', href: '/projects/p1', label: 'Weather Station' },
  { id: '9', entityType: 'email', entityId: 'hmac', actorId: null, href: null, label: 'email hmac' },
]
const actors = [{ id: 'a1', name: 'Asha', email: 'asha@example.com' }]

function screen(search = '', focused?: string) {
  const list = recorder<AuditHandle['list']>()
  const handle: AuditHandle = {
    list: list.actor,
    rows,
    url: parseAuditSearch(search),
    actors,
    focusSearch: vi.fn(),
    filtered: !!search,
    clearFilters: vi.fn(),
  }
  const ctx = context('/audit', { audit: handle, focused: focused ? { kind: AUDIT_ENTRY, id: focused } : undefined })
  return { ctx, list: list.sent, handle }
}

describe('audit commands', () => {
  it('are audit.-prefixed, g l goes to the screen, and none of the screen commands shows elsewhere', () => {
    expect(registry.get('nav.audit')?.shortcut).toBe('g l')
    const ids = registry.all.map((c) => c.id).filter((id) => id.startsWith('audit.'))
    expect(ids.length).toBeGreaterThan(10)
    expect(ids.filter((id) => control(id, context('/projects')).visible)).toEqual([])
  })

  it('j/k move the focus; Enter opens the focused entry and Escape closes it', () => {
    const { ctx, list } = screen('?action=project.', '10')
    control('audit.focusNext', ctx).run()
    control('audit.focusPrev', ctx).run()
    expect(list).toEqual([{ type: 'focus.next' }, { type: 'focus.prev' }])
    expect(registry.get('audit.open')?.shortcut).toBe('enter')
    control('audit.open', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/audit?action=project.&entry=10')
    expect(control('audit.closeDetails', ctx).visible).toBe(false)
    const open = screen('?action=project.&entry=10', '10')
    control('audit.closeDetails', open.ctx).run()
    expect(open.ctx.navigate).toHaveBeenLastCalledWith('/audit?action=project.')
    expect(control('audit.open', screen().ctx).reason).toBe('Focus an entry with J/K first')
  })

  it("o opens the entry's record (a row link runs it with its row as target); a record without a page says why", () => {
    const { ctx } = screen('', '9')
    expect(control('audit.openRecord', ctx).reason).toBe('This record has no page')
    const link = control('audit.openRecord', ctx, { kind: AUDIT_ENTRY, id: '10' })
    expect(link.label).toBe('Weather Station')
    link.run()
    expect(ctx.navigate).toHaveBeenCalledWith('/projects/p1')
  })

  it("f narrows to the focused record's history, and the admin filter to its admin", () => {
    const { ctx } = screen('?search=x&entry=10', '10')
    control('audit.filter.record', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/audit?search=x&entityType=project&entityId=p1')
    control('audit.filter.focusedAdmin', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/audit?search=x&actorId=a1')
    expect(control('audit.filter.focusedAdmin', screen('', '9').ctx).reason).toBe('No admin made this change')
  })

  it('the filter menus: options with a target are checked by the URL and put their value in it', () => {
    const { ctx } = screen('?entityType=project&entityId=p1&actorId=00000000-0000-4000-8000-000000000001')
    const entity = control('audit.filter.entity', ctx, { kind: AUDIT_ENTITY_TYPE, id: 'users' })
    expect(entity.label).toBe('users')
    entity.run()
    expect(ctx.navigate).toHaveBeenLastCalledWith(
      '/audit?entityType=users&actorId=00000000-0000-4000-8000-000000000001',
    )
    expect(control('audit.filter.admin', ctx, { kind: AUDIT_ACTOR, id: 'a1' }).label).toBe('Asha')
    const family = control('audit.filter.action', ctx, { kind: AUDIT_ACTION, id: 'project.' })
    expect(family.label).toBe('project.*')
    family.run()
    expect(ctx.navigate).toHaveBeenLastCalledWith(expect.stringContaining('action=project.'))
    // Without a target the option commands are not palette entries.
    expect(control('audit.filter.action', ctx).visible).toBe(false)
    expect(control('audit.filter.entity.user', screen('?entityType=user,users').ctx).checked).toBe(true)
    control('audit.filter.entity.user', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith(
      '/audit?entityType=user%2Cusers&actorId=00000000-0000-4000-8000-000000000001',
    )
  })

  it('clear dates and clear filters show only when there is something to clear', () => {
    expect(control('audit.filter.clearDates', screen().ctx).visible).toBe(false)
    expect(control('audit.clearFilters', screen().ctx).visible).toBe(false)
    const { ctx } = screen('?from=2026-03-01&search=x')
    control('audit.filter.clearDates', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/audit?search=x')
    control('audit.clearFilters', ctx).run()
    expect(ctx.view.audit?.clearFilters).toHaveBeenCalled()
  })

  it("the trail's toggle, load more and open-in-log act on what the trail publishes", () => {
    const trail: AuditTrailHandle = {
      expanded: ['5'],
      toggle: vi.fn(),
      canLoadMore: true,
      loadMore: vi.fn(),
      auditHref: '/audit?entityType=project&entityId=p1',
    }
    const ctx = context('/projects/p1', { auditTrail: trail })
    expect(control('audit.trail.toggle', ctx, { kind: AUDIT_ENTRY, id: '5' }).label).toBe('Hide changes')
    const other = control('audit.trail.toggle', ctx, { kind: AUDIT_ENTRY, id: '6' })
    expect(other.label).toBe('Show changes')
    other.run()
    expect(trail.toggle).toHaveBeenCalledWith('6')
    control('audit.trail.more', ctx).run()
    expect(trail.loadMore).toHaveBeenCalledOnce()
    control('audit.trail.openLog', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/audit?entityType=project&entityId=p1')
    expect(
      control('audit.trail.more', context('/projects/p1', { auditTrail: { ...trail, canLoadMore: false } })).visible,
    ).toBe(false)
  })
})
