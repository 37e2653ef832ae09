/**
 * The texts of the contacts list's status actions' outcomes (SPEC.md 4
 * "Contact status", 5, 8 "Users, orders, contacts"): a row's read / replied / archived /
 * unread through PUT /api/contacts/{id} {status}, a bulk action of the selection through
 * PUT /api/contacts/bulk-update (one transaction server-side, all or nothing).
 */
import { withReason } from '../api/error-text'
import type { ContactBulkAction } from '../api/schemas/contacts'
import type { RowVersions } from '../api/schemas/versions'

/** Set the status of `action` on `ids`; `bulk` is a bulk action of the selection (else one row, ids of length 1). */
export interface ContactsStatusAction {
  ids: string[]
  action: ContactBulkAction
  bulk: boolean
  /** The rows' versions as listed (updatedAt by id). */
  versions?: RowVersions
}

/** SPEC.md 5: a bulk action without a selection. */
export const NO_SELECTION_TEXT = 'Please select contacts to update'

/** The verb of each action ('Mark as read') and its past tense in the outcome texts ('marked as read'). */
export const CONTACT_ACTION_WORDS: Readonly<Record<ContactBulkAction, { verb: string; done: string }>> = {
  mark_read: { verb: 'Mark as read', done: 'marked as read' },
  mark_replied: { verb: 'Mark as replied', done: 'marked as replied' },
  archive: { verb: 'Archive', done: 'archived' },
  mark_unread: { verb: 'Mark as unread', done: 'marked as unread' },
}

/** '1 contact', '3 contacts'. */
const contactsCount = (n: number) => (n === 1 ? '1 contact' : `${n} contacts`)

/** 'Contact archived', '3 contacts marked as read'. */
export function successText(a: ContactsStatusAction): string {
  const done = CONTACT_ACTION_WORDS[a.action].done
  return a.ids.length > 1 ? `${contactsCount(a.ids.length)} ${done}` : `Contact ${done}`
}

/** SPEC.md 8: 'Failed to update contact status: {reason}' for a row, 'Failed to update contacts: {reason}' for a bulk action. */
export function failureText(a: ContactsStatusAction, error: unknown): string {
  return withReason(a.bulk ? 'Failed to update contacts' : 'Failed to update contact status', error)
}
