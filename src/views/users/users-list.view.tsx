/**
 * Users list (SPEC.md 2 "Users list", 5, 6, 8): stats cards, search and filters in the
 * URL, a virtualized table, row and bulk status actions through the list machine, the Add User
 * dialog through its machine, and the command context (focus, selection, actors) that
 * j/k/x/e/Enter/'/' and the palette act on.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { CircleCheck, CircleSlash, UserPlus } from 'lucide-react'
import { useDebounce } from 'use-debounce'
import { useLocation } from 'wouter'
import { invalidateUsers, prefetchUser, useUserList } from '../../api/users'
import type { AddUserHandle } from '../../commands/add-user.commands'
import { CommandButton } from '../../commands/command-button'
import { CommandRetry } from '../../commands/command-retry'
import { usePublishCommandContext } from '../../commands/use-command-context'
import type { UsersListHandle } from '../../commands/users-list.commands'
import { PageHeader } from '../../components/page-header'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { toast } from '../../components/toast'
import { useOfferUndo } from '../layout/undo-context'
import { addUserMachine } from '../../machines/add-user.machine'
import { actorOptions } from '../../machines/shared/inspect'
import { usersListMachine } from '../../machines/users-list.machine'
import { ListPagination } from '../projects/components/list-pagination'
import { useUrlFilters } from '../projects/use-list-url'
import { AddUserDialog } from './list/add-user-dialog'
import { UserStats } from './list/user-stats'
import { UsersFilters } from './list/users-filters'
import { UsersTable } from './list/users-table'
import { parseUsersSearch, toUsersSearch } from './list/users-url'

/** Focus dwell before the focused user is prefetched, ms (holding j/k fetches nothing). */
const PREFETCH_DELAY_MS = 150
const PAGES = { prev: 'users.prevPage', next: 'users.nextPage' }

export default function UsersListView() {
  const { filters, searchText, setSearchText } = useUrlFilters(parseUsersSearch, toUsersSearch)
  const { data, error, isPending, refetch } = useUserList(filters)
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()
  const searchRef = useRef<HTMLInputElement>(null)

  const actor = useActorRef(usersListMachine, actorOptions())
  const focus = useSelector(actor, (s) => s.context.focus)
  const selection = useSelector(actor, (s) => s.context.selection)
  const rows = useSelector(actor, (s) => s.context.rows)
  const busy = useSelector(actor, (s) => s.matches('acting'))
  const addUser = useActorRef(addUserMachine, actorOptions())
  const addState = useSelector(addUser, (s) => s.value as AddUserHandle['state'])
  const draft = useSelector(addUser, (s) => s.context.draft)

  useEffect(() => {
    actor.send({
      type: 'rows.loaded',
      rows: (data?.users ?? []).map((u) => ({ id: u._id, name: u.name, isActive: u.isActive })),
    })
  }, [data, actor])
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

  const focusedId = rows[focus]?.id
  // The row that keeps focus for a moment is likely opened next: load its detail ahead.
  const [dwelled] = useDebounce(focusedId, PREFETCH_DELAY_MS)
  useEffect(() => {
    if (dwelled) void prefetchUser(queryClient, dwelled)
  }, [dwelled, queryClient])
  const totalPages = Math.max(data?.pagination.totalPages ?? 1, 1)
  const handle = useMemo<UsersListHandle>(
    () => ({
      actor,
      rows,
      selected: selection,
      filters,
      totalPages,
      busy,
      focusSearch: () => searchRef.current?.focus(),
    }),
    [actor, rows, selection, filters, totalPages, busy],
  )
  const addHandle = useMemo<AddUserHandle>(
    () => ({ actor: addUser, state: addState, draft }),
    [addUser, addState, draft],
  )
  const published = useMemo(
    () => ({
      usersList: handle,
      addUser: addHandle,
      selection,
      focused: focusedId ? { kind: 'user', id: focusedId } : undefined,
    }),
    [handle, addHandle, selection, focusedId],
  )
  usePublishCommandContext(published)

  const open = useMemo(() => (id: string) => navigate(`/users/${id}`), [navigate])
  const users = data?.users ?? []
  return (
    <div className="projects-list users-list" data-testid="users-list">
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
      <UsersFilters searchText={searchText} onSearchText={setSearchText} searchRef={searchRef} />
      {isPending ? (
        <LoadingState title="Loading users" />
      ) : error && !data ? (
        <ErrorState
          title="Error Loading Users"
          message={error.message || 'Failed to load users'}
          action={<CommandRetry retry={() => void refetch()} />}
        />
      ) : users.length === 0 ? (
        <EmptyState title="No users found" description="Try another search or filter" />
      ) : (
        <>
          <UsersTable users={users} focus={focus} selection={selection} onOpen={open} />
          <ListPagination
            page={data!.pagination.currentPage}
            totalPages={data!.pagination.totalPages}
            total={data!.pagination.totalUsers}
            limit={filters.limit}
            commands={PAGES}
          />
        </>
      )}
      <AddUserDialog actor={addUser} />
    </div>
  )
}
