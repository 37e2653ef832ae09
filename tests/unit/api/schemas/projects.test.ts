/** The projects contract (src/api/schemas/projects.ts): create, update and verify bodies and their messages. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CreateProjectSchema, UpdateProjectSchema, VerifyProjectSchema } from '../../../../src/api/schemas/projects'

const messages = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((issue) => issue.message)

describe('project contract', () => {
  it('accepts a create body with strings for numbers and lists', () => {
    const out = v.parse(CreateProjectSchema, { title: ' T ', description: 'D', price: '10', stock: '', tags: 'a,b' })
    expect(out).toMatchObject({ title: 'T', price: 10, stock: null, tags: ['a', 'b'] })
  })
  it('names unknown fields, missing required fields and range errors', () => {
    expect(messages(CreateProjectSchema, { description: 'D', colour: 1 })).toEqual([
      'Title is required',
      'Unknown field: colour',
    ])
    expect(messages(CreateProjectSchema, { title: 'T', description: 'x'.repeat(2001) })).toEqual([
      'Description cannot exceed 2000 characters',
    ])
    expect(messages(CreateProjectSchema, { title: 'T', description: 'D', discount: 101, stock: 1.5 })).toEqual([
      'Discount cannot exceed 100',
      'Stock must be a whole number',
    ])
    expect(messages(UpdateProjectSchema, { title: '' })).toEqual(['Title is required'])
    expect(v.parse(UpdateProjectSchema, {})).toEqual({})
  })
  it('requires status and non-blank notes for verification', () => {
    expect(messages(VerifyProjectSchema, {})).toEqual(['Status is required', 'Notes are required'])
    expect(messages(VerifyProjectSchema, { status: 'approved', notes: '  ' })).toEqual(['Notes are required'])
    expect(messages(VerifyProjectSchema, { status: 'ok', notes: 'x' })[0]).toMatch(/^Invalid status/)
  })
})
