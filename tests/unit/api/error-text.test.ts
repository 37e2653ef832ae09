import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/client'
import { errorReason, errorText, withReason } from '../../../src/api/error-text'

describe('error texts (SPEC.md 8)', () => {
  it('joins the server errors by line breaks before the message', () => {
    const error = new ApiError(400, 'Validation failed', ['Price must be at least 0', 'Rating cannot exceed 5'])
    expect(errorReason(error)).toBe('Price must be at least 0\nRating cannot exceed 5')
  })

  it('falls back only when the failure carries no reason', () => {
    expect(errorText(new Error(''), 'Failed to save')).toBe('Failed to save')
    expect(errorText('boom', 'Failed to save')).toBe('Failed to save')
    expect(errorText(new ApiError(500, 'Internal server error'), 'Failed to save')).toBe('Internal server error')
  })

  it("prefixes a title as '{title}: {reason}', with 'Request failed' when there is none", () => {
    expect(withReason('Delete failed', new ApiError(409, 'Repository is busy'))).toBe(
      'Delete failed: Repository is busy',
    )
    expect(withReason('Delete failed', undefined)).toBe('Delete failed: Request failed')
  })
})
