/**
 * The Add Project, project media and repository commands (decision 003): ids under their
 * prefixes, rules read from the published actors, typed events sent to them, per-item targets.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyActorRef } from 'xstate'
import { addProjectCommands } from '../../../src/commands/add-project.commands'
import { projectMediaCommands } from '../../../src/commands/project-media.commands'
import { projectRepositoryCommands } from '../../../src/commands/project-repository.commands'
import { registry } from '../../../src/commands/app-registry'
import {
  withTarget,
  type CommandContext,
  type CommandTarget,
  type ViewCommandContext,
} from '../../../src/commands/registry'
import { authMachine } from '../../../src/machines/auth.machine'
import { projectImagesMachine } from '../../../src/machines/project-images.machine'
import { projectReportMachine } from '../../../src/machines/project-report.machine'
import type { RepositoryData } from '../../../src/machines/project-repository.actors'
import { projectRepositoryMachine } from '../../../src/machines/project-repository.machine'
import type { Selection } from '../../../src/machines/shared/upload-files.rules'
import { uploadMachine } from '../../../src/machines/upload.machine'

const context = (view: ViewCommandContext, target?: CommandTarget): CommandContext =>
  withTarget(
    {
      route: '/x',
      navigate: vi.fn(),
      auth: createActor(authMachine),
      ui: { openPalette: vi.fn(), openShortcuts: vi.fn(), openTab: vi.fn() },
      view,
    },
    target,
  )
const cmd = (id: string) => {
  const command = registry.get(id)
  if (!command) throw new Error(`${id} is not registered`)
  return command
}
/** Records what a command sends to `actor`. */
const spy = (actor: AnyActorRef) => vi.spyOn(actor, 'send')
const never = fromPromise<Selection, { file: Blob }>(() => new Promise<Selection>(() => {}))
const img = (n: number) => ({ url: `/files/${n}.png`, alt: '', filePath: `${n}.png` })

describe('media command ids', () => {
  it('live under the prefixes of decision 003 and are registered once', () => {
    const ids = [...addProjectCommands, ...projectMediaCommands, ...projectRepositoryCommands].map((c) => c.id)
    for (const id of ids) expect(id).toMatch(/^projects\.(new|files|images|report|repository)(\.[a-zA-Z]+)+$/)
    for (const id of ids) expect(registry.get(id)).toBeDefined()
    expect(ids).toEqual(
      expect.arrayContaining([
        'projects.new.submit',
        'projects.new.cancel',
        'projects.new.removeImage',
        'projects.files.retry',
        'projects.images.moveLeft',
        'projects.report.price',
        'projects.repository.removeCollaborator',
      ]),
    )
  })
})

describe('Add Project commands', () => {
  it('select options set their field to the target value and check the one the form holds', () => {
    const actor = createActor(uploadMachine).start()
    const option = (field: string, id: string) => context({ addProject: actor }, { kind: field, id })
    const command = cmd('projects.new.field.difficulty')
    expect(registry.isVisible(command, context({ addProject: actor }))).toBe(false)
    expect(command.checked?.(option('difficulty', 'Intermediate'))).toBe(true)
    registry.run(command, option('difficulty', 'Advanced'))
    expect(actor.getSnapshot().context.values.difficulty).toBe('Advanced')
    expect(command.checked?.(option('difficulty', 'Intermediate'))).toBe(false)
    registry.run(cmd('projects.new.field.verificationStatus'), option('verificationStatus', 'under_review'))
    expect(actor.getSnapshot().context.values.verificationStatus).toBe('under_review')
    expect(cmd('projects.new.field.verificationStatus').label?.(option('verificationStatus', 'needs_changes'))).toBe(
      'Needs Changes',
    )
  })

  it('are hidden without the flow, and read its snapshot for label and rules', () => {
    expect(registry.isVisible(cmd('projects.new.submit'), context({}))).toBe(false)
    const actor = createActor(uploadMachine).start()
    const ctx = context({ addProject: actor })
    expect(cmd('projects.new.submit').label?.(ctx)).toBe('Create Project')
    actor.send({ type: 'folder.select', entries: [{ file: new Blob(['a']), relativePath: 'App/a.ts' }] })
    expect(registry.disabledReason(cmd('projects.new.submit'), ctx)).toBe(
      'Please upload files first before publishing the project.',
    )
    expect(registry.disabledReason(cmd('projects.new.clear'), ctx)).toBeNull()
    expect(registry.isVisible(cmd('projects.new.retry'), ctx)).toBe(false)
  })

  it('send typed events; per-item Remove acts on its target only', () => {
    const actor = createActor(uploadMachine.provide({ actors: { readZip: never } })).start()
    const sent = spy(actor)
    registry.run(cmd('projects.new.chooseZip'), context({ addProject: actor }))
    registry.run(cmd('projects.new.toggleFeatured'), context({ addProject: actor }))
    registry.run(cmd('projects.new.removeImage'), context({ addProject: actor }, { kind: 'image', id: '2' }))
    registry.run(cmd('projects.new.removeFile'), context({ addProject: actor }, { kind: 'file', id: 'src/a.ts' }))
    expect(sent.mock.calls.map(([e]) => e)).toEqual([
      { type: 'zip.choose' },
      { type: 'form.change', patch: { isFeatured: true } },
      { type: 'image.remove', index: 2 },
      { type: 'file.remove', path: 'src/a.ts' },
    ])
    actor.send({ type: 'zip.select', file: new Blob(['z']) })
    expect(registry.run(cmd('projects.new.upload'), context({ addProject: actor }))).toEqual({
      ran: false,
      reason: 'Reading the ZIP…',
    })
  })

  it('Cancel goes back to the projects list', () => {
    const ctx = context({ addProject: createActor(uploadMachine).start() })
    registry.run(cmd('projects.new.cancel'), ctx)
    expect(ctx.navigate).toHaveBeenCalledWith('/projects')
  })
})

describe('project media commands', () => {
  it('image arrows are disabled at the edges and move their own image', () => {
    const actor = createActor(projectImagesMachine, { input: { projectId: 'p1', images: [img(0), img(1)] } }).start()
    const sent = spy(actor)
    const first = context({ projectImages: actor }, { kind: 'image', id: '0' })
    expect(registry.disabledReason(cmd('projects.images.moveLeft'), first)).toBe('Already the first image')
    expect(
      registry.disabledReason(
        cmd('projects.images.moveRight'),
        context({ projectImages: actor }, { kind: 'image', id: '1' }),
      ),
    ).toBe('Already the last image')
    registry.run(cmd('projects.images.delete'), first)
    expect(sent).toHaveBeenCalledWith({ type: 'image.delete', index: 0 })
    expect(registry.isVisible(cmd('projects.images.delete'), context({ projectImages: actor }))).toBe(false)
  })

  it('report download and delete need a report; the upload label says Replace once there is one', () => {
    const none = createActor(projectReportMachine, {
      input: { projectId: 'p1', hasReport: false, reportPrice: 0 },
    }).start()
    expect(registry.disabledReason(cmd('projects.report.download'), context({ projectReport: none }))).toBe(
      'No report uploaded',
    )
    const some = createActor(projectReportMachine, {
      input: { projectId: 'p1', hasReport: true, reportPrice: 0 },
    }).start()
    expect(cmd('projects.report.upload').label?.(context({ projectReport: some }))).toBe('Replace report')
    const sent = spy(some)
    registry.run(cmd('projects.report.delete'), context({ projectReport: some }))
    expect(sent).toHaveBeenCalledWith({ type: 'report.delete' })
  })

  it('repository commands wait for the panel to load; Remove acts on its collaborator', async () => {
    const actor = createActor(
      projectRepositoryMachine.provide({
        actors: {
          loadRepository: fromPromise<RepositoryData, { name: string }>(async () => ({
            info: { name: 'shop', private: false } as RepositoryData['info'],
            collaborators: [],
            branches: ['main'],
          })),
        },
      }),
      { input: { name: 'shop' } },
    ).start()
    expect(registry.isVisible(cmd('projects.repository.delete'), context({ projectRepository: actor }))).toBe(false)
    await new Promise((r) => setTimeout(r, 0))
    expect(cmd('projects.repository.togglePrivate').checked?.(context({ projectRepository: actor }))).toBe(false)
    const permission = (id: string) => context({ projectRepository: actor }, { kind: 'permission', id })
    expect(cmd('projects.repository.permission').checked?.(permission('push'))).toBe(true)
    registry.run(cmd('projects.repository.permission'), permission('admin'))
    expect(actor.getSnapshot().context.form.permission).toBe('admin')
    const sent = spy(actor)
    registry.run(
      cmd('projects.repository.removeCollaborator'),
      context({ projectRepository: actor }, { kind: 'collaborator', id: 'octo' }),
    )
    expect(sent).toHaveBeenCalledWith({ type: 'collaborator.remove', username: 'octo' })
  })
})
