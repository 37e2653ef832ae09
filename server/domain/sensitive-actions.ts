/**
 * The sensitive actions: changes that a stolen access token must not be able to make without a
 * fresh OTP proof of its admin (step-up, SECURITY.md "Sensitive actions", decision 010). Each is
 * refused with 403 `step_up_required` when the session's last OTP proof (`auth_time`) is older
 * than 15 minutes; routes name the action they guard (middleware/require-recent-auth.ts
 * `assertStepUp`), so this table is the one list of what is gated. `operations` are the
 * `METHOD /path` keys of server/openapi/operations.ts that can perform the action;
 * tests/server/security/step-up-table.test.ts walks every pair with an aged token and fails when a
 * write route that touches one of these fields is missing here.
 */

/** One sensitive action: what it is, when an operation counts as it, and which operations can do it. */
export type SensitiveAction = {
  /** A noun phrase for the step-up answer: '{title} needs a fresh confirmation: …'. */
  title: string
  /** When an operation is this action (always, or only for some targets), in words for SECURITY.md. */
  when: string
  operations: readonly string[]
}

export const SENSITIVE_ACTIONS = {
  'admin.grant': {
    title: 'Granting or removing admin rights',
    when: "a user created with isAdmin true; any change of a user's isAdmin",
    operations: ['POST /api/users', 'PUT /api/users/{id}'],
  },
  'admin.email': {
    title: 'Changing the e-mail of an admin account',
    when: "the e-mail of a user who is an admin changes, the own profile's included",
    operations: ['PUT /api/users/{id}', 'PUT /api/auth/profile'],
  },
  'admin.status': {
    title: 'Activating or deactivating an admin account',
    when: 'isActive of a user who is an admin changes: one, in bulk, or by undoing such a change',
    operations: [
      'PUT /api/users/{id}/status',
      'PUT /api/users/bulk-update',
      'PUT /api/users/{id}',
      'POST /api/admin/undo/{id}',
    ],
  },
  'password.set': {
    title: 'Setting a password',
    when: 'always, the first password too (it also signs out every other session)',
    operations: ['PUT /api/auth/change-password'],
  },
  'sessions.revoke': {
    title: 'Signing out other sessions',
    when: "'Sign out everywhere else', or revoking one session other than the current one",
    operations: ['POST /api/auth/sessions/revoke-others', 'DELETE /api/auth/sessions/{id}'],
  },
  'bank.update': {
    title: 'Changing bank details',
    when: 'always',
    operations: ['PUT /api/users/{id}'],
  },
  'bank.reveal': {
    title: 'Revealing a bank account number',
    when: 'always',
    operations: ['POST /api/users/{id}/bank-details/reveal'],
  },
  'commission.change': {
    title: 'Changing commission',
    when: "a commission configuration created, edited or deleted; an agent's commission rate changed",
    operations: [
      'POST /api/commission/configs',
      'PUT /api/commission/configs/default',
      'PUT /api/commission/configs/{id}',
      'DELETE /api/commission/configs/{id}',
      'PUT /api/users/{id}',
    ],
  },
  'repository.access': {
    title: "Opening a project's source to others",
    when: 'a repository collaborator added; a private repository made public',
    operations: ['POST /api/github/repo/{name}/collaborators', 'PUT /api/github/repo/{name}/features'],
  },
} as const satisfies Record<string, SensitiveAction>

export type SensitiveActionId = keyof typeof SENSITIVE_ACTIONS

/**
 * The step-up check of one request (middleware/require-recent-auth.ts stepUpCheckOf): throws the
 * 403 `step_up_required` when the request may not perform `action`. The data layer calls it inside
 * its transaction once the stored rows tell what a write would change.
 */
export type StepUpCheck = (action: SensitiveActionId) => void

/** A user's fields that the sensitive actions look at. */
export type UserGuardFields = { isAdmin: boolean; isActive: boolean; email: string; commissionRateBps: number }

/**
 * The sensitive actions of writing `next` (only the fields written) over the stored user `row`,
 * in table order: isAdmin changed → admin.grant; an admin's (before or after) e-mail or isActive
 * changed → admin.email / admin.status; the commission rate changed → commission.change. E-mails
 * compare case-insensitively (they are stored lower-case).
 */
export function userWriteActions(row: UserGuardFields, next: Partial<UserGuardFields>): SensitiveActionId[] {
  const actions: SensitiveActionId[] = []
  const changed = <K extends keyof UserGuardFields>(key: K) => next[key] !== undefined && next[key] !== row[key]
  const admin = row.isAdmin || next.isAdmin === true
  if (changed('isAdmin')) actions.push('admin.grant')
  if (admin && next.email !== undefined && next.email.toLowerCase() !== row.email.toLowerCase())
    actions.push('admin.email')
  if (admin && changed('isActive')) actions.push('admin.status')
  if (changed('commissionRateBps')) actions.push('commission.change')
  return actions
}

/** The 403 `step_up_required` message for `action`, naming it so the dialog can say what is confirmed. */
export const stepUpMessage = (action: SensitiveActionId) =>
  `${SENSITIVE_ACTIONS[action].title} needs a fresh confirmation: enter the code we send to your e-mail.`
