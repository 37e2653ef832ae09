/**
 * Agent codes (SPEC.md 3 "User" referralCode/agentCode): given once, when a user first
 * becomes an agent, unique by index (users_referral_code_uq, users_agent_code_uq, migration 0014)
 * and kept when they stop being one. A clash with an existing code is retried with new codes
 * inside a savepoint, so the caller's transaction goes on; it never reaches the client as a 500.
 */
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { users } from '../schema'
import { generateCode } from '../../domain/user-rules'
import { causeChain } from '../../http/errors'
import type { Tx } from './projects.queries'

/** Draws 0 ≤ n < max; crypto.randomInt by default, a fixed sequence in tests. */
export type RandomInt = (max: number) => number
export const secureRandomInt: RandomInt = (max) => crypto.randomInt(max)

/** How many candidate pairs are tried before giving up (31^6 codes per prefix: a clash is rare). */
const CODE_ATTEMPTS = 8

/**
 * The unique index `error` (or its driver cause) violates (PostgreSQL 23505), or undefined when
 * it is another error. node-postgres and PGlite both name it in `constraint`, else the message.
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  for (const { code, constraint, message } of causeChain(error)) {
    if (code !== '23505') continue
    if (typeof constraint === 'string') return constraint
    return /"([^"]+)"/.exec(String(message))?.[1] ?? 'unknown'
  }
  return undefined
}

/**
 * Give user `id` (locked by the caller's transaction `tx`) a referralCode 'REF…' and an agentCode
 * 'AGT…' where it has none. Returns the codes it set (empty when it had both).
 */
export async function assignAgentCodes(
  tx: Tx,
  id: string,
  current: { referralCode: string | null; agentCode: string | null },
  randomInt: RandomInt = secureRandomInt,
): Promise<{ referralCode?: string; agentCode?: string }> {
  for (let attempt = 1; ; attempt++) {
    const codes = {
      ...(current.referralCode ? {} : { referralCode: generateCode('REF', randomInt) }),
      ...(current.agentCode ? {} : { agentCode: generateCode('AGT', randomInt) }),
    }
    if (!Object.keys(codes).length) return codes
    try {
      await tx.transaction(async (savepoint) => {
        // Part of the write that drew them: the row keeps that write's version (decision 041).
        await savepoint
          .update(users)
          .set({ ...codes, updatedAt: sql`${users.updatedAt}` })
          .where(eq(users.id, id))
      })
      return codes
    } catch (error) {
      const index = uniqueViolationOf(error)
      if (!index?.endsWith('_code_uq') || attempt >= CODE_ATTEMPTS) throw error
    }
  }
}
