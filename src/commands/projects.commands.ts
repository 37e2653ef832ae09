/**
 * Projects list commands (SPEC.md 2 "Projects list"; issue 3 keyboard triage): j/k focus, x and
 * shift+x select, Enter opens, a/r/e/# act on the selection or else the focused row, / focuses the
 * search. They read what the list view publishes (`projectsList`, `focused`, `selection`) and only
 * send events to its actor or navigate.
 */
import type { ActorRefFrom } from 'xstate'
import type { VerificationStatus } from '../api/schemas/projects'
import type { ListRow, projectsListMachine } from '../machines/projects-list.machine'
import type { Command, CommandContext } from './registry'

/** What the projects list view publishes for its commands. */
export interface ProjectsListHandle {
  actor: ActorRefFrom<typeof projectsListMachine>
  rows: readonly ListRow[]
  focusSearch: () => void
  /** The page on screen and how many there are (SPEC.md 2 pagination). */
  page: number
  totalPages: number
  goToPage: (page: number) => void
}

declare module './registry' {
  interface ViewCommandContext {
    projectsList?: ProjectsListHandle
  }
}

const onList = (ctx: CommandContext) => !!ctx.view.projectsList
/** The selection when there is one, else the focused row. */
export function targetIds(ctx: CommandContext): string[] {
  if (ctx.view.selection?.length) return [...ctx.view.selection]
  return ctx.view.focused?.kind === 'project' ? [ctx.view.focused.id] : []
}
const targetRows = (ctx: CommandContext) => {
  const ids = targetIds(ctx)
  return (ctx.view.projectsList?.rows ?? []).filter((r) => ids.includes(r.id))
}
const noTarget = (ctx: CommandContext) => (targetIds(ctx).length ? null : 'Focus a project with J/K or select some with X')
const send = (ctx: CommandContext, event: Parameters<ProjectsListHandle['actor']['send']>[0]) => ctx.view.projectsList?.actor.send(event)
const count = (ctx: CommandContext, one: string, many: string) => {
  const n = targetIds(ctx).length
  return n > 1 ? `${many} ${n} projects` : `${one}`
}

function verifyCommand(id: string, status: VerificationStatus, verb: string, shortcut?: string): Command {
  return {
    id, shortcut, group: 'Projects', title: `${verb} project`, keywords: ['verification', 'status', status.replace(/_/g, ' ')],
    label: (ctx) => count(ctx, `${verb} project`, verb),
    when: onList,
    disabledReason: (ctx) => {
      const missing = noTarget(ctx)
      if (missing) return missing
      // SPEC.md 4: Approve is offered unless approved, Reject unless rejected.
      const terminal = status === 'approved' || status === 'rejected'
      return terminal && targetRows(ctx).every((r) => r.verificationStatus === status) ? `Already ${status}` : null
    },
    run: (ctx) => send(ctx, { type: 'action.verify', ids: targetIds(ctx), status }),
  }
}

export const projectsCommands: Command[] = [
  { id: 'projects.focusNext', title: 'Next project', group: 'Projects', shortcut: 'j', when: onList, run: (ctx) => send(ctx, { type: 'focus.next' }) },
  { id: 'projects.focusPrev', title: 'Previous project', group: 'Projects', shortcut: 'k', when: onList, run: (ctx) => send(ctx, { type: 'focus.prev' }) },
  {
    id: 'projects.toggleSelect', title: 'Toggle selection of the focused project', group: 'Projects', shortcut: 'x', when: onList,
    disabledReason: (ctx) => (ctx.view.focused ? null : 'Focus a project with J/K first'), run: (ctx) => send(ctx, { type: 'row.toggle' }),
  },
  {
    id: 'projects.selectRange', title: 'Select range to the focused project', group: 'Projects', shortcut: 'shift+x', when: onList,
    disabledReason: (ctx) => (ctx.view.focused ? null : 'Focus a project with J/K first'), run: (ctx) => send(ctx, { type: 'row.toggleRange' }),
  },
  {
    id: 'projects.open', title: 'Open focused project', group: 'Projects', shortcut: 'enter', when: onList,
    disabledReason: (ctx) => (ctx.view.focused ? null : 'Focus a project with J/K first'),
    run: (ctx) => ctx.view.focused && ctx.navigate(`/projects/${ctx.view.focused.id}`),
  },
  verifyCommand('projects.approve', 'approved', 'Approve', 'a'),
  verifyCommand('projects.reject', 'rejected', 'Reject', 'r'),
  verifyCommand('projects.markUnderReview', 'under_review', 'Mark under review'),
  verifyCommand('projects.markNeedsChanges', 'needs_changes', 'Request changes on'),
  verifyCommand('projects.markPending', 'pending', 'Mark pending'),
  {
    id: 'projects.toggleActive', title: 'Activate / deactivate project', group: 'Projects', shortcut: 'e', when: onList,
    label: (ctx) => {
      const rows = targetRows(ctx)
      const verb = rows.length && rows.every((r) => r.isActive) ? 'Deactivate' : 'Activate'
      return rows.length > 1 ? `${verb} ${rows.length} projects` : `${verb} project`
    },
    disabledReason: noTarget,
    // Several rows: all active → deactivate them, otherwise activate them all.
    run: (ctx) => send(ctx, { type: 'action.setActive', ids: targetIds(ctx), isActive: !targetRows(ctx).every((r) => r.isActive) }),
  },
  {
    id: 'projects.delete', title: 'Delete project', group: 'Projects', shortcut: '#', when: onList,
    label: (ctx) => count(ctx, 'Delete project', 'Delete'), disabledReason: noTarget,
    run: (ctx) => send(ctx, { type: 'action.delete', ids: targetIds(ctx) }),
  },
  {
    id: 'projects.deleteSelected', title: 'Delete selected projects', group: 'Projects', when: onList,
    label: (ctx) => `Delete Selected (${ctx.view.selection?.length ?? 0})`,
    disabledReason: (ctx) => (ctx.view.selection?.length ? null : 'Please select projects to delete'),
    run: (ctx) => send(ctx, { type: 'action.delete', ids: [...(ctx.view.selection ?? [])] }),
  },
  {
    id: 'projects.clearSelection', title: 'Clear selection', group: 'Projects', when: (ctx) => onList(ctx) && !!ctx.view.selection?.length,
    run: (ctx) => send(ctx, { type: 'selection.set', ids: [] }),
  },
  {
    id: 'projects.prevPage', title: 'Previous page', group: 'Projects', shortcut: '[', when: onList,
    disabledReason: (ctx) => ((ctx.view.projectsList?.page ?? 1) <= 1 ? 'This is the first page' : null),
    run: (ctx) => ctx.view.projectsList?.goToPage(ctx.view.projectsList.page - 1),
  },
  {
    id: 'projects.nextPage', title: 'Next page', group: 'Projects', shortcut: ']', when: onList,
    disabledReason: (ctx) => {
      const list = ctx.view.projectsList
      return !list || list.page >= list.totalPages ? 'This is the last page' : null
    },
    run: (ctx) => ctx.view.projectsList?.goToPage(ctx.view.projectsList.page + 1),
  },
  { id: 'projects.search', title: 'Search projects', group: 'Projects', shortcut: '/', when: onList, run: (ctx) => ctx.view.projectsList?.focusSearch() },
  {
    id: 'projects.add', title: 'Add Project', group: 'Projects', keywords: ['new', 'create'],
    when: (ctx) => ctx.route.startsWith('/projects') && ctx.route !== '/projects/new', run: (ctx) => ctx.navigate('/projects/new'),
  },
]
