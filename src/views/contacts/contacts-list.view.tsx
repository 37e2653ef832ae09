/**
 * Contacts list (SPEC.md 2 "Contacts list", 4 "Contact status", 5, 8): stats cards,
 * search, status filter and page size in the URL, a virtualized page-numbered table whose
 * pagination works, row and bulk status actions through the list machine (bulk ones persisted by
 * PUT /api/contacts/bulk-update), and the command context (focus, selection, actor) that
 * j/k/x/Enter/i/y/e/shift+u, their shift+ bulk forms, '/', '[' / ']' and the palette act on.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { Archive, MailOpen, Reply } from 'lucide-react'
import { useDebounce } from 'use-debounce'
import { useLocation } from 'wouter'
import { invalidateContacts, prefetchContact, useContactList } from '../../api/contacts'
import { CommandButton } from '../../commands/command-button'
import { CommandRetry } from '../../commands/command-retry'
import type { ContactsListHandle } from '../../commands/contacts-list.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { toast } from '../../components/toast'
import { useOfferUndo } from '../layout/undo-context'
import { contactsListMachine } from '../../machines/contacts-list.machine'
import { actorOptions } from '../../machines/shared/inspect'
import { ListPagination } from '../projects/components/list-pagination'
import { useUrlFilters } from '../projects/use-list-url'
import { ContactStats } from './list/contact-stats'
import { ContactsFilters } from './list/contacts-filters'
import { ContactsTable } from './list/contacts-table'
import { parseContactsSearch, toContactsSearch } from './list/contacts-url'
import './list/contacts-list.css'

/** Focus dwell before the focused contact is prefetched, ms (holding j/k fetches nothing). */
const PREFETCH_DELAY_MS = 150
const PAGES = { prev: 'contacts.prevPage', next: 'contacts.nextPage' }

export default function ContactsListView() {
  const { filters, searchText, setSearchText } = useUrlFilters(parseContactsSearch, toContactsSearch)
  const { data, error, isPending, refetch } = useContactList(filters)
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()
  const searchRef = useRef<HTMLInputElement>(null)

  const actor = useActorRef(contactsListMachine, actorOptions())
  const focus = useSelector(actor, (s) => s.context.focus)
  const selection = useSelector(actor, (s) => s.context.selection)
  const rows = useSelector(actor, (s) => s.context.rows)
  const busy = useSelector(actor, (s) => s.matches('acting'))

  useEffect(() => {
    actor.send({
      type: 'rows.loaded',
      rows: (data?.contacts ?? []).map((c) => ({ id: c._id, name: c.name, status: c.status })),
    })
  }, [data, actor])
  useEffect(() => {
    const subs = [
      actor.on('notify.success', (e) => toast.success(e.text)),
      actor.on('undo.offered', (e) => offerUndo(e.text, e.undo, 'contacts')),
      actor.on('notify.error', (e) => toast.error(e.text)),
      actor.on('contacts.changed', (e) => void invalidateContacts(queryClient, e.contact)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, queryClient, offerUndo])

  const focusedId = rows[focus]?.id
  // The row that keeps focus for a moment is likely opened next: load its detail ahead.
  const [dwelled] = useDebounce(focusedId, PREFETCH_DELAY_MS)
  useEffect(() => {
    if (dwelled) void prefetchContact(queryClient, dwelled)
  }, [dwelled, queryClient])
  const totalPages = Math.max(data?.pagination.totalPages ?? 1, 1)
  const handle = useMemo<ContactsListHandle>(
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
  const published = useMemo(
    () => ({
      contactsList: handle,
      selection,
      focused: focusedId ? { kind: 'contact', id: focusedId } : undefined,
    }),
    [handle, selection, focusedId],
  )
  usePublishCommandContext(published)

  const open = useMemo(() => (id: string) => navigate(`/contacts/${id}`), [navigate])
  const contacts = data?.contacts ?? []
  return (
    <div className="projects-list contacts-list" data-testid="contacts-list">
      <PageHeader
        title="Contacts"
        description="Storefront inquiries. J/K to move, X to select, Enter to open; I read, Y replied, E archive, ⇧U unread; with ⇧, I/Y/E act on the selection."
        actions={
          <>
            <CommandButton id="contacts.bulkMarkRead" icon={<MailOpen size={14} />} />
            <CommandButton id="contacts.bulkMarkReplied" icon={<Reply size={14} />} />
            <CommandButton id="contacts.bulkArchive" icon={<Archive size={14} />} />
          </>
        }
      />
      <ContactStats />
      <ContactsFilters searchText={searchText} onSearchText={setSearchText} searchRef={searchRef} />
      {isPending ? (
        <LoadingState title="Loading contacts" />
      ) : error && !data ? (
        <ErrorState
          title="Error Loading Contacts"
          message={error.message || 'Failed to load contacts'}
          action={<CommandRetry retry={() => void refetch()} />}
        />
      ) : contacts.length === 0 ? (
        <EmptyState title="No contacts found" description="Try another search or status" />
      ) : (
        <>
          <ContactsTable contacts={contacts} focus={focus} selection={selection} onOpen={open} />
          <ListPagination
            page={data!.pagination.currentPage}
            totalPages={data!.pagination.totalPages}
            total={data!.pagination.totalContacts}
            limit={filters.limit}
            commands={PAGES}
          />
        </>
      )}
    </div>
  )
}
