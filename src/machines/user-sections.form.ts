/**
 * Per-section form rules of the User detail (SPEC.md 2 "User detail", 3 "User", 5, 7 PUT
 * /api/users/{id}): each section is one group of the contract (schemas/users.ts
 * USER_UPDATE_GROUPS). The draft starts from the loaded user (text fields as text, flags as
 * booleans; the country defaults to India); Save sends only the group's fields that changed, so a
 * bank-details edit never sends the masked account number back: the account number field starts
 * empty and is sent only when the admin typed a new one. Rates in percent.
 */
import { schemaErrors, type FieldErrors } from '../api/field-errors'
import { SOCIAL_NETWORKS, UserUpdateGroupSchemas, type UserDetail, type UserUpdateGroup } from '../api/schemas/users'
import { coerceNumber } from '../api/schemas/normalise'

/** A section's form values while editing (text inputs and checkboxes). */
export type UserDraft = Record<string, string | boolean>

/** SPEC.md 9: the default country of an address. */
export const DEFAULT_COUNTRY = 'India'

const ADDRESS_KEYS = ['street', 'city', 'state', 'country', 'pincode'] as const
const BANK_KEYS = ['accountHolderName', 'bankName', 'branchName', 'ifscCode', 'upiId'] as const
const PREFERENCE_KEYS = ['newsletter', 'notifications', 'marketingEmails'] as const
const BASIC_KEYS = ['name', 'email', 'phone', 'college', 'course', 'year'] as const
const FLAG_KEYS = ['isActive', 'isAdmin', 'isAgent', 'isEmailVerified'] as const
const AGENT_TEXT_KEYS = ['businessName', 'websiteUrl'] as const

const str = (d: UserDraft, key: string) => String(d[key] ?? '')
const pick = <K extends string>(source: Record<K, string | boolean>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, source[k]])) as UserDraft
const percent = (value: string) => coerceNumber(value.trim() === '' ? '0' : value)

/** The draft a section's edit mode starts from. */
export function initialUserDraft(section: UserUpdateGroup, u: UserDetail): UserDraft {
  switch (section) {
    case 'basic':
      return pick(u, BASIC_KEYS)
    case 'address':
      return { ...pick(u.address, ADDRESS_KEYS), country: u.address.country || DEFAULT_COUNTRY }
    case 'flags':
      return pick(u, FLAG_KEYS)
    case 'agent':
      return {
        isAgent: u.isAgent,
        agentStatus: u.agentStatus ?? '',
        ...pick(u, AGENT_TEXT_KEYS),
        defaultDiscountPercent: String(u.defaultDiscountPercent),
        commissionRate: String(u.commissionRate),
      }
    case 'socialMedia':
      return pick(u.socialMedia, SOCIAL_NETWORKS)
    case 'bankDetails':
      return { ...pick(u.bankDetails, BANK_KEYS), accountNumber: '' }
    case 'preferences':
      return pick(u.preferences, PREFERENCE_KEYS)
  }
}

/** The fields of `draft` (trimmed text) that differ from `loaded`. */
function changed(draft: UserDraft, loaded: UserDraft, keys: readonly string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (const key of keys) {
    const value = typeof draft[key] === 'string' ? str(draft, key).trim() : draft[key]
    if (value !== undefined && value !== loaded[key]) out[key] = value
  }
  return out
}

/**
 * The PUT /api/users/{id} body of a section's Save: only the fields that changed (nested groups
 * under their key), or null when nothing changed (no request is needed).
 */
export function userSectionBody(section: UserUpdateGroup, d: UserDraft, u: UserDetail): Record<string, unknown> | null {
  const loaded = initialUserDraft(section, u)
  const keys = Object.keys(loaded)
  switch (section) {
    case 'basic':
    case 'flags': {
      const body = changed(d, loaded, keys)
      return Object.keys(body).length ? body : null
    }
    case 'agent': {
      const body: Record<string, unknown> = changed(d, loaded, ['isAgent', 'agentStatus', ...AGENT_TEXT_KEYS])
      for (const key of ['defaultDiscountPercent', 'commissionRate'] as const) {
        const value = percent(str(d, key))
        if (value !== u[key]) body[key] = value
      }
      if (body.agentStatus === '') delete body.agentStatus
      return Object.keys(body).length ? body : null
    }
    case 'bankDetails': {
      const fields = changed(d, loaded, BANK_KEYS)
      const typed = str(d, 'accountNumber').trim()
      if (typed) fields.accountNumber = typed
      if (typeof fields.ifscCode === 'string') fields.ifscCode = fields.ifscCode.toUpperCase()
      return Object.keys(fields).length ? { bankDetails: fields } : null
    }
    case 'address':
    case 'socialMedia':
    case 'preferences': {
      const fields = changed(d, loaded, keys)
      // A stored empty country shows as India: saving the address keeps that default.
      if (section === 'address' && u.address.country === '' && !('country' in fields) && Object.keys(fields).length) {
        fields.country = str(d, 'country').trim()
      }
      return Object.keys(fields).length ? { [section]: fields } : null
    }
  }
}

/**
 * The messages Save would get back, by draft field, before sending: the Save body checked with
 * the group's contract schema (the server runs the same one: SPEC.md 5 bounds, IFSC, UPI, account
 * number); {} when the body is valid or nothing changed.
 */
export function userSectionErrors(section: UserUpdateGroup, d: UserDraft, u: UserDetail): FieldErrors {
  const body = userSectionBody(section, d, u)
  if (body === null) return {}
  return schemaErrors(UserUpdateGroupSchemas[section], body, Object.keys(initialUserDraft(section, u)))
}
