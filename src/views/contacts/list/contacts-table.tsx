/**
 * The contacts table (SPEC.md 2 "Contacts list"), virtualized with @tanstack/react-virtual: only
 * the rows in view are mounted, and the j/k focus row is scrolled into view.
 */
import type { ContactSummary } from '../../../api/schemas/contacts'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { TableHeadCell } from '../../../components/table'
import { VirtualTable } from '../../../components/list/virtual-table'
import { ContactRow } from './contact-row'

/**
 * Checkbox, Contact, Subject, Project, Status, Received, Actions. The fixed columns fit their
 * longest content ('Archived', '30 Sept 2026', four icon buttons); the text columns share the rest
 * and cut with an ellipsis. Minimums add up to 980 px (Table's --table-min-width).
 */
export const CONTACT_COLUMNS = '40px minmax(200px, 1.2fr) minmax(240px, 2fr) minmax(140px, 1fr) 104px 116px 140px'
const ROW_HEIGHT = 56

export interface ContactsTableProps {
  contacts: readonly ContactSummary[]
  focus: number
  selection: readonly string[]
  onOpen: (id: string) => void
}

const HEADER = (
  <>
    <TableHeadCell>
      <CommandCheckbox id="contacts.selectAll" />
    </TableHeadCell>
    <TableHeadCell>Contact</TableHeadCell>
    <TableHeadCell>Subject</TableHeadCell>
    <TableHeadCell>Project</TableHeadCell>
    <TableHeadCell>Status</TableHeadCell>
    <TableHeadCell>Received</TableHeadCell>
    <TableHeadCell align="end">Actions</TableHeadCell>
  </>
)

export function ContactsTable({ contacts, focus, selection, onOpen }: ContactsTableProps) {
  return (
    <VirtualTable
      rows={contacts}
      rowId={(c) => c._id}
      columns={CONTACT_COLUMNS}
      rowHeight={ROW_HEIGHT}
      header={HEADER}
      focus={focus}
      selection={selection}
      className="contacts-table"
      bodyTestId="contacts-rows"
      renderRow={(contact, slot) => <ContactRow contact={contact} {...slot} onOpen={onOpen} />}
    />
  )
}
