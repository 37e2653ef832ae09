import { describe, expect, it } from 'vitest'
import type { ContactListFilters } from '../../../src/api/contacts'
import { registry } from '../../../src/commands/app-registry'
import type { ContactsListHandle } from '../../../src/commands/contacts-list.commands'
import type { ContactRow } from '../../../src/machines/contacts-list.machine'
import { context, control, recorder } from './context'

const rows: ContactRow[] = [
  { id: 'a', name: 'Asha', status: 'new' },
  { id: 'b', name: 'Ravi', status: 'read' },
  { id: 'c', name: 'Meera', status: 'archived' },
]
const filters: ContactListFilters = { search: '', status: '', limit: 20, page: 1 }

function list(over: Partial<ContactsListHandle> = {}, selection: string[] = [], focused?: string) {
  const { actor, sent } = recorder<ContactsListHandle['actor']>()
  const handle: ContactsListHandle = {
    actor,
    rows,
    selected: selection,
    filters,
    totalPages: 3,
    busy: false,
    focusSearch: () => {},
    filtered: false,
    clearFilters: () => {},
    ...over,
  }
  const ctx = context('/contacts', {
    contactsList: handle,
    selection,
    focused: focused ? { kind: 'contact', id: focused } : undefined,
  })
  return { ctx, sent }
}
const row = (id: string) => ({ kind: 'contact', id })

describe('contacts list commands', () => {
  it('every id is contacts.-prefixed and none shows off the list', () => {
    const ids = registry.all
      .map((c) => c.id)
      .filter((id) => id.startsWith('contacts.') && !id.startsWith('contacts.detail.'))
    expect(ids.length).toBeGreaterThan(25)
    const elsewhere = context('/contacts/a')
    expect(ids.filter((id) => control(id, elsewhere).visible)).toEqual([])
  })

  it('the keys of SPEC.md 2 and the brief: j/k, x, shift+x, Enter, i, y, e, shift+u, shift+i, shift+y, shift+e, /, [ and ]', () => {
    // The list's own commands (the detail screen's are 'contacts.detail.*', another file).
    const keys = Object.fromEntries(
      registry.all
        .filter((c) => c.id.startsWith('contacts.') && !c.id.startsWith('contacts.detail.') && c.shortcut)
        .map((c) => [c.id, c.shortcut]),
    )
    expect(keys).toEqual({
      'contacts.focusNext': 'j',
      'contacts.focusPrev': 'k',
      'contacts.toggleSelect': 'x',
      'contacts.selectRange': 'shift+x',
      'contacts.open': 'enter',
      'contacts.markRead': 'i',
      'contacts.markReplied': 'y',
      'contacts.archive': 'e',
      'contacts.markUnread': 'shift+u',
      'contacts.bulkMarkRead': 'shift+i',
      'contacts.bulkMarkReplied': 'shift+y',
      'contacts.bulkArchive': 'shift+e',
      'contacts.prevPage': '[',
      'contacts.nextPage': ']',
      'contacts.search': '/',
      'contacts.clearFilters': 'shift+escape',
    })
  })

  it('j/k move, x toggles the focused contact, shift+x selects a range, Enter opens it', () => {
    const { ctx, sent } = list({}, [], 'b')
    control('contacts.focusNext', ctx).run()
    control('contacts.focusPrev', ctx).run()
    expect(control('contacts.toggleSelect', ctx).label).toBe('Select Ravi')
    control('contacts.toggleSelect', ctx).run()
    control('contacts.selectRange', ctx).run()
    control('contacts.open', ctx).run()
    expect(sent).toEqual([
      { type: 'focus.next' },
      { type: 'focus.prev' },
      { type: 'row.toggle', id: 'b' },
      { type: 'row.toggleRange' },
    ])
    expect(ctx.navigate).toHaveBeenCalledWith('/contacts/b')
  })

  it('without a focus, x, Enter and the row actions say why they cannot run', () => {
    const { ctx } = list()
    for (const id of [
      'contacts.toggleSelect',
      'contacts.open',
      'contacts.markRead',
      'contacts.archive',
      'contacts.markUnread',
    ]) {
      expect(control(id, ctx).reason).toBe('Focus a contact with J/K first')
    }
  })

  it('i / y / e / shift+u act on the focused contact only (never the selection), and are disabled in their own status', () => {
    const { ctx, sent } = list({}, ['b', 'c'], 'a')
    control('contacts.markRead', ctx).run()
    control('contacts.markReplied', ctx).run()
    control('contacts.archive', ctx).run()
    expect(control('contacts.markUnread', ctx).reason).toBe('Already unread')
    expect(sent).toEqual([
      { type: 'status.set', id: 'a', action: 'mark_read' },
      { type: 'status.set', id: 'a', action: 'mark_replied' },
      { type: 'status.set', id: 'a', action: 'archive' },
    ])
    expect(control('contacts.markRead', list({}, [], 'b').ctx).reason).toBe('Already read')
    expect(control('contacts.archive', list({}, [], 'c').ctx).reason).toBe('Already archived')
  })

  it("a row's own controls act on that row: Mark as read, Archive, View", () => {
    const { ctx, sent } = list({}, ['a'], 'a')
    expect(control('contacts.markRead', ctx, row('a')).reason).toBeNull()
    control('contacts.archive', ctx, row('b')).run()
    expect(control('contacts.markRead', ctx, row('b')).reason).toBe('Already read')
    expect(control('contacts.archive', ctx, row('b')).label).toBe('Archive')
    control('contacts.view', ctx, row('c')).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/contacts/c')
    expect(control('contacts.view', ctx, row('c')).label).toBe('View')
    expect(sent).toEqual([{ type: 'status.set', id: 'b', action: 'archive' }])
  })

  it("bulk actions count the contacts they change ('Mark 1 contact as read, 1 already read') and send only those, empty or not", () => {
    const two = list({}, ['a', 'b'])
    expect(control('contacts.bulkArchive', two.ctx).label).toBe('Archive 2 contacts')
    expect(control('contacts.bulkMarkRead', two.ctx).label).toBe('Mark 1 contact as read, 1 already read')
    expect(control('contacts.bulkMarkReplied', list({}, ['c']).ctx).label).toBe('Mark 1 contact as replied')
    expect(control('contacts.bulkMarkUnread', two.ctx).label).toBe('Mark 1 contact as unread, 1 already unread')
    control('contacts.bulkArchive', two.ctx).run()
    control('contacts.bulkMarkUnread', two.ctx).run()
    const none = list()
    expect(control('contacts.bulkArchive', none.ctx)).toMatchObject({ label: 'Archive', reason: null })
    control('contacts.bulkMarkRead', none.ctx).run()
    expect([...two.sent, ...none.sent]).toEqual([
      { type: 'bulk.run', ids: ['a', 'b'], action: 'archive' },
      { type: 'bulk.run', ids: ['b'], action: 'mark_unread' },
      { type: 'bulk.run', ids: [], action: 'mark_read' },
    ])
  })

  it('a selection all in the status: the bulk action is disabled with the reason and sends nothing', () => {
    const { ctx, sent } = list({}, ['c'])
    const archive = control('contacts.bulkArchive', ctx)
    expect(archive).toMatchObject({ label: 'Archive', reason: 'Already archived' })
    archive.run()
    expect(sent).toEqual([])
  })

  it('status actions wait while one is with the server', () => {
    const { ctx } = list({ busy: true }, ['a'], 'b')
    expect(control('contacts.bulkArchive', ctx).reason).toBe('Updating contacts…')
    expect(control('contacts.archive', ctx).reason).toBe('Updating contacts…')
  })

  it('select all: unchecked, indeterminate, checked; toggles all or none; clear selection shows with one', () => {
    expect(control('contacts.selectAll', list().ctx).checked).toBe(false)
    expect(control('contacts.selectAll', list({}, ['a']).ctx).checked).toBe('indeterminate')
    const all = list({}, ['a', 'b', 'c'])
    expect(control('contacts.selectAll', all.ctx).checked).toBe(true)
    control('contacts.selectAll', all.ctx).run()
    control('contacts.clearSelection', all.ctx).run()
    const none = list()
    expect(control('contacts.clearSelection', none.ctx).visible).toBe(false)
    control('contacts.selectAll', none.ctx).run()
    expect([...all.sent, ...none.sent]).toEqual([
      { type: 'selection.set', ids: [] },
      { type: 'selection.set', ids: [] },
      { type: 'selection.set', ids: ['a', 'b', 'c'] },
    ])
    expect(control('contacts.selectAll', list({ rows: [] }).ctx).reason).toBe('No contacts on this page')
  })

  it('status and page size are options whose checked state is the URL, and navigate to page 1', () => {
    const { ctx } = list({ filters: { ...filters, search: 'refund', status: 'new', page: 3 } })
    expect(control('contacts.filter.status.new', ctx)).toMatchObject({ checked: true, label: 'Unread' })
    expect(control('contacts.filter.status.all', ctx)).toMatchObject({ checked: false, label: 'All Status' })
    expect(['read', 'replied', 'archived'].map((s) => control(`contacts.filter.status.${s}`, ctx).label)).toEqual([
      'Read',
      'Replied',
      'Archived',
    ])
    control('contacts.filter.status.archived', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/contacts?search=refund&status=archived')
    control('contacts.filter.status.all', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/contacts?search=refund')
    expect(control('contacts.pageSize.20', ctx).checked).toBe(true)
    control('contacts.pageSize.100', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/contacts?search=refund&status=new&limit=100')
  })

  it('Previous and Next page through the URL and stop at the ends; / focuses the search', () => {
    let focused = 0
    const first = list({ focusSearch: () => void focused++ })
    expect(control('contacts.prevPage', first.ctx).reason).toBe('This is the first page')
    control('contacts.nextPage', first.ctx).run()
    expect(first.ctx.navigate).toHaveBeenCalledWith('/contacts?page=2')
    control('contacts.search', first.ctx).run()
    expect(focused).toBe(1)
    const last = list({ filters: { ...filters, page: 3 } })
    expect(control('contacts.nextPage', last.ctx).reason).toBe('This is the last page')
    control('contacts.prevPage', last.ctx).run()
    expect(last.ctx.navigate).toHaveBeenCalledWith('/contacts?page=2')
  })
})
