/**
 * Projects list commands (SPEC.md 2 "Projects list"; keyboard triage): j/k focus, x and
 * shift+x select, Enter opens, a/r/e/# act on the selection or else the focused row (a row's own
 * controls pass it as `target`), / focuses the search, [ and ] page. They read what the list view
 * publishes (`projectsList`, `focused`, `selection`) and only send events to its actor or
 * navigate. Filters and page size: projects-list-filters.commands.ts.
 */
import type { ActorRefFrom } from 'xstate'
import type { ProjectListFilters } from '../api/projects'
import type { VerificationStatus } from '../api/schemas/projects'
import { activeTogglePlan, alreadyIn, bulkDisabledReason, bulkLabel, planBulk, type BulkPlan } from '../domain/bulk'
import type { ListRow, projectsListMachine } from '../machines/projects-list.machine'
import { toListSearch } from '../views/projects/list/projects-url'
import { listCommands } from './list.commands'
import type { Command, CommandContext } from './registry'

/** What the projects list view publishes for its commands. */
export interface ProjectsListHandle {
  actor: ActorRefFrom<typeof projectsListMachine>
  rows: readonly ListRow[]
  /** The list's selection (kept here too: a row's own checkbox runs with the selection cleared). */
  selected: readonly string[]
  /** The filters in the URL; commands navigate to change them. */
  filters: ProjectListFilters
  focusSearch: () => void
  /** A search or filter narrows the list; `clearFilters` drops them (Clear filters). */
  filtered: boolean
  clearFilters: () => void
  totalPages: number
  /** The owner's name and the category of a project of this page (reason templates fill them in). */
  about?: (id: string) => { owner: string | null; category: string } | undefined
  /** The name of the other moderator holding the project in triage (decision 043), else null. */
  claimedBy?: (id: string) => string | null
  /** The names the list machine is asking about before deciding (`confirmingClaim`), else null. */
  askingClaimOf?: readonly string[] | null
}

declare module './registry' {
  interface ViewCommandContext {
    projectsList?: ProjectsListHandle
  }
}

export const onList = (ctx: CommandContext) => !!ctx.view.projectsList
/** The selection when there is one, else the focused row. */
export function targetIds(ctx: CommandContext): string[] {
  if (ctx.view.selection?.length) return [...ctx.view.selection]
  return ctx.view.focused?.kind === 'project' ? [ctx.view.focused.id] : []
}
const targetRows = (ctx: CommandContext) => {
  const ids = targetIds(ctx)
  return (ctx.view.projectsList?.rows ?? []).filter((r) => ids.includes(r.id))
}
const noTarget = (ctx: CommandContext) =>
  targetIds(ctx).length ? null : 'Focus a project with J/K or select some with X'
const send = (ctx: CommandContext, event: Parameters<ProjectsListHandle['actor']['send']>[0]) =>
  ctx.view.projectsList?.actor.send(event)
const count = (ctx: CommandContext, one: string, many: string) => {
  const n = targetIds(ctx).length
  return n > 1 ? `${many} ${n} projects` : one
}
const PROJECT_NOUN = { one: 'project', many: 'projects' }

/**
 * The targets of a decision split by whether it changes them: Approve leaves the approved ones and
 * Reject the rejected ones (SPEC.md 4: offered unless already so); any other status is set on all.
 */
function verifyPlan(ctx: CommandContext, status: VerificationStatus): BulkPlan {
  const settles = status === 'approved' || status === 'rejected'
  return planBulk(targetRows(ctx), (r) =>
    settles && r.verificationStatus === status ? alreadyIn(status.replace(/_/g, ' ')) : null,
  )
}

/** For each of `ids` another moderator holds in triage, that moderator's name (the machine asks first). */
function claimedBy(ctx: CommandContext, ids: readonly string[]): string[] {
  const of = ctx.view.projectsList?.claimedBy
  return of ? ids.flatMap((id) => of(id) ?? []) : []
}

/** The decision `status` of the targets it changes, with their claims by others and the palette's `notes`. */
function verifyEvent(ctx: CommandContext, status: VerificationStatus, notes?: string) {
  const ids = verifyPlan(ctx, status).ids
  const claimed = claimedBy(ctx, ids)
  return {
    type: 'action.verify' as const,
    ids,
    status,
    ...(notes === undefined ? {} : { notes }),
    ...(claimed.length ? { claimedBy: claimed } : {}),
  }
}

/** Goes to the list with `patch` applied to the filters in the URL. */
export function navigateFilters(ctx: CommandContext, patch: Partial<ProjectListFilters>) {
  const list = ctx.view.projectsList
  if (!list) return
  const query = toListSearch({ ...list.filters, ...patch })
  ctx.navigate(query ? `/projects?${query}` : '/projects')
}

function verifyCommand(id: string, status: VerificationStatus, verb: string, shortcut?: string): Command {
  return {
    id,
    shortcut,
    group: 'Projects',
    title: `${verb} project`,
    keywords: ['verification', 'status', status.replace(/_/g, ' ')],
    label: (ctx) =>
      targetIds(ctx).length > 1
        ? bulkLabel(verifyPlan(ctx, status), PROJECT_NOUN, (n) => `${verb} ${n}`, verb)
        : `${verb} project`,
    // One row already in the status is not offered the decision (SPEC.md 4); several say why not.
    when: (ctx) => onList(ctx) && !(targetIds(ctx).length === 1 && verifyPlan(ctx, status).refused.length === 1),
    disabledReason: (ctx) => noTarget(ctx) ?? bulkDisabledReason(verifyPlan(ctx, status)),
    run: (ctx) => send(ctx, verifyEvent(ctx, status)),
    argument: status === 'rejected' || status === 'needs_changes' ? reasonArgument(status, verb) : undefined,
  }
}

/**
 * The palette's reason page of Reject and Request changes: the admin's templates of that decision,
 * {title}/{owner}/{category} filled from the one target project (several: 'your project' and no
 * owner); Enter runs the decision with the reason as its notes, without the dialog.
 */
function reasonArgument(status: 'rejected' | 'needs_changes', verb: string): Command['argument'] {
  return {
    kind: 'text',
    prompt: (ctx) => {
      const ids = verifyPlan(ctx, status).ids
      const one = targetRows(ctx).find((r) => r.id === ids[0])
      return `Reason for ${status === 'rejected' ? 'rejecting' : 'requesting changes on'} ${ids.length > 1 ? `${ids.length} projects` : (one?.title ?? 'the project')}`
    },
    placeholder: `Why? The owner reads this (${verb.toLowerCase()})`,
    requiredMessage: status === 'rejected' ? 'Enter a reason for the rejection' : 'Enter the changes needed',
    templates: {
      decision: status,
      values: (ctx) => {
        const rows = targetRows(ctx)
        if (rows.length !== 1) return { title: 'your project' }
        const about = ctx.view.projectsList?.about?.(rows[0].id)
        return { title: rows[0].title, owner: about?.owner, category: about?.category }
      },
    },
    runWith: (ctx, notes) => send(ctx, verifyEvent(ctx, status, notes)),
  }
}

const keys = listCommands(
  'projects',
  {
    group: 'Projects',
    kind: 'project',
    noun: { one: 'project', a: 'a project', many: 'projects' },
    shape: 'paged',
    handle: (ctx) => ctx.view.projectsList,
    actor: (handle) => handle.actor,
    rowLabel: (row) => row.title,
  },
  {
    page: (ctx) => ctx.view.projectsList?.filters.page ?? 1,
    totalPages: (ctx) => ctx.view.projectsList?.totalPages ?? 1,
    go: (ctx, page) => navigateFilters(ctx, { page }),
  },
)

export const projectsListCommands: Command[] = [
  ...keys.focus,
  ...keys.select,
  keys.open({
    id: 'projects.open',
    title: 'Open focused project',
    shortcut: 'enter',
    go: (ctx, id) => ctx.navigate(`/projects/${id}`),
  }),
  verifyCommand('projects.approve', 'approved', 'Approve', 'a'),
  verifyCommand('projects.reject', 'rejected', 'Reject', 'r'),
  verifyCommand('projects.markUnderReview', 'under_review', 'Mark under review'),
  verifyCommand('projects.markNeedsChanges', 'needs_changes', 'Request changes on'),
  verifyCommand('projects.markPending', 'pending', 'Mark pending'),
  {
    id: 'projects.toggleActive',
    title: 'Activate / deactivate project',
    group: 'Projects',
    shortcut: 'e',
    when: onList,
    label: (ctx) => {
      const rows = targetRows(ctx)
      const { verb, plan } = activeTogglePlan(rows)
      return rows.length > 1 ? bulkLabel(plan, PROJECT_NOUN, (n) => `${verb} ${n}`, verb) : `${verb} project`
    },
    checked: (ctx) => {
      const rows = targetRows(ctx)
      return rows.length > 0 && rows.every((r) => r.isActive)
    },
    disabledReason: noTarget,
    // All active: deactivate them all; else activate the inactive ones, leaving the active ones as they are.
    run: (ctx) => {
      const { isActive, plan } = activeTogglePlan(targetRows(ctx))
      send(ctx, { type: 'action.setActive', ids: plan.ids, isActive })
    },
  },
  {
    id: 'projects.delete',
    title: 'Delete project',
    group: 'Projects',
    shortcut: '#',
    when: onList,
    label: (ctx) => count(ctx, 'Delete project', 'Delete'),
    disabledReason: noTarget,
    run: (ctx) => send(ctx, { type: 'action.delete', ids: targetIds(ctx) }),
  },
  {
    id: 'projects.deleteSelected',
    title: 'Delete selected projects',
    group: 'Projects',
    when: (ctx) => onList(ctx) && !!ctx.view.selection?.length,
    label: (ctx) => `Delete Selected (${ctx.view.selection?.length ?? 0})`,
    run: (ctx) => send(ctx, { type: 'action.delete', ids: [...(ctx.view.selection ?? [])] }),
  },
  {
    id: 'projects.decideAnyway',
    title: 'Decide anyway (another moderator is reviewing)',
    group: 'Projects',
    label: () => 'Decide anyway',
    keywords: ['claim', 'triage', 'reviewing', 'confirm'],
    when: (ctx) => !!ctx.view.projectsList?.askingClaimOf,
    run: (ctx) => send(ctx, { type: 'confirm.accept' }),
  },
  {
    id: 'projects.leaveToReviewer',
    title: 'Leave the decision to the moderator reviewing it',
    group: 'Projects',
    label: () => 'Cancel',
    keywords: ['claim', 'triage', 'reviewing', 'cancel'],
    when: (ctx) => !!ctx.view.projectsList?.askingClaimOf,
    run: (ctx) => send(ctx, { type: 'confirm.cancel' }),
  },
  keys.clearSelection,
  ...keys.pages,
  keys.search,
  keys.clearFilters,
  {
    id: 'projects.add',
    title: 'Add Project',
    group: 'Projects',
    keywords: ['new', 'create'],
    when: (ctx) => ctx.route.startsWith('/projects') && ctx.route !== '/projects/new',
    run: (ctx) => ctx.navigate('/projects/new'),
  },
]
