import { describe, expect, it } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import type { CommissionHandle } from '../../../src/commands/commission.commands'
import type { CommissionFormHandle } from '../../../src/commands/commission-form.commands'
import { isCommissionFormBusy } from '../../../src/commands/commission-form.commands'
import { defaultDraft } from '../../../src/machines/commission-config.form'
import type { CommissionUrlState } from '../../../src/views/commission/commission-url'
import { commissionConfig, defaultConfig } from '../machines/commission-fixtures'
import { context, control, recorder } from './context'

const project = commissionConfig()
const fallback = defaultConfig()
const cards = [
  { id: fallback._id, title: 'Default Configuration', isDefault: true, config: fallback },
  { id: project._id, title: 'Inventory SaaS', isDefault: false, config: project },
]
const blank: CommissionUrlState = { tab: 'configs', search: '', isActive: '', page: 1 }

function screen(over: Partial<CommissionHandle> = {}, focused?: string, view: Record<string, unknown> = {}) {
  const list = recorder<CommissionHandle['list']>()
  const modal = recorder<CommissionHandle['modal']>()
  const deleter = recorder<CommissionHandle['deleter']>()
  const handle: CommissionHandle = {
    url: blank,
    cards,
    totalPages: 1,
    hasDefault: true,
    list: list.actor,
    modal: modal.actor,
    deleter: deleter.actor,
    modalOpen: false,
    focusSearch: () => {},
    ...over,
  }
  const ctx = context('/commission', {
    commission: handle,
    focused: focused ? { kind: 'commissionConfig', id: focused } : undefined,
    ...view,
  })
  return { ctx, list: list.sent, modal: modal.sent, deleter: deleter.sent }
}

function form(over: Partial<CommissionFormHandle> = {}) {
  const rec = recorder<CommissionFormHandle['actor']>()
  const handle: CommissionFormHandle = {
    actor: rec.actor,
    state: 'create',
    mode: 'create',
    isDefault: false,
    inline: false,
    draft: defaultDraft(),
    dirty: false,
    blocker: null,
    preview: { amount: '10000', withCustomization: false, withInstallation: false },
    candidates: [],
    ...over,
  }
  return { handle, sent: rec.sent }
}

describe('commission screen commands', () => {
  it('every id is commission.-prefixed, and none shows off the screen', () => {
    const ids = registry.all.map((c) => c.id).filter((id) => id.startsWith('commission.'))
    expect(ids).toEqual(
      expect.arrayContaining([
        'commission.tab.configs',
        'commission.new',
        'commission.edit',
        'commission.delete',
        'commission.form.save',
      ]),
    )
    expect(ids.filter((id) => control(id, context('/users')).visible)).toEqual([])
  })

  it('1/2/3 switch tabs in the URL, keeping the filters; the current tab is checked', () => {
    const { ctx } = screen({ url: { ...blank, search: 'crm', page: 2 } })
    expect(control('commission.tab.configs', ctx).checked).toBe(true)
    expect(control('commission.tab.stats', ctx).label).toBe('Statistics')
    expect(registry.get('commission.tab.default')?.shortcut).toBe('2')
    control('commission.tab.stats', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/commission?tab=stats&search=crm&page=2')
  })

  it('n opens the modal to create; not while a form is open', () => {
    const { ctx, modal } = screen()
    control('commission.new', ctx).run()
    expect(modal).toEqual([{ type: 'modal.create' }])
    expect(control('commission.new', screen({ modalOpen: true }).ctx).reason).toBe('A configuration form is open')
  })

  it('j/k move the card focus; Enter and e edit the focused card with its configuration', () => {
    const { ctx, list, modal } = screen({}, project._id)
    control('commission.focusNext', ctx).run()
    control('commission.focusPrev', ctx).run()
    control('commission.open', ctx).run()
    control('commission.edit', ctx).run()
    expect(list).toEqual([{ type: 'focus.next' }, { type: 'focus.prev' }])
    expect(modal).toEqual([
      { type: 'modal.edit', config: project },
      { type: 'modal.edit', config: project },
    ])
    expect(control('commission.edit', screen().ctx).reason).toBe('Focus a configuration with J/K first')
  })

  it('Delete asks about the focused card; it is hidden for the default (its card shows none)', () => {
    const { ctx, deleter } = screen({}, project._id)
    control('commission.deleteFocused', ctx).run()
    expect(deleter).toEqual([
      {
        type: 'delete.request',
        target: { id: project._id, title: 'Inventory SaaS', isDefault: false, version: project.updatedAt },
      },
    ])
    expect(control('commission.delete', ctx, { kind: 'commissionConfig', id: fallback._id }).visible).toBe(false)
    expect(control('commission.delete', ctx, { kind: 'commissionConfig', id: project._id }).visible).toBe(true)
  })

  it('status filter options go to the URL at page 1 and show the current one', () => {
    const { ctx } = screen({ url: { ...blank, page: 3, isActive: 'true' } })
    expect(control('commission.filter.status.active', ctx).checked).toBe(true)
    expect(control('commission.filter.status.all', ctx).label).toBe('All Status')
    control('commission.filter.status.inactive', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/commission?isActive=false')
  })

  it('Previous/Next only with more than one page, disabled at the ends', () => {
    expect(control('commission.nextPage', screen().ctx).visible).toBe(false)
    const { ctx } = screen({ totalPages: 3, url: { ...blank, page: 1 } })
    expect(control('commission.prevPage', ctx).reason).toBe('This is the first page')
    control('commission.nextPage', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/commission?page=2')
    expect(control('commission.nextPage', screen({ totalPages: 3, url: { ...blank, page: 3 } }).ctx).reason).toBe(
      'This is the last page',
    )
  })

  it('Create Default Configuration shows on the Default Config tab only when there is none', () => {
    const tab = { ...blank, tab: 'default' as const }
    expect(control('commission.createDefault', screen({ url: tab, hasDefault: true }).ctx).visible).toBe(false)
    const { ctx, modal } = screen({ url: tab, hasDefault: false })
    control('commission.createDefault', ctx).run()
    expect(modal).toEqual([{ type: 'modal.createDefault' }])
  })
})

describe('commission form commands', () => {
  it('Save is labelled by what it does and disabled with the blocker', () => {
    const f = form({ blocker: 'Total must equal 100%' })
    const ctx = screen({}, undefined, { commissionModal: f.handle }).ctx
    expect(control('commission.form.save', ctx).label).toBe('Create Configuration')
    expect(control('commission.form.save', ctx).reason).toBe('Total must equal 100%')
    const ok = form({ mode: 'edit', state: 'edit' })
    const okCtx = screen({}, undefined, { commissionModal: ok.handle }).ctx
    expect(control('commission.form.save', okCtx).label).toBe('Save Changes')
    control('commission.form.save', okCtx).run()
    expect(ok.sent).toEqual([{ type: 'form.save' }])
    expect(
      control('commission.form.save', screen({}, undefined, { commissionModal: form({ state: 'saving' }).handle }).ctx)
        .reason,
    ).toBe('Saving the configuration…')
  })

  it('a stale save in conflict: Save is hidden, Keep mine (mod+Enter) / Take theirs (mod+Shift+Enter) send their events; busy while it refetches or merges', () => {
    // Keys that act inside the modal (only mod+… keys do, decision 018).
    expect(registry.get('commission.form.conflict.keepMine')?.shortcut).toBe('mod+enter')
    expect(registry.get('commission.form.conflict.takeTheirs')?.shortcut).toBe('mod+shift+enter')
    const editing = screen({}, undefined, { commissionModal: form({ mode: 'edit', state: 'edit' }).handle }).ctx
    expect(control('commission.form.conflict.keepMine', editing).visible).toBe(false)
    const f = form({ mode: 'edit', state: 'conflict' })
    const ctx = screen({}, undefined, { commissionModal: f.handle }).ctx
    expect(control('commission.form.save', ctx).visible).toBe(false)
    control('commission.form.conflict.keepMine', ctx).run()
    control('commission.form.conflict.takeTheirs', ctx).run()
    expect(f.sent).toEqual([{ type: 'conflict.keepMine' }, { type: 'conflict.takeTheirs' }])
    for (const state of ['refetching', 'merging'] as const) {
      const busy = screen({}, undefined, { commissionModal: form({ mode: 'edit', state }).handle }).ctx
      expect(control('commission.form.save', busy).reason).toBe('Saving the configuration…')
    }
  })

  it('the Save spinner (isCommissionFormBusy) and the disabled reason agree in every state', () => {
    const states = ['create', 'edit', 'saving', 'refetching', 'conflict', 'merging', 'discarding'] as const
    for (const state of states) {
      const ctx = screen({}, undefined, { commissionModal: form({ mode: 'edit', state }).handle }).ctx
      const saving = control('commission.form.save', ctx).reason === 'Saving the configuration…'
      expect([state, isCommissionFormBusy(state)]).toEqual([state, saving])
    }
    expect(states.filter(isCommissionFormBusy)).toEqual(['saving', 'refetching', 'merging'])
  })

  it("the modal wins over the inline default form; Cancel is the modal's, Reset the inline form's", () => {
    const modal = form()
    const inline = form({ inline: true, mode: 'edit', state: 'edit', isDefault: true, dirty: true })
    const both = screen({}, undefined, { commissionModal: modal.handle, commissionDefaultForm: inline.handle }).ctx
    control('commission.form.cancel', both).run()
    expect(modal.sent).toEqual([{ type: 'modal.close' }])
    expect(control('commission.form.reset', both).visible).toBe(false)
    const only = screen({}, undefined, { commissionDefaultForm: inline.handle }).ctx
    expect(control('commission.form.cancel', only).visible).toBe(false)
    control('commission.form.reset', only).run()
    expect(inline.sent).toEqual([{ type: 'form.reset' }])
    expect(
      control(
        'commission.form.reset',
        screen({}, undefined, { commissionDefaultForm: { ...inline.handle, dirty: false } }).ctx,
      ).reason,
    ).toBe('Nothing has changed')
  })

  it('Active, the distribution options and the preview toggles send their events and show their state', () => {
    const f = form()
    const ctx = screen({}, undefined, { commissionModal: f.handle }).ctx
    expect(control('commission.form.active', ctx).checked).toBe(true)
    expect(control('commission.form.distribution.equal_split', ctx).checked).toBe(true)
    expect(control('commission.form.distribution.platform_owner', ctx).label).toBe('Platform owner')
    control('commission.form.active', ctx).run()
    control('commission.form.distribution.project_owner', ctx).run()
    control('commission.form.preview.customization', ctx).run()
    control('commission.form.preview.installation', ctx).run()
    expect(f.sent).toEqual([
      { type: 'active.toggle' },
      { type: 'distribution.set', value: 'project_owner' },
      { type: 'preview.toggle', addOn: 'customization' },
      { type: 'preview.toggle', addOn: 'installation' },
    ])
  })

  it('the picker picks a project without a configuration; one with a configuration is refused', () => {
    const candidates = [
      { _id: 'p-1', title: 'Clinic CRM', price: 12_500, configId: null },
      { _id: 'p-2', title: 'Inventory SaaS', price: 4_999, configId: 'cfg-1' },
    ]
    const f = form({ candidates })
    const ctx = screen({}, undefined, { commissionModal: f.handle }).ctx
    const pick = (id: string) => control('commission.form.pickProject', ctx, { kind: 'commissionProject', id })
    expect(pick('p-1').label).toBe('Clinic CRM')
    pick('p-1').run()
    expect(f.sent).toEqual([{ type: 'project.pick', project: { _id: 'p-1', title: 'Clinic CRM', price: 12_500 } }])
    expect(pick('p-2').reason).toBe('Has a configuration')
    expect(pick('p-2').run()).toEqual({ ran: false, reason: 'Has a configuration' })
    const editing = screen({}, undefined, {
      commissionModal: form({ candidates, mode: 'edit', state: 'edit' }).handle,
    }).ctx
    expect(control('commission.form.pickProject', editing, { kind: 'commissionProject', id: 'p-1' }).visible).toBe(
      false,
    )
  })
})
