/**
 * Users in the API's shapes (SPEC.md 3 "Admin", 6 roles): pure mappings from a users row.
 */
import type { Admin } from '../../src/api/schemas/auth'
import type { UserDetail, UserRole, UserSummary } from '../../src/api/schemas/users'
import type { BankDetails, users } from '../db/schema'
import { bpsToPercent } from './money'

type UserRow = typeof users.$inferSelect

/** An account number for logs, the audit log and the API: its last 4 digits only ('••••9012'). */
export function maskAccountNumber(accountNumber: string | undefined): string | undefined {
  return accountNumber === undefined ? undefined : `••••${accountNumber.slice(-4)}`
}

/** Role label from the flags: admin wins over agent (SPEC.md 6). */
export function userRole(user: { isAdmin: boolean; isAgent: boolean }): UserRole {
  return user.isAdmin ? 'admin' : user.isAgent ? 'agent' : 'user'
}

/** The signed-in admin: `{ _id, name, email, phone ('' when none), role: 'admin', hasPassword }`. */
export function toAdmin(user: UserRow): Admin {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    role: 'admin',
    hasPassword: user.passwordHash !== null,
  }
}

/** One row of the users list: rates in percent (stored as basis points), `createdAt` as an ISO string. */
export function toUserSummary(user: UserRow): UserSummary {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    role: userRole(user),
    isActive: user.isActive,
    isAgent: user.isAgent,
    isAdmin: user.isAdmin,
    defaultDiscountPercent: bpsToPercent(user.defaultDiscountBps),
    commissionRate: bpsToPercent(user.commissionRateBps),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  }
}

/**
 * One user as GET /api/users/{id} answers it (SPEC.md 3 "User"): absent text is '', rates in
 * percent, `bankDetails` the opened details (users.queries.ts findBankDetails) with the account
 * number masked to its last 4 digits (`••••1234`, '' when none).
 */
export function toUserDetail(user: UserRow, bankDetails: BankDetails): UserDetail {
  const a = user.address
  const s = user.socialMedia
  const p = user.preferences
  return {
    ...toUserSummary(user),
    college: user.college ?? '',
    course: user.course ?? '',
    year: user.year ?? '',
    address: {
      street: a.street ?? '',
      city: a.city ?? '',
      state: a.state ?? '',
      country: a.country ?? '',
      pincode: a.pincode ?? '',
    },
    isEmailVerified: user.isEmailVerified,
    agentStatus: user.agentStatus,
    businessName: user.businessName ?? '',
    websiteUrl: user.websiteUrl ?? '',
    socialMedia: {
      instagram: s.instagram ?? '',
      facebook: s.facebook ?? '',
      twitter: s.twitter ?? '',
      linkedin: s.linkedin ?? '',
      youtube: s.youtube ?? '',
    },
    bankDetails: {
      accountHolderName: bankDetails.accountHolderName ?? '',
      accountNumber: bankDetails.accountNumber ? maskAccountNumber(bankDetails.accountNumber)! : '',
      bankName: bankDetails.bankName ?? '',
      branchName: bankDetails.branchName ?? '',
      ifscCode: bankDetails.ifscCode ?? '',
      upiId: bankDetails.upiId ?? '',
    },
    preferences: {
      newsletter: p.newsletter ?? false,
      notifications: p.notifications ?? true,
      marketingEmails: p.marketingEmails ?? false,
    },
    referralCode: user.referralCode,
    agentCode: user.agentCode,
  }
}
