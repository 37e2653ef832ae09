/**
 * The commands of drafts and the upload source (decision 038): resume a draft, delete the stale
 * ones after the confirmation, open a folder of the tree, and the Folder/ZIP radios of both screens.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { registry } from '../../../src/commands/app-registry'
import {
  withTarget,
  type CommandContext,
  type CommandTarget,
  type ViewCommandContext,
} from '../../../src/commands/registry'
import { authMachine } from '../../../src/machines/auth.machine'
import { uploadDraftsMachine } from '../../../src/machines/upload-drafts.machine'
import { uploadMachine } from '../../../src/machines/upload.machine'

const context = (view: ViewCommandContext, target?: CommandTarget): CommandContext =>
  withTarget(
    {
      route: '/projects/new',
      navigate: vi.fn(),
      auth: createActor(authMachine),
      ui: { openPalette: vi.fn(), openShortcuts: vi.fn(), openTab: vi.fn() },
      view,
    },
    target,
  )
const cmd = (id: string) => registry.get(id)!

describe('draft commands', () => {
  it('Resume draft opens the targeted draft, not once a draft is open', () => {
    const actor = createActor(uploadMachine).start()
    const send = vi.spyOn(actor, 'send')
    const ctx = context({ addProject: actor }, { kind: 'draft', id: 'd1' })
    const resume = cmd('projects.new.resumeDraft')
    expect(registry.isVisible(resume, context({ addProject: actor }))).toBe(false)
    expect(registry.disabledReason(resume, ctx)).toBeNull()
    registry.run(resume, ctx)
    expect(send).toHaveBeenCalledWith({ type: 'draft.open', projectId: 'd1' })
    // Loading the draft: a step runs.
    expect(registry.disabledReason(resume, ctx)).toBe('Working…')
  })

  it('Delete stale drafts names how many and asks first', () => {
    const actor = createActor(uploadDraftsMachine).start()
    const addProject = createActor(uploadMachine).start()
    const del = cmd('projects.new.deleteStaleDrafts')
    expect(registry.isVisible(del, context({ addProject, staleDrafts: { actor, ids: [] } }))).toBe(false)
    const ctx = context({ addProject, staleDrafts: { actor, ids: ['a', 'b'] } })
    expect(del.label?.(ctx)).toBe('Delete stale drafts (2)')
    registry.run(del, ctx)
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().context.ids).toEqual(['a', 'b'])
    expect(registry.disabledReason(del, ctx)).toBe('Deleting…')
  })

  it('Open folder toggles the targeted folder of the tree', () => {
    const open = new Set<string>()
    const sourceTree = {
      isOpen: (p: string) => open.has(p),
      toggle: vi.fn((p: string) => void (open.has(p) ? open.delete(p) : open.add(p))),
    }
    const addProject = createActor(uploadMachine).start()
    const ctx = context({ addProject, sourceTree }, { kind: 'folder', id: 'src/lib' })
    const toggle = cmd('projects.new.toggleFolder')
    expect(toggle.label?.(ctx)).toBe('Open folder')
    registry.run(toggle, ctx)
    expect(sourceTree.toggle).toHaveBeenCalledWith('src/lib')
    expect(toggle.label?.(ctx)).toBe('Close folder')
    expect(toggle.checked?.(ctx)).toBe(true)
  })

  it('the Folder/ZIP radios set the picker mode on both screens', () => {
    for (const id of ['projects.new.sourceMode', 'projects.files.sourceMode']) {
      const set = vi.fn()
      const zip = context({ sourceMode: { mode: 'folder', set } }, { kind: 'sourceMode', id: 'zip' })
      const folder = context({ sourceMode: { mode: 'folder', set } }, { kind: 'sourceMode', id: 'folder' })
      expect(cmd(id).label?.(zip)).toBe('ZIP')
      expect(cmd(id).checked?.(folder)).toBe(true)
      expect(cmd(id).checked?.(zip)).toBe(false)
      registry.run(cmd(id), zip)
      expect(set).toHaveBeenCalledWith('zip')
    }
  })
})
