/**
 * Pure rules of user writes (SPEC.md 5 "Users", 6 roles): the self and last-admin
 * guards, agent codes, the merge of the nested groups (address, social media, bank details,
 * preferences) and the start of the month in India Standard Time for the stats.
 */
import { SELF_DEACTIVATE } from '../../src/domain/user-status'

/** Conflict messages of the admin guards (answered 409); SELF_DEACTIVATE is shared with the users list. */
export { SELF_DEACTIVATE }
export const SELF_DEMOTE = 'You cannot remove your own admin access'
export const LAST_ADMIN = 'At least one active admin must remain'

/** The flags an admin guard looks at. */
export type AdminFlags = { id: string; isAdmin: boolean; isActive: boolean }

/**
 * Why the change `after(row)` of the `targets` is refused, or undefined when it is allowed:
 * the actor (`actorId`) may neither deactivate nor demote themself, and of `activeAdminIds`
 * (every active admin, locked by the caller) at least one must stay an active admin.
 */
export function adminGuardError(
  actorId: string,
  targets: readonly AdminFlags[],
  after: (row: AdminFlags) => { isAdmin: boolean; isActive: boolean },
  activeAdminIds: readonly string[],
): string | undefined {
  const self = targets.find((t) => t.id === actorId)
  if (self) {
    const next = after(self)
    if (self.isActive && !next.isActive) return SELF_DEACTIVATE
    if (self.isAdmin && !next.isAdmin) return SELF_DEMOTE
  }
  const losing = new Set(
    targets
      .filter((t) => t.isAdmin && t.isActive)
      .filter((t) => {
        const next = after(t)
        return !(next.isAdmin && next.isActive)
      })
      .map((t) => t.id),
  )
  const gaining = targets.some((t) => !(t.isAdmin && t.isActive) && after(t).isAdmin && after(t).isActive)
  if (losing.size && !gaining && activeAdminIds.every((id) => losing.has(id))) return LAST_ADMIN
  return undefined
}

/** Letters and digits without the look-alikes 0/O, 1/I/L (Crockford-like), 31 symbols. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
/** Characters after the prefix: 31^6 ≈ 887 million codes per prefix. */
export const CODE_LENGTH = 6

/** A readable code: `prefix` + CODE_LENGTH symbols of CODE_ALPHABET drawn with `randomInt(max)` (0 ≤ n < max). */
export function generateCode(prefix: string, randomInt: (max: number) => number): string {
  let code = prefix
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/**
 * What becoming an agent adds (SPEC.md 3): codes when the user has none yet (`needsCodes`) and
 * agentStatus 'active' when it is unset. Nothing when the user was an agent already or stays none.
 */
export function agentOnboarding(
  before: { isAgent: boolean; agentStatus: string | null; referralCode: string | null; agentCode: string | null },
  isAgentAfter: boolean,
  agentStatusAfter: string | null,
) {
  const becomes = !before.isAgent && isAgentAfter
  return {
    needsCodes: becomes && (!before.referralCode || !before.agentCode),
    agentStatus: becomes && agentStatusAfter === null ? ('active' as const) : undefined,
  }
}

/**
 * A nested group after a partial edit: keys of `patch` that are undefined keep the stored value,
 * '' removes it, anything else replaces it. Returns a new object.
 */
export function mergeNested<T extends Record<string, unknown>>(stored: T, patch: Partial<T>): T {
  const merged: Record<string, unknown> = { ...stored }
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    if (value === '') delete merged[key]
    else merged[key] = value
  }
  return merged as T
}

/** The address after a partial edit (mergeNested); an empty or cleared country is 'India' (SPEC.md 2). */
export function mergeAddress<T extends { country?: string }>(stored: T, patch: Partial<T>): T {
  const merged = mergeNested(stored, patch)
  return merged.country ? merged : { ...merged, country: 'India' }
}

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000

/** The 1st of `now`'s month at 00:00 in India (IST), as an instant. */
export function monthStartIst(now: Date): Date {
  const local = new Date(now.getTime() + IST_OFFSET_MS)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - IST_OFFSET_MS)
}

/** Keys of `after` whose value differs from `before` (JSON comparison), with both sides. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changedBefore: Record<string, unknown> = {}
  const changedAfter: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue
    changedBefore[key] = before[key] ?? null
    changedAfter[key] = after[key] ?? null
  }
  return { changed: Object.keys(changedAfter).length > 0, before: changedBefore, after: changedAfter }
}
