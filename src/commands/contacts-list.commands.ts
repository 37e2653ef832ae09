/**
 * Contacts list commands (SPEC.md 2 "Contacts list", 4 "Contact status", 5): j/k focus,
 * x and shift+x select, select all / clear, Enter and View open the contact; on the focused row
 * (or a row's own control, passed as `target`) i marks it read, y replied, e archives it and
 * shift+u marks it unread, each disabled in its own status; on the selection shift+i, shift+y and
 * shift+e (and 'Mark N contacts as unread' from the palette), which without one say 'Please select
 * contacts to update'; / focuses the search, [ and ] page. They read what the list view publishes
 * (`contactsList`, `focused`, `selection`) and only send events to its actor or navigate. Filters
 * and page size: contacts-list-filters.commands.ts.
 */
import type { ActorRefFrom } from 'xstate'
import type { ContactListFilters } from '../api/contacts'
import { CONTACT_BULK_ACTIONS, CONTACT_STATUS_LABELS, type ContactBulkAction } from '../api/schemas/contacts'
import { CONTACT_ACTION_WORDS, contactsCount } from '../machines/contacts-list.actions'
import type { ContactRow, contactsListMachine } from '../machines/contacts-list.machine'
import { contactsListPath } from '../views/contacts/list/contacts-url'
import type { Command, CommandContext } from './registry'

/** What the contacts list view publishes for its commands. */
export interface ContactsListHandle {
  actor: ActorRefFrom<typeof contactsListMachine>
  rows: readonly ContactRow[]
  /** The list's selection (kept here too: a row's own controls run with the selection cleared). */
  selected: readonly string[]
  /** The filters in the URL; commands navigate to change them. */
  filters: ContactListFilters
  totalPages: number
  /** True while a status change is with the server. */
  busy: boolean
  focusSearch: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    contactsList?: ContactsListHandle
  }
}

export const onContactsList = (ctx: CommandContext) => !!ctx.view.contactsList
const list = (ctx: CommandContext) => ctx.view.contactsList
const focusedId = (ctx: CommandContext) => (ctx.view.focused?.kind === 'contact' ? ctx.view.focused.id : undefined)
const focusedRow = (ctx: CommandContext) => {
  const id = focusedId(ctx)
  return id ? list(ctx)?.rows.find((r) => r.id === id) : undefined
}
const noFocus = (ctx: CommandContext) => (focusedId(ctx) ? null : 'Focus a contact with J/K first')
const busy = (ctx: CommandContext) => (list(ctx)?.busy ? 'Updating contacts…' : null)
const send = (ctx: CommandContext, event: Parameters<ContactsListHandle['actor']['send']>[0]) =>
  list(ctx)?.actor.send(event)
const page = (ctx: CommandContext) => list(ctx)?.filters.page ?? 1

/** Goes to the list with `patch` applied to the filters in the URL. */
export function navigateContactFilters(ctx: CommandContext, patch: Partial<ContactListFilters>) {
  const handle = list(ctx)
  if (handle) ctx.navigate(contactsListPath({ ...handle.filters, ...patch }))
}

function openCommand(id: string, title: string, label: string, shortcut?: string): Command {
  return {
    id,
    title,
    group: 'Contacts',
    shortcut,
    label: () => label,
    when: onContactsList,
    disabledReason: noFocus,
    run: (ctx) => {
      const contact = focusedId(ctx)
      if (contact) ctx.navigate(`/contacts/${contact}`)
    },
  }
}

/** A row action on the focused contact; disabled when it already has the action's status. */
function rowCommand(id: string, action: ContactBulkAction, shortcut: string): Command {
  const status = CONTACT_BULK_ACTIONS[action]
  const { verb } = CONTACT_ACTION_WORDS[action]
  return {
    id,
    title: `${verb} (focused contact)`,
    group: 'Contacts',
    shortcut,
    keywords: ['status', CONTACT_STATUS_LABELS[status].toLowerCase()],
    when: onContactsList,
    label: () => verb,
    disabledReason: (ctx) => {
      const row = focusedRow(ctx)
      if (!row) return 'Focus a contact with J/K first'
      return busy(ctx) ?? (row.status === status ? `Already ${CONTACT_STATUS_LABELS[status].toLowerCase()}` : null)
    },
    run: (ctx) => {
      const contact = focusedId(ctx)
      if (contact) send(ctx, { type: 'status.set', id: contact, action })
    },
  }
}

/** The bulk words: 'Archive 2 contacts', 'Mark 2 contacts as read'; without a selection 'Archive', 'Mark read'. */
const BULK_LABELS: Record<ContactBulkAction, (n: number) => string> = {
  mark_read: (n) => (n ? `Mark ${contactsCount(n)} as read` : 'Mark read'),
  mark_replied: (n) => (n ? `Mark ${contactsCount(n)} as replied` : 'Mark replied'),
  archive: (n) => (n ? `Archive ${contactsCount(n)}` : 'Archive'),
  mark_unread: (n) => (n ? `Mark ${contactsCount(n)} as unread` : 'Mark unread'),
}

/** A bulk action of the selection; an empty selection still runs, and the machine says 'Please select contacts to update'. */
function bulkCommand(id: string, action: ContactBulkAction, shortcut?: string): Command {
  const status = CONTACT_BULK_ACTIONS[action]
  return {
    id,
    title: `${CONTACT_ACTION_WORDS[action].verb} (selected contacts)`,
    group: 'Contacts',
    shortcut,
    keywords: ['bulk', 'selected', 'status', CONTACT_STATUS_LABELS[status].toLowerCase()],
    when: onContactsList,
    label: (ctx) => BULK_LABELS[action](ctx.view.selection?.length ?? 0),
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'bulk.run', ids: [...(ctx.view.selection ?? [])], action }),
  }
}

export const contactsListCommands: Command[] = [
  {
    id: 'contacts.focusNext',
    title: 'Next contact',
    group: 'Contacts',
    shortcut: 'j',
    when: onContactsList,
    run: (ctx) => send(ctx, { type: 'focus.next' }),
  },
  {
    id: 'contacts.focusPrev',
    title: 'Previous contact',
    group: 'Contacts',
    shortcut: 'k',
    when: onContactsList,
    run: (ctx) => send(ctx, { type: 'focus.prev' }),
  },
  {
    id: 'contacts.toggleSelect',
    title: 'Toggle selection of the focused contact',
    group: 'Contacts',
    shortcut: 'x',
    when: onContactsList,
    label: (ctx) => `Select ${focusedRow(ctx)?.name ?? 'contact'}`,
    checked: (ctx) => {
      const id = focusedId(ctx)
      return !!id && !!list(ctx)?.selected.includes(id)
    },
    disabledReason: noFocus,
    run: (ctx) => send(ctx, { type: 'row.toggle', id: focusedId(ctx) }),
  },
  {
    id: 'contacts.selectRange',
    title: 'Select range to the focused contact',
    group: 'Contacts',
    shortcut: 'shift+x',
    when: onContactsList,
    disabledReason: noFocus,
    run: (ctx) => send(ctx, { type: 'row.toggleRange' }),
  },
  {
    id: 'contacts.selectAll',
    title: 'Select all contacts on this page',
    group: 'Contacts',
    keywords: ['select', 'all', 'none'],
    when: onContactsList,
    label: () => 'Select all contacts',
    checked: (ctx) => {
      const handle = list(ctx)
      const here = handle ? handle.rows.filter((r) => handle.selected.includes(r.id)).length : 0
      return here === 0 ? false : here === handle?.rows.length ? true : 'indeterminate'
    },
    disabledReason: (ctx) => (list(ctx)?.rows.length ? null : 'No contacts on this page'),
    run: (ctx) => {
      const handle = list(ctx)
      const all = !!handle && handle.rows.every((r) => handle.selected.includes(r.id))
      send(ctx, { type: 'selection.set', ids: all || !handle ? [] : handle.rows.map((r) => r.id) })
    },
  },
  {
    id: 'contacts.clearSelection',
    title: 'Clear selection',
    group: 'Contacts',
    when: (ctx) => onContactsList(ctx) && !!ctx.view.selection?.length,
    run: (ctx) => send(ctx, { type: 'selection.set', ids: [] }),
  },
  openCommand('contacts.open', 'Open focused contact', 'Open contact', 'enter'),
  openCommand('contacts.view', 'View contact', 'View'),
  rowCommand('contacts.markRead', 'mark_read', 'i'),
  rowCommand('contacts.markReplied', 'mark_replied', 'y'),
  rowCommand('contacts.archive', 'archive', 'e'),
  rowCommand('contacts.markUnread', 'mark_unread', 'shift+u'),
  bulkCommand('contacts.bulkMarkRead', 'mark_read', 'shift+i'),
  bulkCommand('contacts.bulkMarkReplied', 'mark_replied', 'shift+y'),
  bulkCommand('contacts.bulkArchive', 'archive', 'shift+e'),
  bulkCommand('contacts.bulkMarkUnread', 'mark_unread'),
  {
    id: 'contacts.prevPage',
    title: 'Previous page',
    group: 'Contacts',
    shortcut: '[',
    when: onContactsList,
    label: () => 'Previous',
    disabledReason: (ctx) => (page(ctx) <= 1 ? 'This is the first page' : null),
    run: (ctx) => navigateContactFilters(ctx, { page: page(ctx) - 1 }),
  },
  {
    id: 'contacts.nextPage',
    title: 'Next page',
    group: 'Contacts',
    shortcut: ']',
    when: onContactsList,
    label: () => 'Next',
    disabledReason: (ctx) => (page(ctx) >= (list(ctx)?.totalPages ?? 1) ? 'This is the last page' : null),
    run: (ctx) => navigateContactFilters(ctx, { page: page(ctx) + 1 }),
  },
  {
    id: 'contacts.search',
    title: 'Search contacts',
    group: 'Contacts',
    shortcut: '/',
    when: onContactsList,
    run: (ctx) => list(ctx)?.focusSearch(),
  },
]
