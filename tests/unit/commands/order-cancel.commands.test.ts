/** The cancel confirmation's commands: shown only while it is open, named by the count, answering the machine that asked. */
import { describe, expect, it } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import type { OrderCancelHandle } from '../../../src/commands/order-cancel.commands'
import type { OrderPanelHandle } from '../../../src/commands/order-panel.commands'
import type { OrderDetail } from '../../../src/api/schemas/orders'
import { context, control, recorder } from './context'

function asking(count: number, withPanel = false) {
  const answers: unknown[] = []
  const orderCancel: OrderCancelHandle = { answer: (e) => void answers.push(e), count }
  const panel = recorder<OrderPanelHandle['actor']>()
  const order = { _id: 'ord-aaa111', orderId: 'ORD-1', status: 'pending' } as OrderDetail
  const ctx = context('/orders', {
    orderCancel,
    orderPanel: withPanel ? { actor: panel.actor, order, busy: false, focusNote: () => {} } : undefined,
  })
  return { ctx, answers, panelSent: panel.sent }
}

describe('order cancel confirmation commands', () => {
  it('are hidden while no confirmation is open', () => {
    const ctx = context('/orders')
    expect(control('orders.cancelConfirm.accept', ctx).visible).toBe(false)
    expect(control('orders.cancelConfirm.dismiss', ctx).visible).toBe(false)
  })

  it('accept (mod+Enter) and dismiss (Escape) send confirm.accept / confirm.cancel; labels name one or N orders', () => {
    const one = asking(1)
    expect(control('orders.cancelConfirm.accept', one.ctx)).toMatchObject({
      visible: true,
      reason: null,
      label: 'Cancel order',
    })
    expect(control('orders.cancelConfirm.dismiss', one.ctx).label).toBe('Keep order')
    control('orders.cancelConfirm.accept', one.ctx).run()
    control('orders.cancelConfirm.dismiss', one.ctx).run()
    expect(one.answers).toEqual([{ type: 'confirm.accept' }, { type: 'confirm.cancel' }])
    expect(control('orders.cancelConfirm.accept', asking(3).ctx).label).toBe('Cancel 3 orders')
    expect(registry.get('orders.cancelConfirm.accept')?.shortcut).toBe('mod+enter')
    expect(registry.get('orders.cancelConfirm.dismiss')?.shortcut).toBe('escape')
  })

  it('with the panel open behind it, mod+Enter is the accept (the first visible, enabled command of the key), never a panel move', () => {
    const { ctx, answers, panelSent } = asking(1, true)
    const first = registry.all.find(
      (c) => c.shortcut === 'mod+enter' && registry.isVisible(c, ctx) && !registry.disabledReason(c, ctx),
    )
    expect(first?.id).toBe('orders.cancelConfirm.accept')
    expect(control('orders.panel.confirm', ctx).visible).toBe(true)
    if (first) registry.run(first, ctx)
    expect(answers).toEqual([{ type: 'confirm.accept' }])
    expect(panelSent).toEqual([])
  })
})
