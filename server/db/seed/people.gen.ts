/**
 * Demo users (customers, agents, admins; SPEC.md 3 "User") with Indian addresses, and customer
 * contacts in every status (SPEC.md 4 "Contact status").
 */
import type { KeyObject } from 'node:crypto'
import { sealBankDetails } from '../../services/bank-details-crypto'
import { emailFor, personName, type Fragments } from './fragments'
import { later, recentDate, type Rng } from './random'
import type { Row, TableSpec } from './writer'

export const USER_TABLE: TableSpec = {
  table: 'users',
  columns: [
    'id',
    'name',
    'email',
    'phone',
    'college',
    'course',
    'year',
    'address',
    'is_active',
    'is_admin',
    'is_agent',
    'is_email_verified',
    'agent_status',
    'business_name',
    'website_url',
    'default_discount_bps',
    'commission_rate_bps',
    'social_media',
    'bank_details',
    'preferences',
    'referral_code',
    'agent_code',
    'created_at',
    'updated_at',
  ],
}
export const CONTACT_TABLE: TableSpec = {
  table: 'contacts',
  columns: [
    'id',
    'name',
    'email',
    'phone',
    'subject',
    'message',
    'status',
    'project_id',
    'reply',
    'replied_at',
    'created_at',
    'updated_at',
  ],
}

export type UserRole = 'customer' | 'agent' | 'admin'
export const AGENT_STATUSES = ['pending', 'active', 'inactive', 'suspended'] as const
export const CONTACT_STATUSES = ['new', 'read', 'replied', 'archived'] as const

const phone = (rng: Rng) => `+91 ${rng.pick(['6', '7', '8', '9'])}${rng.code(9, '0123456789')}`
const handle = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')

/**
 * User `n` (unique number, drives e-mail and codes) with a role; `roleIndex` is n within the role.
 * An agent's bank account number is stored encrypted with `dataKey`.
 */
export function makeUser(
  rng: Rng,
  f: Fragments,
  n: number,
  role: UserRole,
  roleIndex: number,
  now: Date,
  dataKey: KeyObject,
) {
  const name = personName(f, rng.pick)
  const createdAt = recentDate(rng, now)
  const id = rng.uuid(createdAt)
  const agent = role === 'agent'
  const student = role === 'customer' && rng.chance(0.7)
  const address = {
    street: rng.pick(f.streets),
    city: rng.pick(f.cities),
    state: rng.pick(f.states),
    country: 'India',
    pincode: String(rng.int(110_001, 855_999)),
  }
  const business = agent ? `${rng.pick(f.companies)} Solutions` : null
  const row: Row = [
    id,
    name,
    role === 'admin' ? `${handle(name)}.${n}@admin.marketplace.example` : emailFor(f, name, n, rng.pick),
    phone(rng),
    student ? rng.pick(f.colleges) : null,
    student ? rng.pick(f.courses) : null,
    student ? rng.pick(f.years) : null,
    address,
    role === 'admin' || rng.chance(0.92),
    role === 'admin',
    agent,
    role !== 'customer' || rng.chance(0.8),
    agent
      ? roleIndex < 4
        ? AGENT_STATUSES[roleIndex]
        : rng.weighted({ pending: 2, active: 6, inactive: 1, suspended: 1 })
      : null,
    business,
    agent && rng.chance(0.5) ? `https://${handle(business ?? 'agent')}.in` : null,
    agent ? rng.pick([500, 500, 750, 1000, 1200]) : 500,
    agent ? rng.pick([500, 500, 800, 1000]) : 500,
    agent ? { instagram: `@${handle(name)}`, linkedin: `https://linkedin.com/in/${handle(name)}` } : {},
    agent
      ? sealBankDetails(dataKey, id, {
          accountHolderName: name,
          accountNumber: rng.code(12, '0123456789'),
          bankName: rng.pick(f.bankNames),
          branchName: address.city,
          ifscCode: `${rng.code(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}0${rng.code(6, '0123456789')}`,
          upiId: `${handle(name)}@okaxis`,
        })
      : {},
    { newsletter: rng.chance(0.4), notifications: rng.chance(0.8), marketingEmails: rng.chance(0.2) },
    agent ? `REF${n.toString(36).toUpperCase().padStart(5, '0')}` : null,
    agent ? `AGT-${String(roleIndex + 1).padStart(4, '0')}` : null,
    createdAt,
    createdAt,
  ]
  return { row, id }
}

/** Contact `n` (the first four cover every status), linked to a project 40% of the time; is_read follows the status (migration 0021). */
export function makeContact(rng: Rng, f: Fragments, n: number, projectIds: string[], now: Date): Row {
  const name = personName(f, rng.pick)
  const createdAt = recentDate(rng, now)
  const status = n < 4 ? CONTACT_STATUSES[n] : rng.weighted({ new: 30, read: 30, replied: 30, archived: 10 })
  const repliedAt = status === 'replied' ? later(rng, createdAt, 3_600_000, 3 * 86_400_000, now) : null
  const subject = rng.pick(f.subjects)
  return [
    rng.uuid(createdAt),
    name,
    emailFor(f, name, n, rng.pick),
    rng.chance(0.7) ? phone(rng) : null,
    subject,
    `Hi, ${subject.toLowerCase()}. ${rng.pick(f.asks)} Please get back to me soon.`,
    status,
    projectIds.length && rng.chance(0.4) ? rng.pick(projectIds) : null,
    repliedAt ? rng.pick(f.replies) : null,
    repliedAt,
    createdAt,
    repliedAt ?? createdAt,
  ]
}
