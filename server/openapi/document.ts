/**
 * The OpenAPI 3.1 document of the app, generated from the routes:
 * hono-openapi walks `app.routes` and reads the valibot schema each `validate()` middleware
 * recorded (JSON body, query, path parameters; JSON Schema by @valibot/to-json-schema, input
 * side), then server/openapi/operations.ts adds what a validator cannot say: success answers,
 * multipart bodies, non-JSON answers and the public routes. Every route is listed, also those
 * without a schema (`includeEmptyPaths`), but the SPA's (`/`, `/index.html`: not API). Errors are
 * `{ success: false, message, errors? }`: each operation lists the 4xx statuses it answers
 * (`standardErrors` for those of its kind, OperationExtra.errors for its own) and `default`.
 * `npm run lint:openapi` checks the result with Redocly CLI's recommended rules (redocly.yaml).
 */
import type { Hono } from 'hono'
import { generateSpecs, resolver } from 'hono-openapi'
import type { OpenAPIV3_1 } from 'openapi-types'
import type * as v from 'valibot'
import { ErrorBodySchema } from '../../src/api/schemas/common'
import { VersionConflictBodySchema } from '../../src/api/schemas/versions'
import type { AppEnv } from '../deps'
import { SENSITIVE_ACTIONS } from '../domain/sensitive-actions'
import { OPENAPI_SCHEMA_OPTIONS } from '../http/validate'
import { OPERATIONS, type OperationExtra } from './operations'

type Operation = OpenAPIV3_1.OperationObject
type Schema = OpenAPIV3_1.SchemaObject

/** JSON Schema (OpenAPI 3.1 dialect) of a valibot schema's input side. */
export async function jsonSchemaOf(schema: v.GenericSchema): Promise<Schema> {
  return (await resolver(schema, OPENAPI_SCHEMA_OPTIONS).toOpenAPISchema()).schema
}

/** The multipart/form-data body schema: the text fields plus binary file parts. */
async function multipartSchema(multipart: NonNullable<OperationExtra['multipart']>): Promise<Schema> {
  const fields = multipart.fields ? await jsonSchemaOf(multipart.fields) : { type: 'object' as const, properties: {} }
  const properties: Record<string, Schema> = { ...(fields.properties as Record<string, Schema> | undefined) }
  const binary: Schema = { type: 'string', format: 'binary' }
  for (const [name, { multiple }] of Object.entries(multipart.files)) {
    properties[name] = multiple ? { type: 'array', items: binary } : binary
  }
  return {
    ...fields,
    type: 'object',
    properties,
    required: [...(fields.required ?? []), ...Object.keys(multipart.files)],
  }
}

/** The group of a path in the docs: `/api/admin/projects/{id}/report` → 'reports', `/api/projects/x` → 'projects'. */
function tagOf(path: string): string {
  if (path.includes('/report')) return 'reports'
  const [first, second, third] = path.split('/').filter(Boolean)
  if (first !== 'api') return first
  return second === 'admin' ? third : second
}

/** The parts of the app the document describes: the SPA's routes (`/`, `/index.html`) are not API. */
const DOCUMENTED_PREFIXES = ['/api/', '/files/', '/git/']

/** 4xx status → when it is answered. */
type Errors = NonNullable<OperationExtra['errors']>

/** The titles of the sensitive actions `key` (`METHOD /path`) can perform (step-up, decision 010). */
const stepUpTitles = (key: string) =>
  Object.values(SENSITIVE_ACTIONS)
    .filter((action) => (action.operations as readonly string[]).includes(key))
    .map((action) => action.title.toLowerCase())

/**
 * The 4xx answers every operation of a kind gives: behind the admin guard (every /api route but
 * the public ones) 401 and 403, with step-up's 403 for the sensitive actions; 404 for an /api path
 * with an id (looked up); 413 for a JSON body (multipart routes bound their own, in their errors).
 */
function standardErrors(key: string, path: string, extra: OperationExtra, jsonBody: boolean): Errors {
  const errors: Errors = {}
  if (!extra.public && path.startsWith('/api/')) {
    errors[401] = 'Missing, invalid or expired access token, or its session was signed out'
    const titles = stepUpTitles(key)
    errors[403] = titles.length
      ? `Not an active admin; or \`step_up_required\` for ${titles.join(', ')} when the last code confirmation is older than 15 minutes`
      : 'Not an active admin'
  }
  const params = [...path.matchAll(/\{\w+\}/g)].map(([param]) => param)
  if (path.startsWith('/api/') && params.length) errors[404] = `Not found: nothing has this ${params.join(' and ')}`
  if (jsonBody) errors[413] = 'Body over its limit: 8 KB on the auth routes, 32 KB on the contact form, 1 MB elsewhere'
  return errors
}

/** `getApiProjectsById` for `GET /api/projects/{id}`: the form hono-openapi gives the routes it walks. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}(.*)$/.exec(segment)
      return param ? ['by', param[1], ...param[2].split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/)
    })
    .filter(Boolean)
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')
}

/** Apply one entry of OPERATIONS to its operation (`key`: `METHOD /path`). */
async function applyExtra(
  key: string,
  operation: Operation,
  extra: OperationExtra,
  errorSchema: Schema,
): Promise<void> {
  if (extra.summary) operation.summary = extra.summary
  if (extra.public) operation.security = []
  const responses: OpenAPIV3_1.ResponsesObject = { ...operation.responses }
  if (Object.keys(responses['200'] ?? {}).length === 0) delete responses['200']
  if (extra.response) {
    responses[String(extra.response.status)] = {
      description: 'Success',
      content: { 'application/json': { schema: await jsonSchemaOf(extra.response.schema) } },
    }
  }
  if (extra.rawResponse) {
    responses[String(extra.rawResponse.status)] = {
      description: extra.rawResponse.description,
      content: { [extra.rawResponse.media]: {} },
    }
  }
  const path = key.slice(key.indexOf(' ') + 1)
  const jsonBody = Boolean(extra.jsonBody || extra.optionalJson || (operation.requestBody && !extra.multipart))
  const errors = { ...standardErrors(key, path, extra, jsonBody), ...extra.errors }
  for (const [status, description] of Object.entries(errors)) {
    const existing = responses[status] as OpenAPIV3_1.ResponseObject | undefined
    responses[status] = existing
      ? { ...existing, description }
      : { description, content: { 'application/json': { schema: errorSchema } } }
  }
  responses.default = {
    description: 'Error: `{ success: false, message, errors? }`',
    content: { 'application/json': { schema: errorSchema } },
  }
  if (extra.etag) {
    const success = responses[String(extra.response?.status ?? 200)] as OpenAPIV3_1.ResponseObject | undefined
    if (success) {
      success.headers = {
        ETag: {
          description: "The record's version (its updatedAt), quoted: send it back as If-Match to write it",
          schema: { type: 'string', example: '"2026-11-27T10:00:00.123Z"' },
        },
      }
    }
  }
  if (extra.ifMatch) {
    ;(operation.parameters ??= []).push({
      in: 'header',
      name: 'If-Match',
      required: false,
      description:
        'The ETag of the record as read. When it names another version the write changes nothing and ' +
        'answers 409 `version_conflict`; without it the write is applied (last write wins)',
      schema: { type: 'string' },
    })
    const other = (responses['409'] as OpenAPIV3_1.ResponseObject | undefined)?.description
    responses['409'] = {
      description:
        (other ? `${other}; or ` : '') +
        '`version_conflict`: If-Match names a version the record no longer has (the body holds its version ' +
        'now and the changes made since, oldest first)',
      content: {
        'application/json': { schema: { anyOf: [await jsonSchemaOf(VersionConflictBodySchema), errorSchema] } },
      },
    }
  }
  operation.responses = responses
  if (extra.jsonBody) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: await jsonSchemaOf(extra.jsonBody) } },
    }
  }
  if (extra.optionalJson) {
    operation.requestBody = {
      required: false,
      content: { 'application/json': { schema: await jsonSchemaOf(extra.optionalJson) } },
    }
  }
  if (extra.multipart) {
    operation.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: await multipartSchema(extra.multipart) } },
    }
  }
}

/**
 * Build the document for `app`. `OPERATIONS` entries whose route the app lacks (the git paths,
 * served by one catch-all route) are added as they are.
 */
export async function buildOpenApiDocument(app: Hono<AppEnv>): Promise<OpenAPIV3_1.Document> {
  const errorSchema = await jsonSchemaOf(ErrorBodySchema)
  const document = (await generateSpecs(app as unknown as Hono, {
    documentation: {
      info: {
        title: 'Marketplace admin console API',
        version: '1.0.0',
        description:
          'The admin API (SPEC.md 7). Every route but the public ones needs `Authorization: Bearer <access token>` ' +
          'of an admin. JSON bodies are limited to 1 MB (the auth routes to 8 KB); errors answer ' +
          '`{ success: false, message, errors? }`.',
      },
      // Relative to where the document is served: the API, the files and git share the console's origin.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    includeEmptyPaths: true,
    excludeStaticFile: false,
    defaultValidationErrorResponse: {
      description: 'Invalid request: `{ success: false, message, errors }`',
      content: { 'application/json': { schema: errorSchema } },
    },
  })) as OpenAPIV3_1.Document
  const paths = (document.paths ??= {})
  for (const path of Object.keys(paths)) {
    if (!DOCUMENTED_PREFIXES.some((prefix) => path.startsWith(prefix))) delete paths[path]
  }
  for (const [path, item] of Object.entries(paths)) {
    for (const operation of Object.values(item ?? {}) as Operation[]) operation.tags = [tagOf(path)]
  }
  for (const [key, extra] of Object.entries(OPERATIONS)) {
    const [method, path] = key.split(' ') as [Lowercase<OpenAPIV3_1.HttpMethods> | string, string]
    const item = (paths[path] ??= {}) as Record<string, Operation>
    const operation = (item[method.toLowerCase()] ??= { responses: {}, tags: [tagOf(path)] })
    await applyExtra(key, operation, extra, errorSchema)
    operation.operationId ??= operationIdOf(method, path)
    const parameters = (operation.parameters ??= []) as OpenAPIV3_1.ParameterObject[]
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
        parameters.push({ in: 'path', name, required: true, schema: { type: 'string' } })
      }
    }
  }
  return document
}
