/**
 * Contacts list commands (SPEC.md 2 "Contacts list", 4 "Contact status", 5): j/k focus,
 * x and shift+x select, select all / clear, Enter and View open the contact; on the focused row
 * (or a row's own control, passed as `target`) i marks it read, y replied, e archives it and
 * shift+u marks it unread, each disabled in its own status; on the selection shift+i, shift+y and
 * shift+e (and 'Mark N contacts as unread' from the palette) change the contacts not already so
 * ('Archive 2 contacts, 1 already archived'), and without a selection say 'Please select contacts
 * to update'; / focuses the search, [ and ] page. They read what the list view publishes
 * (`contactsList`, `focused`, `selection`) and only send events to its actor or navigate. Filters
 * and page size: contacts-list-filters.commands.ts.
 */
import type { ActorRefFrom } from 'xstate'
import type { ContactListFilters } from '../api/contacts'
import { CONTACT_BULK_ACTIONS, CONTACT_STATUS_LABELS, type ContactBulkAction } from '../api/schemas/contacts'
import { alreadyIn, bulkDisabledReason, bulkLabel, planBulk, type BulkPlan, type Refusal } from '../domain/bulk'
import { CONTACT_ACTION_WORDS } from '../machines/contacts-list.rules'
import type { ContactRow, contactsListMachine } from '../machines/contacts-list.machine'
import { contactsListPath } from '../views/contacts/list/contacts-url'
import { listCommands } from './list.commands'
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
  /** A search or filter narrows the list; `clearFilters` drops them (Clear filters). */
  filtered: boolean
  clearFilters: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    contactsList?: ContactsListHandle
  }
}

export const onContactsList = (ctx: CommandContext) => !!ctx.view.contactsList
const list = (ctx: CommandContext) => ctx.view.contactsList
const busy = (ctx: CommandContext) => (list(ctx)?.busy ? 'Updating contacts…' : null)
const send = (ctx: CommandContext, event: Parameters<ContactsListHandle['actor']['send']>[0]) =>
  list(ctx)?.actor.send(event)

/** Goes to the list with `patch` applied to the filters in the URL. */
export function navigateContactFilters(ctx: CommandContext, patch: Partial<ContactListFilters>) {
  const handle = list(ctx)
  if (handle) ctx.navigate(contactsListPath({ ...handle.filters, ...patch }))
}

const keys = listCommands(
  'contacts',
  {
    group: 'Contacts',
    kind: 'contact',
    noun: { one: 'contact', a: 'a contact', many: 'contacts' },
    shape: 'paged',
    handle: list,
    actor: (handle) => handle.actor,
    rowLabel: (row) => row.name,
  },
  {
    page: (ctx) => list(ctx)?.filters.page ?? 1,
    totalPages: (ctx) => list(ctx)?.totalPages ?? 1,
    go: (ctx, page) => navigateContactFilters(ctx, { page }),
  },
)
const focusedId = keys.focusedId
const focusedRow = (ctx: CommandContext) => {
  const id = focusedId(ctx)
  return id ? list(ctx)?.rows.find((r) => r.id === id) : undefined
}
const openContact = (id: string, title: string, label: string, shortcut?: string) =>
  keys.open({ id, title, label, shortcut, go: (ctx, contact) => ctx.navigate(`/contacts/${contact}`) })

/** Any status may be set from any other (SPEC.md 4); a contact already in it is left alone ('Already read'). */
function statusRefusal(row: ContactRow, action: ContactBulkAction): Refusal | null {
  const status = CONTACT_BULK_ACTIONS[action]
  return row.status === status ? alreadyIn(CONTACT_STATUS_LABELS[status].toLowerCase()) : null
}

/** The selected contacts split by whether `action` changes them. */
function bulkPlan(ctx: CommandContext, action: ContactBulkAction): BulkPlan {
  const selected = new Set(ctx.view.selection ?? [])
  return planBulk(
    (list(ctx)?.rows ?? []).filter((r) => selected.has(r.id)),
    (r) => statusRefusal(r, action),
  )
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
      return busy(ctx) ?? statusRefusal(row, action)?.reason ?? null
    },
    run: (ctx) => {
      const contact = focusedId(ctx)
      if (contact) send(ctx, { type: 'status.set', id: contact, action })
    },
  }
}

const CONTACT_NOUN = { one: 'contact', many: 'contacts' }
/** The bulk words around the count ('Mark 2 contacts as read', 'Archive 1 of 3 contacts') and without one ('Mark read'). */
const BULK_WORDS: Record<ContactBulkAction, { phrase: (count: string) => string; none: string }> = {
  mark_read: { phrase: (c) => `Mark ${c} as read`, none: 'Mark read' },
  mark_replied: { phrase: (c) => `Mark ${c} as replied`, none: 'Mark replied' },
  archive: { phrase: (c) => `Archive ${c}`, none: 'Archive' },
  mark_unread: { phrase: (c) => `Mark ${c} as unread`, none: 'Mark unread' },
}

/**
 * A bulk action of the selected contacts it changes ('Archive 2 contacts, 1 already archived'),
 * disabled with the reason when none; sends only those. An empty selection still runs, and the
 * machine says 'Please select contacts to update'.
 */
function bulkCommand(id: string, action: ContactBulkAction, shortcut?: string): Command {
  const status = CONTACT_BULK_ACTIONS[action]
  const { phrase, none } = BULK_WORDS[action]
  return {
    id,
    title: `${CONTACT_ACTION_WORDS[action].verb} (selected contacts)`,
    group: 'Contacts',
    shortcut,
    keywords: ['bulk', 'selected', 'status', CONTACT_STATUS_LABELS[status].toLowerCase()],
    when: onContactsList,
    label: (ctx) => bulkLabel(bulkPlan(ctx, action), CONTACT_NOUN, phrase, none),
    disabledReason: (ctx) => busy(ctx) ?? bulkDisabledReason(bulkPlan(ctx, action)),
    run: (ctx) => send(ctx, { type: 'bulk.run', ids: bulkPlan(ctx, action).ids, action }),
  }
}

export const contactsListCommands: Command[] = [
  ...keys.focus,
  ...keys.select,
  keys.clearSelection,
  openContact('contacts.open', 'Open focused contact', 'Open contact', 'enter'),
  openContact('contacts.view', 'View contact', 'View'),
  rowCommand('contacts.markRead', 'mark_read', 'i'),
  rowCommand('contacts.markReplied', 'mark_replied', 'y'),
  rowCommand('contacts.archive', 'archive', 'e'),
  rowCommand('contacts.markUnread', 'mark_unread', 'shift+u'),
  bulkCommand('contacts.bulkMarkRead', 'mark_read', 'shift+i'),
  bulkCommand('contacts.bulkMarkReplied', 'mark_replied', 'shift+y'),
  bulkCommand('contacts.bulkArchive', 'archive', 'shift+e'),
  bulkCommand('contacts.bulkMarkUnread', 'mark_unread'),
  ...keys.pages,
  keys.search,
  keys.clearFilters,
]
