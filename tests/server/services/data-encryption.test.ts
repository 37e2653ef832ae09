/**
 * services/data-encryption.ts: AES-256-GCM values `v1:<iv>:<tag>:<ciphertext>`, the round
 * trip, refusal of tampered values, of another row's context and of another key, and the key from
 * DATA_ENCRYPTION_KEY or a 0600 file in DATA_DIR.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DataDecryptionError,
  decryptField,
  encryptField,
  loadDataKey,
  parseDataKey,
} from '../../../server/services/data-encryption'

const newKey = () => crypto.createSecretKey(crypto.randomBytes(32))
const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1)

describe('data encryption', () => {
  const key = newKey()

  it('round-trips with a fresh 96-bit IV per value, never showing the plain text', () => {
    const a = encryptField(key, '123456789012', 'ctx:1')
    const b = encryptField(key, '123456789012', 'ctx:1')
    expect(a).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('123456789012')
    expect(decryptField(key, a, 'ctx:1')).toBe('123456789012')
    expect(decryptField(key, encryptField(key, '', 'ctx:1'), 'ctx:1')).toBe('')
  })

  it('refuses a tampered ciphertext, tag or IV, and a value moved to another context', () => {
    const value = encryptField(key, '123456789012', 'ctx:1')
    const [v, iv, tag, body] = value.split(':')
    for (const bad of [
      [v, iv, tag, flip(body, 0)],
      [v, iv, flip(tag, 3), body],
      [v, flip(iv, 5), tag, body],
      [v, iv, tag],
      ['v2', iv, tag, body],
      [v, iv, tag.slice(2), body],
    ]) {
      expect(() => decryptField(key, bad.join(':'), 'ctx:1')).toThrow(DataDecryptionError)
    }
    expect(() => decryptField(key, value, 'ctx:2')).toThrow(DataDecryptionError)
  })

  it('refuses another key with a message naming the key settings', () => {
    const value = encryptField(key, '123456789012', 'ctx:1')
    expect(() => decryptField(newKey(), value, 'ctx:1', 'the bank account number of user 1')).toThrow(
      'Cannot decrypt the bank account number of user 1: the stored value was altered, or DATA_ENCRYPTION_KEY ' +
        '(or DATA_DIR/data-key) is not the key it was encrypted with',
    )
  })

  it('takes DATA_ENCRYPTION_KEY in base64 or base64url and refuses anything but 32 bytes', () => {
    const bytes = crypto.randomBytes(32)
    for (const text of [bytes.toString('base64'), bytes.toString('base64url')]) {
      const parsed = parseDataKey(text)
      expect(decryptField(parsed, encryptField(crypto.createSecretKey(bytes), 'x', 'c'), 'c')).toBe('x')
    }
    for (const bad of ['', 'short', crypto.randomBytes(16).toString('base64'), `${bytes.toString('base64')}!`]) {
      expect(() => parseDataKey(bad)).toThrow('DATA_ENCRYPTION_KEY must be 32 random bytes in base64')
    }
  })

  it('creates DATA_DIR/data-key once with mode 0600 when DATA_ENCRYPTION_KEY is unset', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-key-'))
    try {
      const first = loadDataKey({ DATA_DIR: dir })
      const file = path.join(dir, 'data-key')
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      const value = encryptField(first, 'secret', 'c')
      expect(decryptField(loadDataKey({ DATA_DIR: dir }), value, 'c')).toBe('secret')
      const fromEnv = crypto.randomBytes(32).toString('base64')
      expect(() => decryptField(loadDataKey({ DATA_DIR: dir, DATA_ENCRYPTION_KEY: fromEnv }), value, 'c')).toThrow(
        DataDecryptionError,
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
