/**
 * Users contract (SPEC.md 2 "Users list", "User detail"; 3 "User"; 5 "Users, orders, contacts";
 * 6 roles; 7 "Users"). Roles derive from flags (SPEC.md 6): Admin if isAdmin, else Agent if
 * isAgent, else User. Rates travel in percent with at most 2 decimals; the server stores basis
 * points (1% = 100 bps). Bank account numbers travel masked (`••••1234`) except from the audited
 * reveal call.
 *
 * PUT /api/users/{id} takes one group of SPEC.md 7's partial payloads at a time (basic, address,
 * flags, agent, socialMedia, bankDetails, preferences), each a strict object: a field outside the
 * group is refused by name ('Unknown field: isAdmin'), so a bank-details edit cannot set isAdmin.
 * The nested groups (address, socialMedia, bankDetails, preferences) are partial: an omitted key
 * keeps its stored value, '' clears it.
 */
import * as v from 'valibot'
import { EmailSchema, IsoDateSchema, textSchema } from './common'
import { numberField, strictMessage } from './fields'
import { RowConflictSchema, RowVersionsSchema } from './versions'
import { undoEntry } from './undo'

export const USER_ROLES = ['admin', 'agent', 'user'] as const
export type UserRole = (typeof USER_ROLES)[number]
/** SPEC.md 3 "User" year. */
export const USER_YEARS = ['1st Year', '2nd Year', '3rd Year', '4th Year', 'Graduate', 'Other'] as const
export type UserYear = (typeof USER_YEARS)[number]
/** SPEC.md 3 agentStatus. */
export const AGENT_STATUSES = ['pending', 'active', 'inactive', 'suspended'] as const
export type AgentStatus = (typeof AGENT_STATUSES)[number]
/** SPEC.md 5: agent default discount 0-50 %, commission rate 0-100 %, both default 5 %. */
export const AGENT_DISCOUNT_PERCENT = { min: 0, max: 50, default: 5 } as const
export const COMMISSION_RATE_PERCENT = { min: 0, max: 100, default: 5 } as const
/** Indian Financial System Code: 4 letters (bank), 0, 6 letters or digits (branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
/** UPI virtual payment address `name@handle` (NPCI): 2-256 of [A-Za-z0-9._-], '@', a 2-64 letter handle. */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/
/** A bank account number: 6 to 18 digits (Indian banks use 9 to 18). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{6,18}$/
/** At most this many users in one bulk update. */
export const USER_BULK_MAX = 500
/** The groups of PUT /api/users/{id}, each its own section of the User detail screen. */
export const USER_UPDATE_GROUPS = [
  'basic',
  'address',
  'flags',
  'agent',
  'socialMedia',
  'bankDetails',
  'preferences',
] as const
export type UserUpdateGroup = (typeof USER_UPDATE_GROUPS)[number]
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'twitter', 'linkedin', 'youtube'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

const pageNumber = (label: string, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, `${label} must be a whole number`),
      v.transform(Number),
      v.minValue(1, `${label} must be at least 1`),
      v.maxValue(max, `${label} cannot exceed ${max}`),
    ),
    String(fallback),
  )

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
  /** The row's version as listed (live.ts "Versions"): a bulk write sends it back in `versions`. */
  updatedAt: IsoDateSchema,
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
export type UserListResponse = v.InferOutput<typeof UserListResponseSchema>

/** GET /api/users/stats (SPEC.md 3 "User stats"); new this month counts from the 1st, 00:00 IST. */
export const UserStatsResponseSchema = v.object({
  success: v.literal(true),
  stats: v.object({
    overview: v.object({
      totalUsers: v.number(),
      totalAdmins: v.number(),
      totalAgents: v.number(),
      newUsersThisMonth: v.number(),
    }),
  }),
})
export type UserStats = v.InferOutput<typeof UserStatsResponseSchema>['stats']

const AddressSchema = v.object({
  street: v.string(),
  city: v.string(),
  state: v.string(),
  country: v.string(),
  pincode: v.string(),
})
const SocialMediaSchema = v.object({
  instagram: v.string(),
  facebook: v.string(),
  twitter: v.string(),
  linkedin: v.string(),
  youtube: v.string(),
})
const BankDetailsSchema = v.object({
  accountHolderName: v.string(),
  /** Masked to its last 4 digits (`••••1234`), '' when none; the full number only from the reveal call. */
  accountNumber: v.string(),
  bankName: v.string(),
  branchName: v.string(),
  ifscCode: v.string(),
  upiId: v.string(),
})
const PreferencesSchema = v.object({
  newsletter: v.boolean(),
  notifications: v.boolean(),
  marketingEmails: v.boolean(),
})

/** A user as GET /api/users/{id} returns it (SPEC.md 3 "User"); absent text is ''. */
export const UserDetailSchema = v.object({
  ...UserSummarySchema.entries,
  college: v.string(),
  course: v.string(),
  /** One of USER_YEARS, or '' when not set. */
  year: v.string(),
  address: AddressSchema,
  isEmailVerified: v.boolean(),
  agentStatus: v.nullable(v.picklist(AGENT_STATUSES)),
  businessName: v.string(),
  websiteUrl: v.string(),
  socialMedia: SocialMediaSchema,
  bankDetails: BankDetailsSchema,
  preferences: PreferencesSchema,
  /** Set when the user first becomes an agent (unique; kept when they stop being one). */
  referralCode: v.nullable(v.string()),
  agentCode: v.nullable(v.string()),
})
export type UserDetail = v.InferOutput<typeof UserDetailSchema>
export type UserAddress = UserDetail['address']
export type UserBankDetails = UserDetail['bankDetails']

export const UserResponseSchema = v.object({ success: v.literal(true), user: UserDetailSchema })
/** PUT /api/users/{id}, PUT .../status, POST /api/users: the user after the change. */
export const UserMessageResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  user: UserDetailSchema,
})
/** POST /api/users/{id}/bank-details/reveal: the full account number ('' when none); audited. */
export const BankAccountRevealResponseSchema = v.object({ success: v.literal(true), accountNumber: v.string() })
/** PUT /api/users/bulk-update. */
export const UserBulkResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  count: v.number(),
  ...undoEntry,
  /** With `versions` in the request: the users left unchanged because they changed since loaded. */
  conflicts: v.optional(v.array(RowConflictSchema)),
})

// ——— Requests ———

const text = (label: string, max: number) => textSchema(label, max)
const bool = (name: string) => v.boolean(`${name} must be true or false`)
const NameSchema = v.pipe(textSchema('Name', 100, { typeMessage: 'Name is required' }), v.nonEmpty('Name is required'))
/** Phone: free text as SPEC.md 5 shows no validation, but only what a phone number is made of. */
const PhoneSchema = v.pipe(
  text('Phone', 32),
  v.regex(/^[0-9+()\-.\s]*$/, 'Phone may contain only digits, spaces and + ( ) - .'),
)
const YearSchema = v.picklist(['', ...USER_YEARS], `Year must be one of ${USER_YEARS.join(', ')}`)
const WebsiteSchema = v.pipe(
  text('Website URL', 2048),
  v.check((url) => url === '' || /^https?:\/\/[^\s/]+/i.test(url), 'Website URL must be an http or https address'),
)
const IfscSchema = v.pipe(
  text('IFSC code', 11),
  v.toUpperCase(),
  v.check(
    (s) => s === '' || IFSC_PATTERN.test(s),
    'IFSC code must look like SBIN0001234 (4 letters, 0, 6 letters or digits)',
  ),
)
const UpiSchema = v.pipe(
  text('UPI ID', 320),
  v.check((s) => s === '' || UPI_ID_PATTERN.test(s), 'UPI ID must look like name@bank'),
)
const AccountNumberSchema = v.pipe(
  text('Account number', 18),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.check((s) => s === '' || ACCOUNT_NUMBER_PATTERN.test(s), 'Account number must be 6 to 18 digits'),
)

/** Fields of the groups; each group's schema below is strict over its own keys. */
const basicFields = {
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  college: text('College', 200),
  course: text('Course', 200),
  year: YearSchema,
}
const flagFields = {
  isActive: bool('isActive'),
  isAdmin: bool('isAdmin'),
  isAgent: bool('isAgent'),
  isEmailVerified: bool('isEmailVerified'),
}
const agentFields = {
  isAgent: bool('isAgent'),
  agentStatus: v.picklist(AGENT_STATUSES, `Agent status must be one of ${AGENT_STATUSES.join(', ')}`),
  businessName: text('Business name', 200),
  websiteUrl: WebsiteSchema,
  defaultDiscountPercent: numberField('Default discount', AGENT_DISCOUNT_PERCENT.min, AGENT_DISCOUNT_PERCENT.max),
  commissionRate: numberField('Commission rate', COMMISSION_RATE_PERCENT.min, COMMISSION_RATE_PERCENT.max),
}
const optionalAll = <T extends v.ObjectEntries>(entries: T) =>
  Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, v.optional(s)])) as {
    [K in keyof T]: v.OptionalSchema<T[K], undefined>
  }
const nonEmptyGroup = <T extends object>(label: string) =>
  v.check((input: T) => Object.values(input).some((x) => x !== undefined), `Nothing to update in ${label}`)
const nested = <T extends v.ObjectEntries>(key: string, label: string, entries: T) =>
  v.strictObject(
    { [key]: v.pipe(v.strictObject(optionalAll(entries), strictMessage({})), nonEmptyGroup(label)) } as Record<
      string,
      v.GenericSchema
    >,
    strictMessage({ [key]: `${label} is required` }),
  )

/** Strict schema of each PUT /api/users/{id} group (partial within the group; at least one field). */
export const UserUpdateGroupSchemas = {
  basic: v.pipe(v.strictObject(optionalAll(basicFields), strictMessage({})), nonEmptyGroup('basic details')),
  flags: v.pipe(v.strictObject(optionalAll(flagFields), strictMessage({})), nonEmptyGroup('status flags')),
  agent: v.pipe(v.strictObject(optionalAll(agentFields), strictMessage({})), nonEmptyGroup('agent settings')),
  address: nested('address', 'Address', {
    street: text('Street', 200),
    city: text('City', 100),
    state: text('State', 100),
    country: text('Country', 100),
    pincode: v.pipe(
      text('Pincode', 10),
      v.regex(/^[0-9A-Za-z -]*$/, 'Pincode may contain only letters, digits, spaces and -'),
    ),
  }),
  socialMedia: nested('socialMedia', 'Social media', Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, text(n, 300)]))),
  bankDetails: nested('bankDetails', 'Bank details', {
    accountHolderName: text('Account holder name', 100),
    accountNumber: AccountNumberSchema,
    bankName: text('Bank name', 100),
    branchName: text('Branch name', 100),
    ifscCode: IfscSchema,
    upiId: UpiSchema,
  }),
  preferences: nested('preferences', 'Preferences', {
    newsletter: bool('newsletter'),
    notifications: bool('notifications'),
    marketingEmails: bool('marketingEmails'),
  }),
} satisfies Record<UserUpdateGroup, v.GenericSchema>

/** The typed input of each group, as the server receives it after parsing. */
export type UserBasicInput = Partial<{
  name: string
  email: string
  phone: string
  college: string
  course: string
  year: '' | UserYear
}>
export type UserFlagsInput = Partial<{
  isActive: boolean
  isAdmin: boolean
  isAgent: boolean
  isEmailVerified: boolean
}>
export type UserAgentInput = Partial<{
  isAgent: boolean
  agentStatus: AgentStatus
  businessName: string
  websiteUrl: string
  defaultDiscountPercent: number
  commissionRate: number
}>
export type UserUpdate =
  | { group: 'basic'; data: UserBasicInput }
  | { group: 'flags'; data: UserFlagsInput }
  | { group: 'agent'; data: UserAgentInput }
  | { group: 'address'; data: { address: Partial<UserAddress> } }
  | { group: 'socialMedia'; data: { socialMedia: Partial<Record<SocialNetwork, string>> } }
  | { group: 'bankDetails'; data: { bankDetails: Partial<Omit<UserBankDetails, never>> } }
  | { group: 'preferences'; data: { preferences: Partial<UserDetail['preferences']> } }

const NESTED_KEYS = ['address', 'socialMedia', 'bankDetails', 'preferences'] as const
const AGENT_ONLY_KEYS = ['agentStatus', 'businessName', 'websiteUrl', 'defaultDiscountPercent', 'commissionRate']
const FLAG_ONLY_KEYS = ['isActive', 'isAdmin', 'isEmailVerified']

/**
 * Which group a PUT /api/users/{id} body is: a nested key names its group; agent-only keys make
 * it 'agent', flag-only keys 'flags', isAgent alone 'flags'; anything else 'basic'. The group's
 * strict schema then refuses every key from another group.
 */
export function userUpdateGroupOf(body: Record<string, unknown>): UserUpdateGroup {
  const keys = Object.keys(body)
  const nestedKey = NESTED_KEYS.find((k) => keys.includes(k))
  if (nestedKey) return nestedKey
  if (keys.some((k) => AGENT_ONLY_KEYS.includes(k))) return 'agent'
  if (keys.some((k) => FLAG_ONLY_KEYS.includes(k)) || keys.includes('isAgent')) return 'flags'
  return 'basic'
}

/**
 * PUT /api/users/{id} body → `{ group, data }` (UserUpdate): the body's group (userUpdateGroupOf)
 * parsed with that group's strict schema; its issues are this schema's issues.
 */
export const UserUpdateSchema = v.pipe(
  v.record(v.string(), v.unknown(), 'Request body must be a JSON object'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const group = userUpdateGroupOf(dataset.value)
    const result = v.safeParse(UserUpdateGroupSchemas[group] as v.GenericSchema, dataset.value)
    if (!result.success) {
      for (const issue of result.issues) addIssue({ message: issue.message, path: issue.path as never })
      return NEVER
    }
    return { group, data: result.output } as UserUpdate
  }),
)

/** PUT /api/users/{id}/status (SPEC.md 7). */
export const UserStatusSchema = v.strictObject(
  {
    status: v.picklist(['active', 'inactive'], 'Status must be active or inactive'),
  },
  strictMessage({ status: 'Status is required' }),
)

/** POST /api/users ('Add User', DESIGN.md): name and e-mail required, role flags optional. */
export const CreateUserSchema = v.strictObject(
  {
    name: NameSchema,
    email: EmailSchema,
    phone: v.optional(PhoneSchema, ''),
    isAdmin: v.optional(bool('isAdmin'), false),
    isAgent: v.optional(bool('isAgent'), false),
  },
  strictMessage({ name: 'Name is required', email: 'Email is required' }),
)
export type CreateUserInput = v.InferOutput<typeof CreateUserSchema>

/** PUT /api/users/bulk-update: activate or deactivate the selection in one transaction. */
export const UserBulkUpdateSchema = v.strictObject(
  {
    userIds: v.pipe(
      v.array(v.pipe(v.string(), v.uuid('Invalid id')), 'userIds must be a list of user ids'),
      v.minLength(1, 'Please select users to update'),
      v.maxLength(USER_BULK_MAX, `At most ${USER_BULK_MAX} users at once`),
    ),
    action: v.picklist(['activate', 'deactivate'], 'Action must be activate or deactivate'),
    versions: v.optional(RowVersionsSchema),
  },
  strictMessage({ userIds: 'Please select users to update', action: 'Action is required' }),
)
