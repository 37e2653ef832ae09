/**
 * Field encryption at rest: AES-256-GCM (NIST SP 800-38D) with a random 96-bit IV per
 * value and the 128-bit tag, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url parts; `v1` names
 * the algorithm so a later format can sit beside it). Each value is bound to where it belongs by
 * additional authenticated data (e.g. `users.bank_details.accountNumber:<user id>`), so a value
 * copied to another row is refused like a tampered one.
 *
 * The key (32 bytes) comes from DATA_ENCRYPTION_KEY (base64 or base64url), or in the embedded
 * default from `DATA_DIR/data-key`, created once with mode 0600. Every server sharing a database
 * needs the same key; losing it loses the encrypted values.
 */
import crypto, { type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** The format prefix of values this module writes. */
export const ENCRYPTED_PREFIX = 'v1:'
const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/** A stored value could not be decrypted: altered, moved to another row, or another key. */
export class DataDecryptionError extends Error {
  constructor(what: string) {
    super(
      `Cannot decrypt ${what}: the stored value was altered, or DATA_ENCRYPTION_KEY (or DATA_DIR/data-key) ` +
        'is not the key it was encrypted with',
    )
    this.name = 'DataDecryptionError'
  }
}

/** A 32-byte key from base64/base64url text; throws a message naming the variable otherwise. */
export function parseDataKey(text: string, source = 'DATA_ENCRYPTION_KEY'): KeyObject {
  const bytes = Buffer.from(text.trim(), 'base64url')
  if (bytes.length !== KEY_BYTES || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text.trim())) {
    throw new Error(`${source} must be ${KEY_BYTES} random bytes in base64 (e.g. \`openssl rand -base64 32\`)`)
  }
  return crypto.createSecretKey(bytes)
}

/**
 * The data key: DATA_ENCRYPTION_KEY when set, else `DATA_DIR/data-key` (created with 32 random
 * bytes, mode 0600, on first use; a concurrent creator's file wins). Synchronous: read once at start.
 */
export function loadDataKey(env: { DATA_DIR: string; DATA_ENCRYPTION_KEY?: string }): KeyObject {
  if (env.DATA_ENCRYPTION_KEY) return parseDataKey(env.DATA_ENCRYPTION_KEY)
  const file = path.join(env.DATA_DIR, 'data-key')
  try {
    fs.mkdirSync(env.DATA_DIR, { recursive: true })
    fs.writeFileSync(file, crypto.randomBytes(KEY_BYTES).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return parseDataKey(fs.readFileSync(file, 'utf8'), file)
}

/** True when `value` is in this module's encrypted format (as opposed to legacy plain text). */
export function isEncrypted(value: string): boolean {
  return value.startsWith(ENCRYPTED_PREFIX)
}

/** Encrypt `plain` bound to `context` (the AAD): `v1:<iv>:<tag>:<ciphertext>`. */
export function encryptField(key: KeyObject, plain: string, context: string): string {
  const iv = crypto.randomBytes(IV_BYTES)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [ENCRYPTED_PREFIX.slice(0, -1), iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':')
}

/**
 * Decrypt a value of `encryptField` made with `context`. Throws DataDecryptionError (naming
 * `what`) when the format, the tag, the context or the key does not match.
 */
export function decryptField(key: KeyObject, value: string, context: string, what = 'an encrypted value'): string {
  const [version, iv, tag, body, ...rest] = value.split(':')
  if (version !== 'v1' || body === undefined || rest.length) throw new DataDecryptionError(what)
  const ivBytes = Buffer.from(iv, 'base64url')
  const tagBytes = Buffer.from(tag, 'base64url')
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new DataDecryptionError(what)
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES })
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(tagBytes)
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new DataDecryptionError(what)
  }
}
