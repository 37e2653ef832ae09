/**
 * Contacts list (SPEC.md 2 "Contacts list", 4 "Contact status", 5, 8): stats cards, search,
 * status filter and page size in the URL, numbered pages (a paged list, decision 029) in a
 * virtualized table whose pagination works, row and bulk status actions through the list machine
 * (bulk ones persisted by PUT /api/contacts/bulk-update), and the command context (focus,
 * selection, actor) that j/k/x/Enter/i/y/e/shift+u, their shift+ bulk forms, '/', '[' / ']' and
 * the palette act on.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { Archive, MailOpen, Reply } from 'lucide-react'
import { useLocation } from 'wouter'
import { invalidateContacts, prefetchContact, useContactList, type ContactListFilters } from '../../../api/contacts'
import type { ContactListResponse, ContactSummary } from '../../../api/schemas/contacts'
import { CommandButton } from '../../../commands/command-button'
import type { ContactsListHandle } from '../../../commands/contacts-list.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { ListScreenBody, type ListTexts } from '../../../components/list/list-screen-body'
import { useListScreen, type PagedListConfig } from '../../../components/list/use-list-screen'
import { PageHeader } from '../../../components/page-header'
import { toast } from '../../../components/toast'
import { useOfferUndo } from '../../layout/undo-context'
import { contactsListMachine, type ContactRow } from '../../../machines/contacts-list.machine'
import { ContactStats } from './contact-stats'
import { ContactsFilters } from './contacts-filters'
import { ContactsTable } from './contacts-table'
import { parseContactsSearch, toContactsSearch } from './contacts-url'
import './contacts-list.css'

const LIST: PagedListConfig<
  ContactListFilters,
  ContactListFilters,
  ContactListResponse,
  ContactSummary,
  ContactRow,
  typeof contactsListMachine
> = {
  shape: 'paged',
  kind: 'contact',
  machine: contactsListMachine,
  url: { parse: parseContactsSearch, serialise: toContactsSearch, keep: ['limit'] },
  useQuery: useContactList,
  items: (data) => data.contacts,
  pagination: (data) => ({
    page: data.pagination.currentPage,
    totalPages: data.pagination.totalPages,
    total: data.pagination.totalContacts,
  }),
  limit: (filters) => filters.limit,
  row: (c) => ({ id: c._id, name: c.name, status: c.status, updatedAt: c.updatedAt }),
  prefetch: (id, queryClient) => prefetchContact(queryClient, id),
  detailRoute: '/contacts/:id',
}

const TEXTS: ListTexts = {
  loading: 'Loading contacts',
  errorTitle: 'Error Loading Contacts',
  errorFallback: 'Failed to load contacts',
  empty: 'No contacts found',
  noun: ['contact', 'contacts'],
}

export default function ContactsListView() {
  const screen = useListScreen(LIST)
  const { url: filters, actor, rows, selection } = screen
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()
  const busy = useSelector(actor, (s) => s.matches('acting'))

  useEffect(() => {
    const subs = [
      actor.on('notify.success', (e) => toast.success(e.text)),
      actor.on('undo.offered', (e) => offerUndo(e.text, e.undo, 'contacts')),
      actor.on('notify.error', (e) => toast.error(e.text)),
      actor.on('contacts.changed', (e) => void invalidateContacts(queryClient, e.contact)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, queryClient, offerUndo])

  const totalPages = Math.max(screen.paging?.totalPages ?? 1, 1)
  const handle = useMemo<ContactsListHandle>(
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
  usePublishCommandContext(useMemo(() => ({ contactsList: handle, ...screen.published }), [handle, screen.published]))

  const open = useMemo(() => (id: string) => navigate(`/contacts/${id}`), [navigate])
  return (
    <div className="list-screen contacts-list" data-testid="contacts-list">
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
      <ContactsFilters
        searchText={screen.searchText}
        onSearchText={screen.setSearchText}
        searchRef={screen.searchRef}
      />
      <ListScreenBody screen={screen} texts={TEXTS} scope="contacts">
        {() => <ContactsTable contacts={screen.items} focus={screen.focus} selection={selection} onOpen={open} />}
      </ListScreenBody>
    </div>
  )
}
