/**
 * Users list commands (SPEC.md 2 "Users list"): j/k focus, x and shift+x select, Enter
 * opens, e activates/deactivates the selection or else the focused row (a row's own controls pass
 * it as `target`), View and Edit open the user, bulk Activate/Deactivate act on the users of the
 * selection they change ('Activate 2 users, 3 already active'; never the admin's own deactivation;
 * 'Please select users to update' without a selection), / focuses the search, [ and ] page. They read
 * what the list view publishes (`usersList`, `focused`, `selection`) and only send events to its
 * actor or navigate. Filters and page size: users-list-filters.commands.ts; Add User:
 * add-user.commands.ts.
 */
import type { ActorRefFrom } from 'xstate'
import type { UserListFilters } from '../api/users'
import { activeTogglePlan, bulkDisabledReason, bulkLabel, planBulk, type BulkPlan } from '../domain/bulk'
import { userStatusRefusal } from '../domain/user-status'
import type { UserRow, usersListMachine } from '../machines/users-list.machine'
import { usersListPath } from '../views/users/list/users-url'
import { listCommands } from './list.commands'
import type { Command, CommandContext } from './registry'

/** What the users list view publishes for its commands. */
export interface UsersListHandle {
  actor: ActorRefFrom<typeof usersListMachine>
  rows: readonly UserRow[]
  /** The list's selection (kept here too: a row's own controls run with the selection cleared). */
  selected: readonly string[]
  /** The filters in the URL; commands navigate to change them. */
  filters: UserListFilters
  totalPages: number
  /** True while a status change is with the server. */
  busy: boolean
  focusSearch: () => void
  /** A search or filter narrows the list; `clearFilters` drops them (Clear filters). */
  filtered: boolean
  clearFilters: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    usersList?: UsersListHandle
  }
}

export const onUsersList = (ctx: CommandContext) => !!ctx.view.usersList
const list = (ctx: CommandContext) => ctx.view.usersList
/** The selection when there is one, else the focused user. */
export function targetUserIds(ctx: CommandContext): string[] {
  if (ctx.view.selection?.length) return [...ctx.view.selection]
  return ctx.view.focused?.kind === 'user' ? [ctx.view.focused.id] : []
}
const rowsOf = (ctx: CommandContext, ids: readonly string[]) =>
  (list(ctx)?.rows ?? []).filter((r) => ids.includes(r.id))
const busy = (ctx: CommandContext) => (list(ctx)?.busy ? 'Updating users…' : null)
const send = (ctx: CommandContext, event: Parameters<UsersListHandle['actor']['send']>[0]) =>
  list(ctx)?.actor.send(event)
const USER_NOUN = { one: 'user', many: 'users' }
/** The signed-in admin's id (undefined before the profile is in). */
const me = (ctx: CommandContext) => ctx.auth.getSnapshot().context.admin?._id
/** The selected users split by whether they can be set to `isActive` (src/domain/user-status.ts). */
const bulkPlan = (ctx: CommandContext, isActive: boolean): BulkPlan =>
  planBulk(rowsOf(ctx, ctx.view.selection ?? []), (r) => userStatusRefusal(r, isActive, me(ctx)))
/** E on the targets: all active → deactivate them (not the admin themself), else activate the inactive ones. */
const togglePlan = (ctx: CommandContext) =>
  activeTogglePlan(rowsOf(ctx, targetUserIds(ctx)), (r, isActive) => userStatusRefusal(r, isActive, me(ctx)))

/** Goes to the list with `patch` applied to the filters in the URL. */
export function navigateUserFilters(ctx: CommandContext, patch: Partial<UserListFilters>) {
  const handle = list(ctx)
  if (handle) ctx.navigate(usersListPath({ ...handle.filters, ...patch }))
}

/**
 * Bulk Activate/Deactivate of the selection: counts the users it changes ('Activate 2 users, 3
 * already active'), disabled with the reason when none; sends only those. Without a selection it
 * still runs and the machine says 'Please select users to update' (SPEC.md 5).
 */
function bulkCommand(id: string, verb: 'Activate' | 'Deactivate', shortcut: string): Command {
  const isActive = verb === 'Activate'
  return {
    id,
    title: `${verb} selected users`,
    group: 'Users',
    shortcut,
    keywords: ['bulk', 'status', verb.toLowerCase()],
    when: onUsersList,
    label: (ctx) => bulkLabel(bulkPlan(ctx, isActive), USER_NOUN, (n) => `${verb} ${n}`, verb),
    disabledReason: (ctx) => busy(ctx) ?? bulkDisabledReason(bulkPlan(ctx, isActive)),
    run: (ctx) => send(ctx, { type: 'bulk.set', ids: bulkPlan(ctx, isActive).ids, isActive }),
  }
}

const keys = listCommands(
  'users',
  {
    group: 'Users',
    kind: 'user',
    noun: { one: 'user', a: 'a user', many: 'users' },
    shape: 'paged',
    handle: list,
    actor: (handle) => handle.actor,
    rowLabel: (row) => row.name,
  },
  {
    page: (ctx) => list(ctx)?.filters.page ?? 1,
    totalPages: (ctx) => list(ctx)?.totalPages ?? 1,
    go: (ctx, page) => navigateUserFilters(ctx, { page }),
  },
)
const openUser = (id: string, title: string, label: string, shortcut?: string) =>
  keys.open({ id, title, label, shortcut, go: (ctx, user) => ctx.navigate(`/users/${user}`) })

export const usersListCommands: Command[] = [
  ...keys.focus,
  ...keys.select,
  openUser('users.open', 'Open focused user', 'Open user', 'enter'),
  openUser('users.view', 'View user', 'View'),
  openUser('users.edit', 'Edit user', 'Edit'),
  {
    id: 'users.toggleActive',
    title: 'Activate / deactivate user',
    group: 'Users',
    shortcut: 'e',
    when: onUsersList,
    keywords: ['status'],
    label: (ctx) => {
      const { verb, plan } = togglePlan(ctx)
      return plan.total > 1 ? bulkLabel(plan, USER_NOUN, (n) => `${verb} ${n}`, verb) : `${verb} user`
    },
    checked: (ctx) => {
      const rows = rowsOf(ctx, targetUserIds(ctx))
      return rows.length > 0 && rows.every((r) => r.isActive)
    },
    disabledReason: (ctx) =>
      busy(ctx) ??
      (targetUserIds(ctx).length
        ? bulkDisabledReason(togglePlan(ctx).plan)
        : 'Focus a user with J/K or select some with X'),
    // Several rows go through the bulk call (one transaction): all active → deactivate them, else activate the inactive ones.
    run: (ctx) => {
      const { isActive, plan } = togglePlan(ctx)
      const { ids } = plan
      send(
        ctx,
        targetUserIds(ctx).length > 1 ? { type: 'bulk.set', ids, isActive } : { type: 'status.set', ids, isActive },
      )
    },
  },
  bulkCommand('users.bulkActivate', 'Activate', 'shift+a'),
  bulkCommand('users.bulkDeactivate', 'Deactivate', 'shift+d'),
  keys.clearSelection,
  ...keys.pages,
  keys.search,
  keys.clearFilters,
]
