import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bulkUpdateContacts, setContactStatus } from '../../../src/api/contacts'
import { ApiError } from '../../../src/api/client'
import { runContactsAction } from '../../../src/machines/contacts-list.actors'
import { failureText, successText } from '../../../src/machines/contacts-list.rules'

vi.mock('../../../src/api/contacts', () => ({ bulkUpdateContacts: vi.fn(), setContactStatus: vi.fn() }))

describe('contacts list actions', () => {
  beforeEach(() => vi.mocked(setContactStatus).mockReset())

  it("a row action sets the action's status with PUT /api/contacts/{id} and resolves with the contact", async () => {
    const contact = { _id: 'a', status: 'archived' }
    vi.mocked(setContactStatus).mockResolvedValue(contact as never)
    await expect(runContactsAction({ ids: ['a'], action: 'archive', bulk: false })).resolves.toBe(contact)
    await runContactsAction({ ids: ['b'], action: 'mark_unread', bulk: false, versions: { b: 'v1' } })
    expect(vi.mocked(setContactStatus).mock.calls).toEqual([
      ['a', 'archived', undefined],
      ['b', 'new', 'v1'],
    ])
    expect(bulkUpdateContacts).not.toHaveBeenCalled()
  })

  it('a bulk action goes through PUT /api/contacts/bulk-update with the action name', async () => {
    const outcome = { undo: { id: 'u1', expiresAt: '2026-01-01T00:00:10.000Z' }, conflicts: [] }
    vi.mocked(bulkUpdateContacts).mockResolvedValue(outcome)
    const versions = { a: '2026-01-01T00:00:00.000Z' }
    await expect(runContactsAction({ ids: ['a', 'b'], action: 'mark_replied', bulk: true, versions })).resolves.toEqual(
      outcome,
    )
    expect(bulkUpdateContacts).toHaveBeenCalledWith(['a', 'b'], 'mark_replied', versions)
  })

  it('texts (SPEC.md 8): success singular and plural; failures with the reason', () => {
    expect(successText({ ids: ['a'], action: 'mark_replied', bulk: false })).toBe('Contact marked as replied')
    expect(successText({ ids: ['a', 'b', 'c'], action: 'mark_read', bulk: true })).toBe('3 contacts marked as read')
    expect(failureText({ ids: ['a'], action: 'archive', bulk: false }, new ApiError(409, 'Busy'))).toBe(
      'Failed to update contact status: Busy',
    )
    expect(
      failureText(
        { ids: ['a'], action: 'archive', bulk: true },
        new ApiError(400, 'x', ['contactIds.0: Invalid id', 'action: bad']),
      ),
    ).toBe('Failed to update contacts: contactIds.0: Invalid id\naction: bad')
  })
})
