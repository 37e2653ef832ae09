/**
 * The users list's filter options as commands (SPEC.md 2 "Users list"): role (all, admin, agent,
 * user), status (all, active, inactive) and page size, one palette entry per option
 * (`users.filter.role.agent`). Each navigates to the list with the filter in the URL and page 1.
 */
import type { UserListFilters } from '../api/users'
import { PAGE_SIZES } from '../lib/list-url'
import type { Command, CommandContext } from './registry'
import { navigateUserFilters, onUsersList } from './users-list.commands'

const filters = (ctx: CommandContext) => ctx.view.usersList?.filters

function option(
  id: string,
  title: string,
  label: string,
  isOn: (f: UserListFilters) => boolean,
  patch: Partial<UserListFilters>,
): Command {
  return {
    id,
    title,
    label: () => label,
    group: 'Filters',
    keywords: ['filter', 'show', 'users', label.toLowerCase()],
    when: onUsersList,
    checked: (ctx) => {
      const f = filters(ctx)
      return !!f && isOn(f)
    },
    run: (ctx) => navigateUserFilters(ctx, { ...patch, page: 1 }),
  }
}

const ROLES = [
  ['admin', 'Admins', 'Admin'],
  ['agent', 'Agents', 'Agent'],
  ['user', 'Users', 'User'],
] as const
const STATUSES = [
  ['active', 'Active'],
  ['inactive', 'Inactive'],
] as const

export const usersFilterCommands: Command[] = [
  option('users.filter.role.all', 'Show users of every role', 'All Roles', (f) => !f.role, { role: '' }),
  ...ROLES.map(([role, plural, label]) =>
    option(`users.filter.role.${role}`, `Show ${plural.toLowerCase()} only`, label, (f) => f.role === role, { role }),
  ),
  option('users.filter.status.all', 'Show active and inactive users', 'All Status', (f) => !f.status, { status: '' }),
  ...STATUSES.map(([status, label]) =>
    option(`users.filter.status.${status}`, `Show ${status} users`, label, (f) => f.status === status, { status }),
  ),
  ...PAGE_SIZES.map((n) =>
    option(`users.pageSize.${n}`, `Show ${n} users per page`, `${n} per page`, (f) => f.limit === n, { limit: n }),
  ),
]
