/**
 * Password hashing with node's scrypt (RFC 7914): `scrypt$N$r$p$salt$hash`, salt 16 bytes,
 * key 64 bytes, both base64url. Verification is constant-time.
 */
import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>
const PARAMS = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 64
/** scrypt needs 128 * N * r bytes (16 MiB now); the cap leaves room to raise N later. */
const MAX_MEMORY = 64 * 1024 * 1024

/** Hash a password for storage in users.password_hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEMORY })
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** True when `password` matches a hash made by hashPassword; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  // An empty or truncated digest would make any password match.
  if (expected.length < 16) return false
  try {
    const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAX_MEMORY,
    })
    return crypto.timingSafeEqual(key, expected)
  } catch {
    // Parameters scrypt refuses (a corrupted row) are a mismatch, not a server error.
    return false
  }
}
