import { describe, expect, it } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import type { PaymentsHandle } from '../../../src/commands/payments.commands'
import type { PaymentsUrlState } from '../../../src/views/payments/list/payments-url'
import { context, control, recorder } from './context'

const rows = [
  { id: 'p1', paymentId: 'pay_A' },
  { id: 'p2', paymentId: 'pay_B' },
  { id: 'p3', paymentId: 'pay_C' },
]
const blank: PaymentsUrlState = { search: '', status: '', payment: '' }

function screen(over: Partial<PaymentsHandle> = {}, selection: string[] = [], focused?: string) {
  const list = recorder<PaymentsHandle['list']>()
  const exporter = recorder<PaymentsHandle['exporter']>()
  const handle: PaymentsHandle = {
    list: list.actor,
    exporter: exporter.actor,
    rows,
    selected: selection,
    url: blank,
    exporting: false,
    panelOrderId: null,
    focusSearch: () => {},
    filtered: false,
    clearFilters: () => {},
    ...over,
  }
  const ctx = context('/payments', {
    payments: handle,
    selection,
    focused: focused ? { kind: 'payment', id: focused } : undefined,
  })
  return { ctx, sent: list.sent, exported: exporter.sent }
}
const row = (id: string) => ({ kind: 'payment', id })

describe('payments commands', () => {
  it('every id is payments.-prefixed, each has a title, and none shows off the screen', () => {
    const ids = registry.all.map((c) => c.id).filter((id) => id.startsWith('payments.'))
    expect(ids).toEqual(
      expect.arrayContaining([
        'payments.focusNext',
        'payments.open',
        'payments.export',
        'payments.filter.status.failed',
      ]),
    )
    expect(ids.filter((id) => control(id, context('/users')).visible)).toEqual([])
  })

  it('j/k move, x toggles the focused payment (named by its paymentId), shift+x a range, Enter opens its panel in the URL', () => {
    const { ctx, sent } = screen({ url: { ...blank, search: 'upi' } }, [], 'p2')
    control('payments.focusNext', ctx).run()
    control('payments.focusPrev', ctx).run()
    expect(control('payments.toggleSelect', ctx).label).toBe('Select pay_B')
    control('payments.toggleSelect', ctx).run()
    control('payments.selectRange', ctx).run()
    control('payments.open', ctx).run()
    expect(sent).toEqual([
      { type: 'focus.next' },
      { type: 'focus.prev' },
      { type: 'row.toggle', id: 'p2' },
      { type: 'row.toggleRange' },
    ])
    expect(ctx.navigate).toHaveBeenCalledWith('/payments?search=upi&payment=p2')
  })

  it('without a focus, x, shift+x and Enter say why they cannot run', () => {
    const { ctx } = screen()
    for (const id of ['payments.toggleSelect', 'payments.selectRange', 'payments.open']) {
      expect(control(id, ctx).reason).toBe('Focus a payment with J/K first')
    }
  })

  it("a row's View details opens that row's panel, not the focused one", () => {
    const { ctx } = screen({}, ['p1'], 'p1')
    const view = control('payments.view', ctx, row('p3'))
    expect(view.label).toBe('View details')
    view.run()
    expect(ctx.navigate).toHaveBeenCalledWith('/payments?payment=p3')
  })

  it('select all: checked, partial or none; toggles every loaded row; clear selection shows with one', () => {
    const none = screen()
    expect(control('payments.selectAll', none.ctx).checked).toBe(false)
    expect(control('payments.clearSelection', none.ctx).visible).toBe(false)
    control('payments.selectAll', none.ctx).run()
    expect(none.sent).toEqual([{ type: 'selection.set', ids: ['p1', 'p2', 'p3'] }])
    const some = screen({}, ['p1'])
    expect(control('payments.selectAll', some.ctx).checked).toBe('indeterminate')
    control('payments.clearSelection', some.ctx).run()
    expect(some.sent).toEqual([{ type: 'selection.set', ids: [] }])
    const all = screen({}, ['p1', 'p2', 'p3'])
    expect(control('payments.selectAll', all.ctx).checked).toBe(true)
    control('payments.selectAll', all.ctx).run()
    expect(all.sent).toEqual([{ type: 'selection.set', ids: [] }])
    expect(control('payments.selectAll', screen({ rows: [] }).ctx).reason).toBe('No payments loaded')
  })

  it('Escape closes the panel keeping the filters; shown only while a panel is open', () => {
    expect(control('payments.closeDetails', screen().ctx).visible).toBe(false)
    const { ctx } = screen({ url: { search: 'x', status: 'failed', payment: 'p1' } })
    control('payments.closeDetails', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/payments?search=x&status=failed')
  })

  it("o opens the panel's order in the orders screen; disabled until the order is known", () => {
    expect(control('payments.openOrder', screen().ctx).visible).toBe(false)
    const loading = screen({ url: { ...blank, payment: 'p1' } })
    expect(control('payments.openOrder', loading.ctx).reason).toBe('This payment has no order to open')
    const { ctx } = screen({ url: { ...blank, payment: 'p1' }, panelOrderId: 'o-77' })
    control('payments.openOrder', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/orders?order=o-77')
  })

  it('Export CSV sends the current filters to the export machine, and waits while one is being prepared', () => {
    const { ctx, exported } = screen({ url: { search: 'TXN', status: 'completed', payment: 'p1' } })
    expect(control('payments.export', ctx).label).toBe('Export CSV')
    control('payments.export', ctx).run()
    expect(exported).toEqual([
      { type: 'export.start', request: { resource: 'payments', filters: { search: 'TXN', status: 'completed' } } },
    ])
    expect(control('payments.export', screen({ exporting: true }).ctx).reason).toBe('Preparing the CSV…')
  })

  it('status filter options: one checked, each navigates with the filter and keeps the search', () => {
    const { ctx } = screen({ url: { search: 'pay', status: 'failed', payment: '' } })
    expect(control('payments.filter.status.failed', ctx).checked).toBe(true)
    expect(control('payments.filter.status.all', ctx).checked).toBe(false)
    expect(
      ['all', 'pending', 'completed', 'failed', 'refunded'].map(
        (s) => control(`payments.filter.status.${s}`, ctx).label,
      ),
    ).toEqual(['All Status', 'Pending', 'Completed', 'Failed', 'Refunded'])
    control('payments.filter.status.refunded', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/payments?search=pay&status=refunded')
    control('payments.filter.status.all', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/payments?search=pay')
  })

  it('/ focuses the search', () => {
    let focused = false
    const { ctx } = screen({ focusSearch: () => void (focused = true) })
    control('payments.search', ctx).run()
    expect(focused).toBe(true)
  })
})
