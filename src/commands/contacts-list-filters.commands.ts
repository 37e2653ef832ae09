/**
 * The contacts list's filter options as commands (SPEC.md 2 "Contacts list"): status (All Status,
 * Unread, Read, Replied, Archived) and page size, one palette entry per option
 * (`contacts.filter.status.new`). Each navigates to the list with the filter in the URL and page 1.
 */
import type { ContactListFilters } from '../api/contacts'
import { CONTACT_STATUSES, CONTACT_STATUS_LABELS } from '../api/schemas/contacts'
import { PAGE_SIZES } from '../lib/list-url'
import { navigateContactFilters, onContactsList } from './contacts-list.commands'
import type { Command, CommandContext } from './registry'

const filters = (ctx: CommandContext) => ctx.view.contactsList?.filters

function option(
  id: string,
  title: string,
  label: string,
  isOn: (f: ContactListFilters) => boolean,
  patch: Partial<ContactListFilters>,
): Command {
  return {
    id,
    title,
    label: () => label,
    group: 'Filters',
    keywords: ['filter', 'show', 'contacts', label.toLowerCase()],
    when: onContactsList,
    checked: (ctx) => {
      const f = filters(ctx)
      return !!f && isOn(f)
    },
    run: (ctx) => navigateContactFilters(ctx, { ...patch, page: 1 }),
  }
}

export const contactsFilterCommands: Command[] = [
  option('contacts.filter.status.all', 'Show contacts of every status', 'All Status', (f) => !f.status, { status: '' }),
  ...CONTACT_STATUSES.map((status) => {
    const label = CONTACT_STATUS_LABELS[status]
    return option(
      `contacts.filter.status.${status}`,
      `Show ${label.toLowerCase()} contacts`,
      label,
      (f) => f.status === status,
      { status },
    )
  }),
  ...PAGE_SIZES.map((n) =>
    option(`contacts.pageSize.${n}`, `Show ${n} contacts per page`, `${n} per page`, (f) => f.limit === n, {
      limit: n,
    }),
  ),
]
