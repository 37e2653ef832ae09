import { describe, expect, it } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import type { OrderPanelHandle } from '../../../src/commands/order-panel.commands'
import type { OrdersListHandle } from '../../../src/commands/orders-list.commands'
import type { OrderDetail } from '../../../src/api/schemas/orders'
import type { OrderRow } from '../../../src/machines/orders-list.machine'
import type { OrdersUrlState } from '../../../src/views/orders/list/orders-url'
import { context, control, recorder } from './context'

const rows: OrderRow[] = [
  { id: 'p-aaaaaa', orderId: 'ORD-1', status: 'pending' },
  { id: 'c-bbbbbb', orderId: 'ORD-2', status: 'confirmed' },
  { id: 'i-cccccc', orderId: 'ORD-3', status: 'in_progress' },
  { id: 'd-dddddd', orderId: 'ORD-4', status: 'completed' },
  { id: 'x-eeeeee', orderId: 'ORD-5', status: 'cancelled' },
]
const url: OrdersUrlState = { search: 'asha', status: '', from: '', to: '', order: '', page: 1 }

function list(
  over: Partial<OrdersListHandle> = {},
  selection: string[] = [],
  focused?: string,
  panel?: Partial<OrderPanelHandle>,
) {
  const { actor, sent } = recorder<OrdersListHandle['actor']>()
  const exporter = recorder<OrdersListHandle['exporter']>()
  const panelActor = recorder<OrderPanelHandle['actor']>()
  const handle: OrdersListHandle = {
    actor,
    exporter: exporter.actor,
    rows,
    selected: selection,
    url,
    busy: false,
    exporting: false,
    hasReport: false,
    focusSearch: () => {},
    filtered: false,
    clearFilters: () => {},
    ...over,
  }
  const ctx = context('/orders', {
    ordersList: handle,
    selection,
    focused: focused ? { kind: 'order', id: focused } : undefined,
    orderPanel: panel
      ? { actor: panelActor.actor, order: undefined, busy: false, focusNote: () => {}, ...panel }
      : undefined,
  })
  return { ctx, sent, exportSent: exporter.sent, panelSent: panelActor.sent }
}
const row = (id: string) => ({ kind: 'order', id })
const MOVES = ['orders.confirm', 'orders.start', 'orders.complete', 'orders.cancel']
const offered = (ctx: ReturnType<typeof list>['ctx'], id: string) =>
  MOVES.filter((m) => control(m, ctx, row(id)).visible)

describe('orders list commands', () => {
  it('every id is orders.-prefixed and none shows off the list', () => {
    const ids = registry.all.map((c) => c.id).filter((id) => id.startsWith('orders.'))
    expect(ids.length).toBeGreaterThan(20)
    const elsewhere = context('/users')
    expect(ids.filter((id) => control(id, elsewhere).visible)).toEqual([])
  })

  it('j/k move, x toggles the focused order, shift+x selects a range, Enter opens it in the panel (?order=)', () => {
    const { ctx, sent } = list({}, [], rows[1].id)
    control('orders.focusNext', ctx).run()
    control('orders.focusPrev', ctx).run()
    expect(control('orders.toggleSelect', ctx).label).toBe('Select order #bbbbbb')
    control('orders.toggleSelect', ctx).run()
    control('orders.selectRange', ctx).run()
    control('orders.open', ctx).run()
    expect(sent).toEqual([
      { type: 'focus.next' },
      { type: 'focus.prev' },
      { type: 'row.toggle', id: rows[1].id },
      { type: 'row.toggleRange' },
    ])
    expect(ctx.navigate).toHaveBeenCalledWith(`/orders?search=asha&order=${rows[1].id}`)
  })

  it('without a focus, x, Enter and the moves say why they cannot run', () => {
    const { ctx } = list()
    expect(control('orders.toggleSelect', ctx).reason).toBe('Focus an order with J/K first')
    expect(control('orders.open', ctx).reason).toBe('Focus an order with J/K first')
    expect(control('orders.confirm', ctx).reason).toBe('Focus an order with J/K first')
  })

  it('row moves are offered only where legal (SPEC.md 4): Confirm pending, Start Work confirmed, Complete in progress, Cancel but completed/cancelled', () => {
    const { ctx } = list()
    expect(offered(ctx, rows[0].id)).toEqual(['orders.confirm', 'orders.cancel'])
    expect(offered(ctx, rows[1].id)).toEqual(['orders.start', 'orders.cancel'])
    expect(offered(ctx, rows[2].id)).toEqual(['orders.complete', 'orders.cancel'])
    expect(offered(ctx, rows[3].id)).toEqual([])
    expect(offered(ctx, rows[4].id)).toEqual([])
  })

  it("a row's move sends that order and action, labelled with its short id; busy disables it", () => {
    const { ctx, sent } = list({}, [rows[0].id])
    const start = control('orders.start', ctx, row(rows[1].id))
    expect(start.label).toBe('Start Work order #bbbbbb')
    start.run()
    control('orders.cancel', ctx, row(rows[2].id)).run()
    expect(sent).toEqual([
      { type: 'order.move', id: rows[1].id, action: 'start' },
      { type: 'order.move', id: rows[2].id, action: 'cancel' },
    ])
    expect(control('orders.complete', list({ busy: true }).ctx, row(rows[2].id)).reason).toBe('Updating orders…')
  })

  it("bulk commands count the selected orders that can make the move ('Confirm 12 orders'); empty selection is the machine's to refuse", () => {
    const many: OrderRow[] = Array.from({ length: 12 }, (_, i) => ({
      id: `id-${i}`,
      orderId: `O-${i}`,
      status: 'pending',
    }))
    const { ctx, sent } = list(
      { rows: many },
      many.map((r) => r.id),
    )
    expect(control('orders.bulkConfirm', ctx).label).toBe('Confirm 12 orders')
    expect(control('orders.bulkCancel', ctx).label).toBe('Cancel 12 orders')
    expect(control('orders.bulkCancel', list({}, [rows[0].id]).ctx).label).toBe('Cancel 1 order')
    control('orders.bulkCancel', ctx).run()
    expect(sent).toEqual([{ type: 'bulk.run', ids: many.map((r) => r.id), action: 'cancel' }])
    const none = list()
    expect(control('orders.bulkConfirm', none.ctx).label).toBe('Confirm')
    expect(control('orders.bulkConfirm', none.ctx).reason).toBeNull()
    control('orders.bulkConfirm', none.ctx).run()
    expect(none.sent).toEqual([{ type: 'bulk.run', ids: [], action: 'confirm' }])
  })

  it('three confirmed orders: Complete is disabled with the reason the server would give', () => {
    const confirmed: OrderRow[] = ['a', 'b', 'c'].map((id) => ({ id, orderId: `O-${id}`, status: 'confirmed' }))
    const { ctx, sent } = list(
      { rows: confirmed },
      confirmed.map((r) => r.id),
    )
    const complete = control('orders.bulkComplete', ctx)
    expect(complete.label).toBe('Complete')
    expect(complete.reason).toBe('Cannot move from confirmed to completed')
    expect(complete.run()).toEqual({ ran: false, reason: 'Cannot move from confirmed to completed' })
    expect(sent).toEqual([])
    expect(control('orders.bulkConfirm', ctx).reason).toBe('Already confirmed')
    expect(control('orders.bulkCancel', ctx).label).toBe('Cancel 3 orders')
  })

  it("a mix: 'Complete 1 of 3 orders' sends only the one that can; 'Cancel 3 of 5'; busy wins", () => {
    const mix = [rows[1].id, rows[2].id, rows[3].id]
    const { ctx, sent } = list({}, mix)
    expect(control('orders.bulkComplete', ctx).label).toBe('Complete 1 of 3 orders')
    expect(control('orders.bulkComplete', ctx).reason).toBeNull()
    control('orders.bulkComplete', ctx).run()
    expect(sent).toEqual([{ type: 'bulk.run', ids: [rows[2].id], action: 'complete' }])
    const all = rows.map((r) => r.id)
    expect(control('orders.bulkCancel', list({}, all).ctx).label).toBe('Cancel 3 of 5 orders')
    expect(control('orders.bulkConfirm', list({}, all).ctx).label).toBe('Confirm 1 of 5 orders')
    expect(control('orders.bulkConfirm', list({}, [rows[3].id, rows[4].id]).ctx).reason).toBe(
      '1 cannot move from completed to confirmed; 1 cannot move from cancelled to confirmed',
    )
    expect(control('orders.bulkComplete', list({ busy: true }, mix).ctx).reason).toBe('Updating orders…')
  })

  it('select all toggles every loaded order; clear selection shows only with one; the report dismisses', () => {
    const { ctx, sent } = list({}, [rows[0].id])
    expect(control('orders.selectAll', ctx).checked).toBe('indeterminate')
    control('orders.selectAll', ctx).run()
    expect(sent.at(-1)).toEqual({ type: 'selection.set', ids: rows.map((r) => r.id) })
    const all = list(
      { selected: rows.map((r) => r.id) },
      rows.map((r) => r.id),
    )
    control('orders.selectAll', all.ctx).run()
    expect(all.sent).toEqual([{ type: 'selection.set', ids: [] }])
    expect(control('orders.clearSelection', list().ctx).visible).toBe(false)
    control('orders.clearSelection', ctx).run()
    expect(control('orders.dismissReport', ctx).visible).toBe(false)
    const reported = list({ hasReport: true })
    control('orders.dismissReport', reported.ctx).run()
    expect(reported.sent).toEqual([{ type: 'report.dismiss' }])
  })

  it('Export CSV sends the current filters (not the open order) and is disabled while the link is fetched', () => {
    const { ctx, exportSent } = list({ url: { ...url, status: 'pending', order: 'x' } })
    control('orders.exportCsv', ctx).run()
    expect(exportSent).toEqual([
      {
        type: 'export.start',
        request: { resource: 'orders', filters: { search: 'asha', status: 'pending', from: '', to: '' } },
      },
    ])
    const busy = control('orders.exportCsv', list({ exporting: true }).ctx)
    expect(busy.label).toBe('Exporting…')
    expect(busy.reason).toBe('Preparing the export…')
  })

  it('status filters navigate with the status in the URL, keep the search; clear dates shows only with a range', () => {
    const { ctx } = list()
    expect(control('orders.filter.status.all', ctx).checked).toBe(true)
    expect(control('orders.filter.status.in_progress', ctx).label).toBe('In Progress')
    control('orders.filter.status.in_progress', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/orders?search=asha&status=in_progress')
    expect(control('orders.filter.clearDates', ctx).visible).toBe(false)
    const dated = list({ url: { ...url, from: '2026-11-01', to: '2026-11-20' } })
    control('orders.filter.clearDates', dated.ctx).run()
    expect(dated.ctx.navigate).toHaveBeenLastCalledWith('/orders?search=asha')
  })
})

describe('order panel commands', () => {
  const order = (status: OrderDetail['status']) => ({ _id: 'ord-aaa111', status }) as OrderDetail
  const panelMoves = ['orders.panel.confirm', 'orders.panel.start', 'orders.panel.complete', 'orders.panel.cancel']

  it('offer the legal moves of the open order only, and send them to the panel machine (with its note)', () => {
    const { ctx, panelSent } = list({}, [], undefined, { order: order('confirmed') })
    expect(panelMoves.filter((id) => control(id, ctx).visible)).toEqual(['orders.panel.start', 'orders.panel.cancel'])
    expect(control('orders.panel.start', ctx).label).toBe('Start Work #aaa111')
    control('orders.panel.start', ctx).run()
    control('orders.panel.cancel', ctx).run()
    expect(panelSent).toEqual([
      { type: 'order.move', action: 'start' },
      { type: 'order.move', action: 'cancel' },
    ])
    expect(
      panelMoves.filter((id) => control(id, list({}, [], undefined, { order: order('completed') }).ctx).visible),
    ).toEqual([])
    expect(
      control('orders.panel.complete', list({}, [], undefined, { order: order('in_progress'), busy: true }).ctx).reason,
    ).toBe('Updating the order…')
  })

  it("O opens the customer's user page when the order has one", () => {
    const withUser = {
      ...order('pending'),
      user: { _id: 'user-1', name: 'Asha', email: 'asha@example.in' },
    } as OrderDetail
    const { ctx } = list({}, [], undefined, { order: withUser })
    expect(control('orders.panel.openCustomer', ctx).visible).toBe(true)
    control('orders.panel.openCustomer', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/users/user-1')
    expect(registry.get('orders.panel.openCustomer')?.shortcut).toBe('o')
    const deleted = { ...order('pending'), user: null } as OrderDetail
    expect(control('orders.panel.openCustomer', list({}, [], undefined, { order: deleted }).ctx).visible).toBe(false)
  })

  it('N focuses the note while a move is left; Escape closes', () => {
    let focused = 0
    const { ctx } = list({}, [], undefined, {
      order: order('pending'),
      focusNote: () => {
        focused++
      },
    })
    control('orders.panel.note', ctx).run()
    expect(focused).toBe(1)
    expect(control('orders.panel.note', list({}, [], undefined, { order: order('cancelled') }).ctx).visible).toBe(false)
    expect(registry.get('orders.panel.note')?.shortcut).toBe('n')
    expect(registry.get('orders.panel.close')?.shortcut).toBe('escape')
  })

  it('mod+enter is the forward step, listed before the list commands; close drops ?order=', () => {
    const ids = registry.all.map((c) => c.id)
    expect(ids.indexOf('orders.panel.confirm')).toBeLessThan(ids.indexOf('orders.confirm'))
    expect(['confirm', 'start', 'complete'].map((a) => registry.get(`orders.panel.${a}`)?.shortcut)).toEqual([
      'mod+enter',
      'mod+enter',
      'mod+enter',
    ])
    const { ctx } = list({ url: { ...url, order: 'ord-aaa111' } }, [], undefined, { order: order('pending') })
    control('orders.panel.close', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/orders?search=asha')
    expect(control('orders.panel.close', list().ctx).visible).toBe(false)
  })
})
