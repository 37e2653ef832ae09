/**
 * The OpenAPI 3.1 document of the app, generated from the routes:
 * hono-openapi walks `app.routes` and reads the valibot schema each `validate()` middleware
 * recorded (JSON body, query, path parameters; JSON Schema by @valibot/to-json-schema, input
 * side), then server/openapi/operations.ts adds what a validator cannot say: success answers,
 * multipart bodies, non-JSON answers and the public routes. Every route is listed, also those
 * without a schema (`includeEmptyPaths`). Errors are `{ success: false, message, errors? }`.
 */
import type { Hono } from 'hono'
import { generateSpecs, resolver } from 'hono-openapi'
import type { OpenAPIV3_1 } from 'openapi-types'
import type * as v from 'valibot'
import { ErrorBodySchema } from '../../src/api/schemas/common'
import type { AppEnv } from '../deps'
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

/** Apply one entry of OPERATIONS to its operation. */
async function applyExtra(operation: Operation, extra: OperationExtra, errorSchema: Schema): Promise<void> {
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
  responses.default = {
    description: 'Error: `{ success: false, message, errors? }`',
    content: { 'application/json': { schema: errorSchema } },
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
  for (const [path, item] of Object.entries(paths)) {
    for (const operation of Object.values(item ?? {}) as Operation[]) operation.tags = [tagOf(path)]
  }
  for (const [key, extra] of Object.entries(OPERATIONS)) {
    const [method, path] = key.split(' ') as [Lowercase<OpenAPIV3_1.HttpMethods> | string, string]
    const item = (paths[path] ??= {}) as Record<string, Operation>
    const operation = (item[method.toLowerCase()] ??= { responses: {}, tags: [tagOf(path)] })
    await applyExtra(operation, extra, errorSchema)
    const parameters = (operation.parameters ??= []) as OpenAPIV3_1.ParameterObject[]
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
        parameters.push({ in: 'path', name, required: true, schema: { type: 'string' } })
      }
    }
  }
  return document
}
