import { describe, expect, it } from 'vitest'
import type { AddUserHandle } from '../../../src/commands/add-user.commands'
import { registry } from '../../../src/commands/app-registry'
import type { UsersListHandle } from '../../../src/commands/users-list.commands'
import type { UserListFilters } from '../../../src/api/users'
import { EMPTY_DRAFT } from '../../../src/machines/add-user.form'
import type { UserRow } from '../../../src/machines/users-list.machine'
import { context, control, recorder } from './context'

const rows: UserRow[] = [
  { id: 'a', name: 'Asha', isActive: true },
  { id: 'b', name: 'Ravi', isActive: false },
  { id: 'c', name: 'Meera', isActive: true },
]
const filters: UserListFilters = { search: '', role: '', status: '', limit: 20, page: 1 }

function list(
  over: Partial<UsersListHandle> = {},
  selection: string[] = [],
  focused?: string,
  add: Partial<AddUserHandle> = {},
) {
  const { actor, sent } = recorder<UsersListHandle['actor']>()
  const addUser = recorder<AddUserHandle['actor']>()
  const handle: UsersListHandle = {
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
  const ctx = context('/users', {
    usersList: handle,
    selection,
    focused: focused ? { kind: 'user', id: focused } : undefined,
    addUser: { actor: addUser.actor, state: 'closed', draft: EMPTY_DRAFT, ...add },
  })
  return { ctx, sent, addSent: addUser.sent }
}
const row = (id: string) => ({ kind: 'user', id })

describe('users list commands', () => {
  it('every id is users.-prefixed and none shows off the list', () => {
    const ids = registry.all.map((c) => c.id).filter((id) => id.startsWith('users.'))
    expect(ids.length).toBeGreaterThan(25)
    const elsewhere = context('/projects')
    expect(ids.filter((id) => control(id, elsewhere).visible)).toEqual([])
  })
  it('j/k move, x toggles the focused user, shift+x selects a range, Enter opens it', () => {
    const { ctx, sent } = list({}, [], 'b')
    control('users.focusNext', ctx).run()
    control('users.focusPrev', ctx).run()
    expect(control('users.toggleSelect', ctx).label).toBe('Select Ravi')
    control('users.toggleSelect', ctx).run()
    control('users.selectRange', ctx).run()
    control('users.open', ctx).run()
    expect(sent).toEqual([
      { type: 'focus.next' },
      { type: 'focus.prev' },
      { type: 'row.toggle', id: 'b' },
      { type: 'row.toggleRange' },
    ])
    expect(ctx.navigate).toHaveBeenCalledWith('/users/b')
  })
  it('without a focus, x, shift+x and Enter say why they cannot run', () => {
    const { ctx } = list()
    expect(control('users.toggleSelect', ctx).reason).toBe('Focus a user with J/K first')
    expect(control('users.open', ctx).reason).toBe('Focus a user with J/K first')
    expect(control('users.toggleActive', ctx).reason).toBe('Focus a user with J/K or select some with X')
  })
  it("a row's View and Edit open that user (SPEC.md 2: both go to the user detail)", () => {
    const { ctx } = list({}, ['a'])
    control('users.view', ctx, row('c')).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/users/c')
    control('users.edit', ctx, row('b')).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/users/b')
    expect(control('users.view', ctx, row('c')).label).toBe('View')
  })
  it("a row's toggle acts on that row through the status call; its label follows the row", () => {
    const { ctx, sent } = list({}, ['b', 'c'])
    expect(control('users.toggleActive', ctx, row('a'))).toMatchObject({ label: 'Deactivate user', checked: true })
    expect(control('users.toggleActive', ctx, row('b'))).toMatchObject({ label: 'Activate user', checked: false })
    control('users.toggleActive', ctx, row('a')).run()
    expect(sent).toEqual([{ type: 'status.set', ids: ['a'], isActive: false }])
  })
  it('e on a selection of several goes through the bulk call: all active → deactivate, else activate the inactive ones', () => {
    const active = list({}, ['a', 'c'])
    expect(control('users.toggleActive', active.ctx).label).toBe('Deactivate 2 users')
    control('users.toggleActive', active.ctx).run()
    const mixed = list({}, ['a', 'b', 'c'])
    expect(control('users.toggleActive', mixed.ctx).label).toBe('Activate 1 user, 2 already active')
    control('users.toggleActive', mixed.ctx).run()
    expect([...active.sent, ...mixed.sent]).toEqual([
      { type: 'bulk.set', ids: ['a', 'c'], isActive: false },
      { type: 'bulk.set', ids: ['b'], isActive: true },
    ])
  })
  it("bulk Activate/Deactivate count the users they change ('Deactivate 2 users, 1 already inactive') and send only those, empty or not", () => {
    const three = list({}, ['a', 'b', 'c'])
    expect(control('users.bulkDeactivate', three.ctx).label).toBe('Deactivate 2 users, 1 already inactive')
    expect(control('users.bulkActivate', three.ctx).label).toBe('Activate 1 user, 2 already active')
    expect(control('users.bulkActivate', list({}, ['b']).ctx).label).toBe('Activate 1 user')
    control('users.bulkDeactivate', three.ctx).run()
    const none = list()
    expect(control('users.bulkActivate', none.ctx)).toMatchObject({ label: 'Activate', reason: null })
    control('users.bulkActivate', none.ctx).run()
    expect([...three.sent, ...none.sent]).toEqual([
      { type: 'bulk.set', ids: ['a', 'c'], isActive: false },
      { type: 'bulk.set', ids: [], isActive: true },
    ])
    const allActive = list({}, ['a', 'c'])
    expect(control('users.bulkActivate', allActive.ctx)).toMatchObject({ label: 'Activate', reason: 'Already active' })
  })
  it('the admin is never in their own deactivation: left out and named, or the reason when alone', () => {
    const made = list({}, ['a', 'c'])
    const { sent } = made
    // Signed in as Asha (user 'a').
    const ctx = { ...made.ctx, auth: { getSnapshot: () => ({ context: { admin: { _id: 'a' } } }) } as never }
    expect(control('users.bulkDeactivate', ctx).label).toBe('Deactivate 1 of 2 users')
    control('users.bulkDeactivate', ctx).run()
    expect(sent).toEqual([{ type: 'bulk.set', ids: ['c'], isActive: false }])
    const own = { ...ctx, view: { ...ctx.view, selection: ['a'] } }
    expect(control('users.bulkDeactivate', own).reason).toBe('You cannot deactivate your own account')
    expect(control('users.toggleActive', own).reason).toBe('You cannot deactivate your own account')
  })
  it('status actions wait while one is with the server', () => {
    const { ctx } = list({ busy: true }, ['a'])
    expect(control('users.bulkDeactivate', ctx).reason).toBe('Updating users…')
    expect(control('users.toggleActive', ctx).reason).toBe('Updating users…')
  })
  it('select all: unchecked, indeterminate, checked; toggles all or none; clear selection shows with one', () => {
    expect(control('users.selectAll', list().ctx).checked).toBe(false)
    expect(control('users.selectAll', list({}, ['a']).ctx).checked).toBe('indeterminate')
    const all = list({}, ['a', 'b', 'c'])
    expect(control('users.selectAll', all.ctx).checked).toBe(true)
    control('users.selectAll', all.ctx).run()
    control('users.clearSelection', all.ctx).run()
    const none = list()
    expect(control('users.clearSelection', none.ctx).visible).toBe(false)
    control('users.selectAll', none.ctx).run()
    expect([...all.sent, ...none.sent]).toEqual([
      { type: 'selection.set', ids: [] },
      { type: 'selection.set', ids: [] },
      { type: 'selection.set', ids: ['a', 'b', 'c'] },
    ])
    expect(control('users.selectAll', list({ rows: [] }).ctx).reason).toBe('No users on this page')
  })
  it('role, status and page size are options whose checked state is the URL, and navigate to page 1', () => {
    const { ctx } = list({ filters: { ...filters, search: '98765', role: 'agent', page: 3 } })
    expect(control('users.filter.role.agent', ctx).checked).toBe(true)
    expect(control('users.filter.role.all', ctx).checked).toBe(false)
    expect(control('users.filter.status.all', ctx).checked).toBe(true)
    control('users.filter.status.inactive', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/users?search=98765&role=agent&status=inactive')
    control('users.filter.role.all', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/users?search=98765')
    control('users.pageSize.50', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/users?search=98765&role=agent&limit=50')
  })
  it('Previous and Next page through the URL and stop at the ends; / focuses the search', () => {
    let focused = 0
    const first = list({ focusSearch: () => void focused++ })
    expect(control('users.prevPage', first.ctx).reason).toBe('This is the first page')
    control('users.nextPage', first.ctx).run()
    expect(first.ctx.navigate).toHaveBeenCalledWith('/users?page=2')
    control('users.search', first.ctx).run()
    expect(focused).toBe(1)
    const last = list({ filters: { ...filters, page: 3 } })
    expect(control('users.nextPage', last.ctx).reason).toBe('This is the last page')
    control('users.prevPage', last.ctx).run()
    expect(last.ctx.navigate).toHaveBeenCalledWith('/users?page=2')
  })
})

describe('Add User commands', () => {
  it('Add User opens the dialog, and is disabled while it is open', () => {
    const closed = list()
    control('users.add', closed.ctx).run()
    expect(closed.addSent).toEqual([{ type: 'dialog.open' }])
    expect(control('users.add', list({}, [], undefined, { state: 'editing' }).ctx).reason).toBe('Add User is open')
    expect(control('users.add', context('/users')).visible).toBe(false)
  })
  it('the form: role flags show the draft and toggle, Create submits, Cancel closes; all wait while sending', () => {
    const editing = list({}, [], undefined, { state: 'editing', draft: { ...EMPTY_DRAFT, isAgent: true } })
    expect(control('users.addUser.agent', editing.ctx).checked).toBe(true)
    expect(control('users.addUser.admin', editing.ctx).checked).toBe(false)
    control('users.addUser.admin', editing.ctx).run()
    control('users.addUser.submit', editing.ctx).run()
    control('users.addUser.cancel', editing.ctx).run()
    expect(editing.addSent).toEqual([
      { type: 'flag.toggle', flag: 'isAdmin' },
      { type: 'form.submit' },
      { type: 'dialog.close' },
    ])
    expect(control('users.addUser.open', editing.ctx).visible).toBe(false)
    const sending = list({}, [], undefined, { state: 'submitting' })
    expect(control('users.addUser.submit', sending.ctx).reason).toBe('Creating the user…')
    expect(control('users.addUser.agent', sending.ctx).reason).toBe('Creating the user…')
    expect(control('users.addUser.cancel', sending.ctx).visible).toBe(false)
  })
  it('after a creation: Open user, Add another and Close', () => {
    const done = list({}, [], undefined, { state: 'created' })
    expect(control('users.addUser.submit', done.ctx).visible).toBe(false)
    expect(control('users.addUser.cancel', done.ctx).label).toBe('Close')
    control('users.addUser.open', done.ctx).run()
    control('users.addUser.another', done.ctx).run()
    expect(done.addSent).toEqual([{ type: 'created.open' }, { type: 'created.another' }])
  })
})
