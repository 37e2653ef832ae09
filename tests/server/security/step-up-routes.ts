/**
 * The classification behind the completeness check of step-up-table.test.ts: every write route of
 * the OpenAPI document that is not in the sensitive-action table is listed here with why it needs
 * no fresh OTP proof, and the request-body fields that make a route sensitive are named. A new
 * write route fails the test until it is put in the table or here.
 */

/** Write routes that are not sensitive actions, each with why. */
export const ORDINARY_WRITES: Record<string, string> = {
  'POST /api/auth/send-otp': 'sign-in (public)',
  'POST /api/auth/verify-otp': 'sign-in (public)',
  'POST /api/auth/refresh': 'refresh token rotation (the refresh token is the credential)',
  'POST /api/auth/logout': 'ends the own session',
  'POST /api/auth/step-up/send-otp': 'the step-up itself: mails a code to the signed-in admin',
  'POST /api/auth/step-up/verify': 'the step-up itself',
  'PUT /api/admin/preferences': "the admin's own console preferences",
  'POST /api/admin/preferences/recent': "the admin's own recent palette entries",
  'POST /api/projects/create': 'catalogue work',
  'PUT /api/projects/{id}': 'catalogue work (fields, owner, listing)',
  'DELETE /api/projects/{id}': 'catalogue work',
  'POST /api/projects/bulk-delete': 'catalogue work',
  'POST /api/projects/bulk-update': 'catalogue work (listing on or off, undoable)',
  'POST /api/projects/bulk-verify': 'review work (undoable)',
  'PUT /api/projects/{id}/verify': 'review work (undoable)',
  'POST /api/admin/triage/projects/{id}/claim': 'review work: marks who is reviewing, changes no record',
  'DELETE /api/admin/triage/projects/{id}/claim': 'review work: ends the own claim',
  'POST /api/projects/{id}/source-report': 'review work: queues the analysis again, changes no record',
  'PUT /api/presence': 'says which record the admin has open, changes no record',
  'DELETE /api/presence': 'says the admin left a record',
  'PUT /api/projects/{id}/verification-history/{entryId}': 'review work',
  'DELETE /api/projects/{id}/verification-history/{entryId}': 'review work',
  'POST /api/upload/upload': "a project's source",
  'POST /api/storage/projects/{id}/images': "a project's images",
  'DELETE /api/storage/projects/{id}/images': "a project's images",
  'PUT /api/storage/projects/{id}/images/order': "a project's images",
  'POST /api/admin/projects/{id}/report': "a project's report",
  'DELETE /api/admin/projects/{id}/report': "a project's report",
  'DELETE /api/github/repo/{name}': 'removes a repository: grants nobody anything',
  'DELETE /api/github/repo/{name}/collaborators/{username}': 'takes access away',
  'POST /api/github/repo/{name}/branches': 'a branch inside the repository',
  'POST /git/{repo}.git/git-upload-pack': "a clone's fetch (read-only; pushes are refused)",
  'PUT /api/orders/{id}/status': 'order fulfilment (undoable)',
  'PUT /api/orders/bulk-update': 'order fulfilment (undoable)',
  'POST /api/contacts': "the storefront's public contact form",
  'PUT /api/contacts/{id}': 'inquiry handling and replies',
  'PUT /api/contacts/bulk-update': 'inquiry handling (undoable)',
}

/**
 * Request-body fields that write an account, a credential, bank details, commission or access to
 * the source: a route sending one of them belongs in the table unless exempt below.
 */
export const SENSITIVE_FIELDS = [
  'isAdmin',
  'isActive',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'bankDetails',
  'accountNumber',
  'commissionRate',
  'projectOwnerRate',
  'platformOwnerRate',
  'customizerRate',
  'installationSupportRate',
  'referralCommissionRate',
  'userIds',
  'username',
  'permission',
  'private',
] as const

/** Routes outside the table whose body has such a field by name only, with the fields (the reason is in ORDINARY_WRITES). */
export const SENSITIVE_FIELD_EXEMPT: Record<string, readonly string[]> = {
  'POST /api/auth/send-otp': ['email'],
  'POST /api/auth/verify-otp': ['email'],
  'POST /api/contacts': ['email'],
  'POST /api/projects/create': ['isActive'],
  'POST /api/projects/bulk-update': ['isActive'],
  'PUT /api/projects/{id}': ['isActive'],
}

type JsonSchema = {
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}
type Operation = { requestBody?: { content: Record<string, { schema: JsonSchema }> } }

/** Every non-GET operation of an OpenAPI document as `METHOD /path` with its request body schemas. */
export function writeOperations(doc: {
  paths: Record<string, Record<string, Operation>>
}): { key: string; body: JsonSchema[] }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        body: Object.values(op.requestBody?.content ?? {}).map((media) => media.schema),
      })),
  )
}

/** The SENSITIVE_FIELDS named anywhere in `schemas` (nested objects, arrays and unions too). */
export function sensitiveFieldsOf(schemas: JsonSchema[]): string[] {
  const found = new Set<string>()
  const walk = (schema: JsonSchema | undefined) => {
    if (!schema || typeof schema !== 'object') return
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if ((SENSITIVE_FIELDS as readonly string[]).includes(name)) found.add(name)
      walk(property)
    }
    walk(schema.items)
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part)
  }
  schemas.forEach(walk)
  return [...found].sort()
}
