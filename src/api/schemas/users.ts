/**
 * Users contract, first part (SPEC.md 3 "User", 2 "Users list"): the server-side filtered list
 * the owner picker of the project detail page searches. Roles derive from flags (SPEC.md 6):
 * Admin if isAdmin, else Agent if isAgent, else User.
 */
import * as v from 'valibot'
import { textSchema } from './common'

export const USER_ROLES = ['admin', 'agent', 'user'] as const
export type UserRole = (typeof USER_ROLES)[number]

const pageNumber = (label: string, max: number, fallback: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${label} must be a whole number`), v.transform(Number),
    v.minValue(1, `${label} must be at least 1`), v.maxValue(max, `${label} cannot exceed ${max}`)), String(fallback))

/** GET /api/users query: search over name, e-mail and phone; role and status filters; page/limit. */
export const UserListQuerySchema = v.object({
  search: v.optional(textSchema('Search', 200), ''),
  role: v.optional(v.picklist(['', 'all', ...USER_ROLES], 'Role must be admin, agent or user'), ''),
  status: v.optional(v.picklist(['', 'all', 'active', 'inactive'], 'Status must be active or inactive'), ''),
  page: pageNumber('Page', 1_000_000, 1),
  limit: pageNumber('Limit', 100, 20),
})
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>

export const UserSummarySchema = v.object({
  _id: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  role: v.picklist(USER_ROLES),
  isActive: v.boolean(),
  isAgent: v.boolean(),
  isAdmin: v.boolean(),
  /** Percent (SPEC.md 3, default 5); stored as basis points. */
  defaultDiscountPercent: v.number(),
  /** Percent (SPEC.md 3, default 5); stored as basis points. */
  commissionRate: v.number(),
  createdAt: v.string(),
})
export type UserSummary = v.InferOutput<typeof UserSummarySchema>

export const UserListResponseSchema = v.object({
  success: v.literal(true),
  users: v.array(UserSummarySchema),
  pagination: v.object({ currentPage: v.number(), totalPages: v.number(), totalUsers: v.number() }),
})
