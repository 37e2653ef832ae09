/**
 * The I/O of the contacts list's status actions: a row's status through PUT /api/contacts/{id}, a
 * bulk action of the selection through PUT /api/contacts/bulk-update (all or nothing).
 */
import { bulkUpdateContacts, setContactStatus } from '../api/contacts'
import { CONTACT_BULK_ACTIONS, type ContactDetail } from '../api/schemas/contacts'
import type { UndoTicket } from '../api/schemas/undo'
import type { ContactsStatusAction } from './contacts-list.rules'

/**
 * Runs `action` against the API; resolves with the updated contact for a row, the undo ticket
 * (or null) for a bulk action. Rejects with an ApiError.
 */
export async function runContactsAction(action: ContactsStatusAction): Promise<ContactDetail | UndoTicket | null> {
  if (action.bulk) return bulkUpdateContacts(action.ids, action.action)
  return setContactStatus(action.ids[0], CONTACT_BULK_ACTIONS[action.action])
}
