/**
 * Triage commands: `t` on the Projects screen and 'Start triage' elsewhere open
 * /projects/triage; on a project 1/2/3/h/s send their events; in the notes step 1-9 pick the
 * offered templates (and focus the notes), Ctrl+Enter submits only with notes, Escape goes back,
 * while Escape on a project leaves triage; the keys reach the right command through the handler.
 */
import { describe, expect, it, vi } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import { createShortcutHandler } from '../../../src/commands/shortcut-handler'
import type { CommandContext } from '../../../src/commands/registry'
import {
  sortOfSearch,
  TRIAGE_PATH,
  triageUrl,
  type TriageHandle,
  type TriageStep,
} from '../../../src/commands/triage.commands'
import { context, control, recorder } from './context'

function triage(step: TriageStep, extra: Partial<TriageHandle> = {}) {
  const { actor, sent } = recorder<TriageHandle['actor']>()
  const focusNotes = vi.fn()
  const handle: TriageHandle = {
    actor,
    step,
    templates: [],
    notes: '',
    focusNotes,
    category: '',
    sort: 'oldest',
    ...extra,
  }
  return { ctx: context(TRIAGE_PATH, { triage: handle }), sent, focusNotes }
}

function press(handler: EventListener, key: string, opts: { ctrl?: boolean } = {}) {
  const event = {
    key,
    code: /^\d$/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`,
    ctrlKey: !!opts.ctrl,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    repeat: false,
    isComposing: false,
    defaultPrevented: false,
    target: { closest: () => null },
    currentTarget: {},
    getModifierState: (mod: string) => mod === 'Control' && !!opts.ctrl,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
  handler(event as unknown as Event)
}

describe('triage commands', () => {
  it('t on the Projects screen opens triage; the palette offers Start triage elsewhere, not on triage itself', () => {
    const list = context('/projects', { projectsList: {} as never })
    expect(control('projects.triage', list)).toMatchObject({ visible: true, label: 'Start triage' })
    expect(control('projects.triage.open', list).visible).toBe(false)
    control('projects.triage', list).run()
    expect(list.navigate).toHaveBeenCalledWith(TRIAGE_PATH)
    const dashboard = context('/')
    expect(control('projects.triage', dashboard).visible).toBe(false)
    control('projects.triage.open', dashboard).run()
    expect(dashboard.navigate).toHaveBeenCalledWith(TRIAGE_PATH)
    expect(control('projects.triage.open', triage('showing').ctx).visible).toBe(false)
    expect(registry.get('projects.triage')?.shortcut).toBe('t')
  })

  it('o orders the queue by risk, then back to oldest, through the address (keeping the category)', () => {
    const oldest = triage('showing', { category: 'AI/ML' })
    expect(control('projects.triage.sortRisk', oldest.ctx)).toMatchObject({
      visible: true,
      label: 'Sort queue by risk',
    })
    expect(control('projects.triage.sortOldest', oldest.ctx).visible).toBe(false)
    press(
      createShortcutHandler(
        registry,
        () => oldest.ctx,
        () => {},
      ),
      'o',
    )
    expect(oldest.ctx.navigate).toHaveBeenCalledWith(`${TRIAGE_PATH}?category=AI%2FML&sort=risk`)

    const risk = triage('done', { sort: 'risk' })
    expect(control('projects.triage.sortRisk', risk.ctx).visible).toBe(false)
    expect(control('projects.triage.sortOldest', risk.ctx)).toMatchObject({
      visible: true,
      label: 'Sort queue by oldest',
    })
    press(
      createShortcutHandler(
        registry,
        () => risk.ctx,
        () => {},
      ),
      'o',
    )
    expect(risk.ctx.navigate).toHaveBeenCalledWith(TRIAGE_PATH)
    for (const step of ['notes', 'submitting', 'claiming'] as const)
      expect(control('projects.triage.sortRisk', triage(step).ctx).visible).toBe(false)
    expect(sortOfSearch('category=Web&sort=risk')).toBe('risk')
    expect(sortOfSearch('sort=newest')).toBe('oldest')
    expect(triageUrl('', 'risk')).toBe(`${TRIAGE_PATH}?sort=risk`)
  })

  it('on a project: 1 approve, 2 needs changes, 3 reject, h hold, s skip', () => {
    const { ctx, sent } = triage('showing')
    for (const id of ['approve', 'needsChanges', 'reject', 'hold', 'skip']) control(`projects.triage.${id}`, ctx).run()
    expect(sent).toEqual([
      { type: 'decide', status: 'approved' },
      { type: 'notes.open', status: 'needs_changes' },
      { type: 'notes.open', status: 'rejected' },
      { type: 'decide', status: 'under_review' },
      { type: 'skip' },
    ])
    expect(control('projects.triage.submit', ctx).visible).toBe(false)
    expect(control('projects.triage.template.1', ctx).visible).toBe(false)
    for (const step of ['loading', 'submitting', 'done'] as const) {
      expect(control('projects.triage.approve', triage(step).ctx).visible).toBe(false)
    }
  })

  it('in the notes step: templates by number (only those offered), submit needs notes, back', () => {
    const templates = [
      { label: 'README missing', text: 'Add a README' },
      { label: 'Screenshots', text: 'Add screenshots' },
    ]
    const { ctx, sent, focusNotes } = triage('notes', { templates })
    expect(control('projects.triage.template.2', ctx)).toMatchObject({ visible: true, label: 'Screenshots' })
    expect(control('projects.triage.template.3', ctx).visible).toBe(false)
    expect(control('projects.triage.approve', ctx).visible).toBe(false)
    control('projects.triage.template.2', ctx).run()
    expect(sent).toEqual([{ type: 'notes.template', text: 'Add screenshots' }])
    expect(focusNotes).toHaveBeenCalledOnce()
    expect(control('projects.triage.submit', ctx).reason).toMatch(/Notes are required/)
    const withNotes = triage('notes', { templates, notes: 'Add a README' })
    expect(control('projects.triage.submit', withNotes.ctx).reason).toBeNull()
    control('projects.triage.submit', withNotes.ctx).run()
    control('projects.triage.back', withNotes.ctx).run()
    expect(withNotes.sent).toEqual([{ type: 'notes.submit' }, { type: 'notes.back' }])
  })

  it('keys: 1 approves on a project but picks template 1 in the notes step; Escape backs out, then leaves', () => {
    let current = triage('showing')
    const handler = createShortcutHandler(
      registry,
      () => current.ctx as CommandContext,
      () => undefined,
    )
    press(handler, '1')
    expect(current.sent).toEqual([{ type: 'decide', status: 'approved' }])
    current = triage('notes', { templates: [{ label: 'A', text: 'Text A' }] })
    press(handler, '1')
    press(handler, 'Escape')
    expect(current.sent).toEqual([{ type: 'notes.template', text: 'Text A' }, { type: 'notes.back' }])
    current = triage('showing')
    press(handler, 'Escape')
    expect(current.ctx.navigate).toHaveBeenCalledWith('/projects')
    current = triage('done')
    press(handler, 'r')
    expect(current.sent).toEqual([{ type: 'reload' }])
  })
})
