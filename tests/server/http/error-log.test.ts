/**
 * What the app's error handler logs (server/http/error-log.ts): class, code and a
 * short message; nothing of a failed query (SQL text, parameters) nor a database error's message
 * or detail, which quote row values.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { describeError } from '../../../server/http/error-log'

describe('describeError', () => {
  it('gives class and first line of an ordinary error, bounded and printable', () => {
    expect(describeError(new TypeError('x is not a function\n    at y (z.ts:1:2)'))).toBe(
      'TypeError: x is not a function',
    )
    const long = describeError(new Error(`bad\u0000${'a'.repeat(500)}`))
    expect(long.length).toBeLessThan(200)
    expect(long).not.toContain('\u0000')
  })

  it('never includes a failed query, its parameters, or a database message or detail', () => {
    const driver = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      code: '22P02',
      detail: 'Key (email)=(secret@example.com) already exists.',
    })
    const error = new DrizzleQueryError('select * from "users" where "id" = $1', ['secret-value'], driver)
    const line = describeError(error)
    expect(line).toBe('DrizzleQueryError: (query failed) <- Error 22P02: (query failed)')
    expect(line).not.toMatch(/secret|select|users/)
  })

  it('follows at most three causes and takes non-errors', () => {
    const chain = new Error('a', {
      cause: new Error('b', { cause: new Error('c', { cause: new Error('d', { cause: new Error('e') }) }) }),
    })
    expect(describeError(chain)).toBe('Error: a <- Error: b <- Error: c <- Error: d')
    expect(describeError('plain text')).toBe('plain text')
    expect(describeError(null)).toBe('')
  })
})
