import { describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR } from '../../../src/api/client'
import { describeScreenFailure, isChunkLoadError } from '../../../src/lib/screen-failure'

describe('screen failure words', () => {
  it('a chunk that could not be fetched, or a request without an answer, says the server was not reached', () => {
    const chunk = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js')
    expect(isChunkLoadError(chunk)).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    for (const error of [chunk, new ApiError(0, 'Could not reach the server.', undefined, NETWORK_ERROR)]) {
      expect(describeScreenFailure(error)).toEqual({
        title: 'This screen could not be loaded',
        message:
          'The console could not reach the server to load this screen. Nothing was lost: Retry once the connection is back.',
      })
    }
  })

  it('a fault in the screen names it', () => {
    expect(describeScreenFailure(new Error('Cannot read properties of undefined'))).toEqual({
      title: 'This screen stopped working',
      message: 'Cannot read properties of undefined',
    })
    expect(describeScreenFailure(null).message).toBe('An unexpected error occurred.')
  })
})
