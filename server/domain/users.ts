/**
 * Users in the API's shapes (SPEC.md 3 "Admin", 6 roles): pure mappings from a users row.
 */
import type { Admin } from '../../src/api/schemas/auth'
import type { UserRole, UserSummary } from '../../src/api/schemas/users'
import type { users } from '../db/schema'
import { bpsToPercent } from './money'

type UserRow = typeof users.$inferSelect

/** Role label from the flags: admin wins over agent (SPEC.md 6). */
export function userRole(user: { isAdmin: boolean; isAgent: boolean }): UserRole {
  return user.isAdmin ? 'admin' : user.isAgent ? 'agent' : 'user'
}

/** The signed-in admin: `{ _id, name, email, phone ('' when none), role: 'admin' }`. */
export function toAdmin(user: UserRow): Admin {
  return { _id: user.id, name: user.name, email: user.email, phone: user.phone ?? '', role: 'admin' }
}

/** One row of the users list: rates in percent (stored as basis points), `createdAt` as an ISO string. */
export function toUserSummary(user: UserRow): UserSummary {
  return {
    _id: user.id, name: user.name, email: user.email, phone: user.phone ?? '', role: userRole(user),
    isActive: user.isActive, isAgent: user.isAgent, isAdmin: user.isAdmin,
    defaultDiscountPercent: bpsToPercent(user.defaultDiscountBps), commissionRate: bpsToPercent(user.commissionRateBps),
    createdAt: user.createdAt.toISOString(),
  }
}
