/**
 * Users list (SPEC.md 2 "Users list", 5, 6, 8): stats cards, search and filters in the URL,
 * numbered pages (a paged list, decision 029) in a virtualized table, row and bulk status actions
 * through the list machine, the Add User dialog through its machine, and the command context
 * (focus, selection, actors) that j/k/x/e/Enter/'/' and the palette act on.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { CircleCheck, CircleSlash, UserPlus } from 'lucide-react'
import { useLocation } from 'wouter'
import type { UserListResponse, UserSummary } from '../../../api/schemas/users'
import { invalidateUsers, prefetchUser, useUserList, type UserListFilters } from '../../../api/users'
import type { AddUserHandle } from '../../../commands/add-user.commands'
import { CommandButton } from '../../../commands/command-button'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import type { UsersListHandle } from '../../../commands/users-list.commands'
import { ListScreenBody, type ListTexts } from '../../../components/list/list-screen-body'
import { useListScreen, type PagedListConfig } from '../../../components/list/use-list-screen'
import { PageHeader } from '../../../components/page-header'
import { toast } from '../../../components/toast'
import { useOfferUndo } from '../../layout/undo-context'
import { addUserMachine } from '../../../machines/add-user.machine'
import { actorOptions } from '../../../machines/shared/inspect'
import { usersListMachine, type UserRow } from '../../../machines/users-list.machine'
import { AddUserDialog } from './add-user-dialog'
import { UserStats } from './user-stats'
import { UsersFilters } from './users-filters'
import { UsersTable } from './users-table'
import { parseUsersSearch, toUsersSearch } from './users-url'
import './users-list.css'

const LIST: PagedListConfig<
  UserListFilters,
  UserListFilters,
  UserListResponse,
  UserSummary,
  UserRow,
  typeof usersListMachine
> = {
  shape: 'paged',
  kind: 'user',
  machine: usersListMachine,
  url: { parse: parseUsersSearch, serialise: toUsersSearch, keep: ['limit'] },
  useQuery: useUserList,
  items: (data) => data.users,
  pagination: (data) => ({
    page: data.pagination.currentPage,
    totalPages: data.pagination.totalPages,
    total: data.pagination.totalUsers,
  }),
  limit: (filters) => filters.limit,
  row: (u) => ({ id: u._id, name: u.name, isActive: u.isActive, updatedAt: u.updatedAt }),
  prefetch: (id, queryClient) => prefetchUser(queryClient, id),
  detailRoute: '/users/:id',
}

const TEXTS: ListTexts = {
  loading: 'Loading users',
  errorTitle: 'Error Loading Users',
  errorFallback: 'Failed to load users',
  empty: 'No users found',
  noun: ['user', 'users'],
}

export default function UsersListView() {
  const screen = useListScreen(LIST)
  const { url: filters, actor, rows, selection } = screen
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()

  const busy = useSelector(actor, (s) => s.matches('acting'))
  const addUser = useActorRef(addUserMachine, actorOptions())
  const addState = useSelector(addUser, (s) => s.value as AddUserHandle['state'])
  const draft = useSelector(addUser, (s) => s.context.draft)

  useEffect(() => {
    const subs = [
      actor.on('notify.success', (e) => toast.success(e.text)),
      actor.on('undo.offered', (e) => offerUndo(e.text, e.undo, 'users')),
      actor.on('notify.error', (e) => toast.error(e.text)),
      actor.on('users.changed', () => void invalidateUsers(queryClient)),
      addUser.on('users.changed', () => void invalidateUsers(queryClient)),
      addUser.on('user.open', (e) => navigate(`/users/${e.id}`)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, addUser, queryClient, navigate, offerUndo])

  const totalPages = Math.max(screen.paging?.totalPages ?? 1, 1)
  const handle = useMemo<UsersListHandle>(
    () => ({
      actor,
      rows,
      selected: selection,
      filters,
      totalPages,
      busy,
      focusSearch: screen.focusSearch,
      filtered: screen.filtered,
      clearFilters: screen.clearFilters,
    }),
    [actor, rows, selection, filters, totalPages, busy, screen.focusSearch, screen.filtered, screen.clearFilters],
  )
  const addHandle = useMemo<AddUserHandle>(
    () => ({ actor: addUser, state: addState, draft }),
    [addUser, addState, draft],
  )
  usePublishCommandContext(
    useMemo(
      () => ({ usersList: handle, addUser: addHandle, ...screen.published }),
      [handle, addHandle, screen.published],
    ),
  )

  const open = useMemo(() => (id: string) => navigate(`/users/${id}`), [navigate])
  return (
    <div className="list-screen users-list" data-testid="users-list">
      <PageHeader
        title="Users"
        description="Users, agents and admins of the marketplace. J/K to move, X to select, E activate/deactivate, Enter to open, @ in the palette finds a user."
        actions={
          <>
            <CommandButton id="users.bulkActivate" icon={<CircleCheck size={14} />} />
            <CommandButton id="users.bulkDeactivate" icon={<CircleSlash size={14} />} />
            <CommandButton id="users.add" variant="primary" icon={<UserPlus size={14} />} />
          </>
        }
      />
      <UserStats />
      <UsersFilters searchText={screen.searchText} onSearchText={screen.setSearchText} searchRef={screen.searchRef} />
      <ListScreenBody screen={screen} texts={TEXTS} scope="users">
        {() => <UsersTable users={screen.items} focus={screen.focus} selection={selection} onOpen={open} />}
      </ListScreenBody>
      <AddUserDialog actor={addUser} />
    </div>
  )
}
