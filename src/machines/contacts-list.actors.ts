/**
 * The I/O of the contacts list's status actions: a row's status through PUT /api/contacts/{id}, a
 * bulk action of the selection through PUT /api/contacts/bulk-update (all or nothing).
 */
import { bulkUpdateContacts, setContactStatus } from '../api/contacts'
import { CONTACT_BULK_ACTIONS, type ContactDetail } from '../api/schemas/contacts'
import type { BulkOutcome } from '../api/bulk-outcome'
import type { ContactsStatusAction } from './contacts-list.rules'

/**
 * Runs `action` against the API with the rows' versions as listed; resolves with the updated
 * contact for a row, the outcome (undo ticket, stale rows) for a bulk action. Rejects with an ApiError.
 */
export async function runContactsAction(action: ContactsStatusAction): Promise<ContactDetail | BulkOutcome> {
  const { versions } = action
  if (action.bulk) return bulkUpdateContacts(action.ids, action.action, versions)
  const [id] = action.ids
  return setContactStatus(id, CONTACT_BULK_ACTIONS[action.action], versions?.[id])
}
