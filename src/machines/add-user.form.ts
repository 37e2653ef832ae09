/**
 * The Add User form's rules (SPEC.md 2 "Users list", DESIGN.md 'Add User' creates a user; contract
 * CreateUserSchema): the empty draft, the POST /api/users body, the contract's own messages per
 * field before sending, and the server's answer turned into messages by field. A 400 names its
 * fields in `issues` (src/api/field-errors.ts); a 409 is the taken e-mail (src/api/users.ts
 * createUser), so it belongs under the e-mail field.
 */
import { ApiError } from '../api/client'
import { schemaErrors, serverFieldErrors } from '../api/field-errors'
import { CreateUserSchema, type CreateUserInput } from '../api/schemas/users'

/** What the dialog edits: the text fields and the role flags. */
export interface AddUserDraft {
  name: string
  email: string
  phone: string
  isAdmin: boolean
  isAgent: boolean
}

export type AddUserField = 'name' | 'email' | 'phone'
export type AddUserFlag = 'isAdmin' | 'isAgent'
/** Messages by field, and `form` for a failure that names no field. */
export type AddUserErrors = Partial<Record<AddUserField | 'form', string>>

export const EMPTY_DRAFT: AddUserDraft = { name: '', email: '', phone: '', isAdmin: false, isAgent: false }
const FIELDS: readonly AddUserField[] = ['name', 'email', 'phone']

/** The POST /api/users body of `draft`: trimmed text, the flags as they are. */
export function createUserBody(draft: AddUserDraft): CreateUserInput {
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    isAdmin: draft.isAdmin,
    isAgent: draft.isAgent,
  }
}

/** The contract's messages for `draft` (first per field); empty when the server would take it. */
export function draftErrors(draft: AddUserDraft): AddUserErrors {
  return schemaErrors(CreateUserSchema, createUserBody(draft), FIELDS)
}

/** The server's refusal by field: a 400's issues under their field, a 409 under e-mail, the rest on the form. */
export function serverErrors(error: unknown): AddUserErrors {
  if (error instanceof ApiError && error.status === 409)
    return { email: error.message || 'A user with this email already exists' }
  return serverFieldErrors(error, FIELDS, 'Failed to create user')
}
