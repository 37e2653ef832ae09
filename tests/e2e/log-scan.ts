/**
 * The secrets scan of the e2e server log: no access or refresh token, session token,
 * sign-in code, password hash or bank account number may appear in any line the server printed
 * during the run. Run by the e2e global teardown after the server stopped (secretsOfRun reads its
 * database), it fails the run with the line numbers and kinds found, never the values.
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { rawRows } from '../../server/db/sql'
import { openBankDetails } from '../../server/services/bank-details-crypto'
import { loadDataKey } from '../../server/services/data-encryption'

/** A secret value the log must not contain, and what it is (reported instead of the value). */
export type KnownSecret = { kind: string; value: string }

/** Secrets recognised by their shape: JWTs (access tokens) and password hashes. */
const PATTERNS: [string, RegExp][] = [
  ['access token (JWT)', /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]{10,}/],
  ['scrypt password hash', /scrypt\$\d+\$\d+\$\d+\$/],
  ['argon2 password hash', /\$argon2(?:id|i|d)\$/],
  ['bcrypt password hash', /\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/],
]
/** Opaque 32-byte tokens (refresh and OTP session tokens) are 43 base64url characters. */
const OPAQUE_TOKEN = /(?<![\w-])[\w-]{43}(?![\w-])/g
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Findings in `log` as `line N: kind`: any JWT or password-hash shape; any `known` value (codes
 * and numbers as whole words); any 43-character token whose SHA-256 is in `tokenDigests` (how
 * refresh and session tokens are stored).
 */
export function scanLog(log: string, known: KnownSecret[], tokenDigests: Set<string>): string[] {
  const findings: string[] = []
  log.split('\n').forEach((line, index) => {
    const at = `line ${index + 1}`
    for (const [kind, pattern] of PATTERNS) if (pattern.test(line)) findings.push(`${at}: ${kind}`)
    for (const { kind, value } of known) {
      if (value && new RegExp(`(?<![\\w-])${escape(value)}(?![\\w-])`).test(line)) findings.push(`${at}: ${kind}`)
    }
    for (const [candidate] of line.matchAll(OPAQUE_TOKEN)) {
      const digest = crypto.createHash('sha256').update(candidate).digest('hex')
      if (tokenDigests.has(digest)) findings.push(`${at}: refresh or session token`)
    }
  })
  return findings
}

/**
 * What the run's server stored in `dataDir` (stopped first): the SHA-256 digests of every refresh
 * and OTP session token it issued, and the bank account numbers of the seed, decrypted with the
 * data key of DATA_DIR.
 */
export async function secretsOfRun(dataDir: string): Promise<{ tokenDigests: Set<string>; bankNumbers: string[] }> {
  const database = await openDatabase({ dataDir })
  try {
    const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(database.db, query)
    const digests = await rows<{ d: string }>(sql`SELECT token_hash AS d FROM refresh_tokens
      UNION ALL SELECT session_token_hash FROM otp_challenges`)
    const key = loadDataKey({ DATA_DIR: dataDir })
    const banks = await rows<{ id: string; bank_details: Record<string, string> }>(
      sql`SELECT id, bank_details FROM users WHERE bank_details ->> 'accountNumber' IS NOT NULL`,
    )
    return {
      tokenDigests: new Set(digests.map((r) => r.d)),
      bankNumbers: banks.map((r) => openBankDetails(key, r.id, r.bank_details).accountNumber!),
    }
  } finally {
    await database.close()
  }
}
