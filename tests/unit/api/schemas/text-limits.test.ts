/**
 * The contract's shared input rules: control characters and unpaired surrogates
 * refused (src/api/schemas/common.ts), http(s)-only URLs and decimal-only numbers
 * (normalise.ts), number fields rounded to 2 decimals and bounded in their JSON Schema.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { EmailSchema, noControlChars, textSchema } from '../../../../src/api/schemas/common'
import { coerceNumber, isHttpUrl } from '../../../../src/api/schemas/normalise'
import { CreateProjectSchema } from '../../../../src/api/schemas/projects'

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((i) => i.message)
}

describe('text rules', () => {
  const single = v.pipe(v.string(), noControlChars('Title'))
  const multi = v.pipe(v.string(), noControlChars('Notes', true))

  it('refuses C0 controls and DEL; tab always, LF and CR only in multi-line text', () => {
    for (const code of [0, 1, 8, 11, 12, 14, 27, 31, 127]) {
      const text = `a${String.fromCharCode(code)}b`
      expect(messages(single, text), String(code)).toEqual(['Title must not contain control characters'])
      expect(messages(multi, text), String(code)).toEqual(['Notes must not contain control characters'])
    }
    expect(messages(single, 'a\tb')).toEqual([])
    expect(messages(single, 'a\nb')).toEqual(['Title must not contain control characters'])
    expect(messages(multi, 'a\r\nb\tc')).toEqual([])
    expect(messages(single, 'Ünïcödé 😀 text')).toEqual([])
  })

  it('refuses unpaired surrogates, keeps paired ones', () => {
    expect(messages(single, 'a\ud800b')).toEqual(['Title must be valid Unicode text'])
    expect(messages(single, '\udc00')).toEqual(['Title must be valid Unicode text'])
    expect(messages(single, '\ud83d\ude00')).toEqual([])
  })

  it('trims before counting and names the limit', () => {
    const title = textSchema('Title', 5)
    expect(v.parse(title, '  abcde  ')).toBe('abcde')
    expect(messages(title, 'abcdef')).toEqual(['Title cannot exceed 5 characters'])
    expect(messages(title, 5)).toEqual(['Title must be text'])
  })

  it('bounds an e-mail at 254 characters (RFC 5321)', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`
    expect(long.length).toBeGreaterThan(254)
    expect(messages(EmailSchema, long)).toEqual(['Email cannot exceed 254 characters'])
  })
})

describe('URLs and numbers', () => {
  it('accepts only absolute http and https URLs', () => {
    for (const url of ['http://example.com', 'https://example.com/a?b#c', 'HTTPS://EXAMPLE.COM'])
      expect(isHttpUrl(url), url).toBe(true)
    for (const url of [
      'javascript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'ftp://example.com',
      'https://',
      'https://javascript:alert(1)',
      '//example.com',
      'example.com',
    ]) {
      expect(isHttpUrl(url), url).toBe(false)
    }
  })

  it('reads decimal numbers only', () => {
    expect(coerceNumber('12.50')).toBe(12.5)
    expect(coerceNumber('-3')).toBe(-3)
    expect(coerceNumber('.5')).toBe(0.5)
    expect(coerceNumber('5.')).toBe(5)
    for (const text of ['0x10', '0b1', '0o7', '1e3', 'Infinity', '-Infinity', '1_000', '1,5', '--1']) {
      expect(coerceNumber(text), text).toBeNaN()
    }
  })

  it('takes number fields with at most 2 decimals (no real underflow) and keeps the bounds', () => {
    const out = v.parse(CreateProjectSchema, {
      title: 'T',
      description: 'd',
      discount: 0.01,
      rating: '4.5',
      price: 12.35,
    })
    expect([out.discount, out.rating, out.price]).toEqual([0.01, 4.5, 12.35])
    expect(messages(CreateProjectSchema, { title: 'T', description: 'd', discount: 1e-300, rating: '4.567' })).toEqual([
      'Discount can have at most 2 decimals',
      'Rating can have at most 2 decimals',
    ])
    expect(messages(CreateProjectSchema, { title: 'T', description: 'd', supportDuration: 1.5, stock: 1.5 })).toEqual([
      'Stock must be a whole number',
      'Support duration must be a whole number',
    ])
    expect(messages(CreateProjectSchema, { title: 'T', description: 'd', price: -1, discount: '101' })).toEqual([
      'Price must be at least 0',
      'Discount cannot exceed 100',
    ])
  })
})
