/**
 * Repository panel commands (`projects.repository.*`; SPEC.md 2 "Project detail", 5
 * "Repository", 7). The panel publishes its actor as `view.projectRepository`; commands read its
 * snapshot and send typed events. Remove collaborator is per item: target `{ kind: 'collaborator', id: username }`.
 */
import type { ActorRefFrom } from 'xstate'
import type { ProjectRepositoryEvent, projectRepositoryMachine } from '../machines/project-repository.machine'
import { PERMISSIONS } from '../api/schemas/repository'
import type { Command, CommandContext } from './registry'

declare module './registry' {
  interface ViewCommandContext {
    projectRepository?: ActorRefFrom<typeof projectRepositoryMachine>
  }
}

const snap = (ctx: CommandContext) => ctx.view.projectRepository?.getSnapshot()
const ready = (ctx: CommandContext) => !!snap(ctx)?.matches('ready')
const busy = (ctx: CommandContext) => (snap(ctx)?.matches({ ready: 'idle' }) ? null : 'Working…')
const send = (ctx: CommandContext, event: ProjectRepositoryEvent) => ctx.view.projectRepository?.send(event)
const G = 'Repository'

/** `projects.repository.*`. */
export const projectRepositoryCommands: Command[] = [
  {
    id: 'projects.repository.addCollaborator',
    title: 'Add collaborator',
    group: G,
    keywords: ['github', 'user', 'access'],
    when: ready,
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'collaborator.add' }),
  },
  {
    id: 'projects.repository.removeCollaborator',
    title: 'Remove collaborator',
    group: G,
    label: () => 'Remove',
    when: (ctx) => ready(ctx) && ctx.view.focused?.kind === 'collaborator',
    disabledReason: busy,
    run: (ctx) => ctx.view.focused && send(ctx, { type: 'collaborator.remove', username: ctx.view.focused.id }),
  },
  {
    id: 'projects.repository.createBranch',
    title: 'Create branch',
    group: G,
    keywords: ['github', 'git', 'branch'],
    when: ready,
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'branch.create' }),
  },
  {
    id: 'projects.repository.archive',
    title: 'Download archive (main)',
    group: G,
    keywords: ['zip', 'archive', 'git'],
    when: ready,
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'archive.open' }),
  },
  {
    id: 'projects.repository.togglePrivate',
    title: 'Private repository',
    group: G,
    keywords: ['private', 'public', 'privacy'],
    when: ready,
    checked: (ctx) => !!snap(ctx)?.context.data?.info.private,
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'privacy.toggle' }),
  },
  {
    id: 'projects.repository.delete',
    title: 'Delete repository',
    group: G,
    keywords: ['github', 'remove'],
    when: ready,
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'repository.delete' }),
  },
  {
    // A select option: runs with the permission as target (SPEC.md 3 Collaborator: default push).
    id: 'projects.repository.permission',
    title: 'Set the collaborator permission',
    group: G,
    label: (ctx) => ctx.view.focused?.id ?? 'push',
    when: (ctx) => ready(ctx) && ctx.view.focused?.kind === 'permission',
    checked: (ctx) => snap(ctx)?.context.form.permission === ctx.view.focused?.id,
    disabledReason: busy,
    run: (ctx) =>
      ctx.view.focused &&
      send(ctx, { type: 'form.change', patch: { permission: ctx.view.focused.id as (typeof PERMISSIONS)[number] } }),
  },
]

/** The options of the permission select: the command with each permission as target. */
export const PERMISSION_OPTIONS = PERMISSIONS.map((id) => ({
  id: 'projects.repository.permission',
  target: { kind: 'permission', id },
}))
