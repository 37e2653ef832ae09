/**
 * The OpenAPI document (server/openapi): every route of the app is in it with its request
 * schemas and its success answer, /api/openapi.json needs an admin token, and /api/docs serves
 * Swagger UI from the app itself (no CDN, no inline script).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../../server/openapi/operations'
import { call, createTestContext, signIn, type TestContext } from '../harness'

type Operation = {
  operationId?: string
  parameters?: { in: string; name: string; schema: Record<string, unknown> }[]
  requestBody?: { content: Record<string, { schema: Record<string, any> }> }
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>
  security?: unknown[]
}
type Document = { openapi: string; servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> }

/** Hono's `/a/:id{re}/b` → OpenAPI's `/a/{id}/b`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\}+)?/g, '{$1}')

describe('OpenAPI document', () => {
  let ctx: TestContext
  let doc: Document
  beforeAll(async () => {
    ctx = await createTestContext('pglite')
    const { accessToken } = await signIn(ctx)
    const res = await call(ctx, 'GET', '/api/openapi.json', undefined, accessToken)
    expect(res.status).toBe(200)
    doc = res.body as Document
    return () => ctx.close()
  })

  it('is OpenAPI 3.1 and needs an admin token', async () => {
    expect(doc.openapi).toBe('3.1.0')
    const anonymous = await call(ctx, 'GET', '/api/openapi.json')
    expect(anonymous.status).toBe(401)
  })

  it('lists every route the app registers, with its method', () => {
    const missing: string[] = []
    for (const route of ctx.app.routes) {
      const path = openApiPath(route.path)
      if (route.method === 'ALL') {
        // Middleware and catch-alls; the git smart HTTP route is documented by its concrete paths.
        if (path.startsWith('/git/'))
          expect(Object.keys(doc.paths).filter((p) => p.startsWith('/git/')).length).toBeGreaterThan(0)
        continue
      }
      if (!doc.paths[path]?.[route.method.toLowerCase()]) missing.push(`${route.method} ${path}`)
    }
    expect(missing).toEqual([])
  })

  it('gives every route a success answer and an error answer, and names the public ones', () => {
    const apiRoutes = new Set(
      ctx.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`),
    )
    for (const key of apiRoutes)
      expect(OPERATIONS[key], `${key} has no entry in server/openapi/operations.ts`).toBeDefined()
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status))
        expect(success.length, `${method} ${path}`).toBe(1)
        expect(Object.keys(success[0][1].content ?? {}).length, `${method} ${path}`).toBe(1)
        expect(op.responses.default, `${method} ${path}`).toBeDefined()
        const isPublic = Boolean(OPERATIONS[`${method.toUpperCase()} ${path}`]?.public)
        expect(op.security, `${method} ${path}`).toEqual(isPublic ? [] : undefined)
      }
    }
  })

  it('names its server and declares the 4xx answers of each operation (npm run lint:openapi lints the rest)', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })])
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`
        expect(op.operationId, key).toBeTruthy()
        for (const response of Object.values(op.responses)) expect(response.description, key).toBeTruthy()
        if (path.startsWith('/api/') && !OPERATIONS[key]?.public) {
          expect(op.responses['401'], key).toBeDefined()
          expect(op.responses['403'], key).toBeDefined()
        }
        if (path.startsWith('/api/') && path.includes('{')) expect(op.responses['404'], key).toBeDefined()
      }
    }
    expect(doc.paths['/api/users/{id}/bank-details/reveal'].post.responses['403'].description).toContain(
      'step_up_required',
    )
    expect(doc.paths['/api/users/{id}'].get.responses['403'].description).not.toContain('step_up_required')
    expect(Object.keys(doc.paths['/api/upload/upload'].post.responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409', '413']),
    )
    expect(doc.paths['/api/projects/{id}'].put.responses['413']).toBeDefined()
  })

  it('carries the request schemas of the validators: body, query, path and multipart', () => {
    const create = doc.paths['/api/projects/create'].post
    const body = create.requestBody!.content['application/json'].schema
    expect(body.additionalProperties).toBe(false)
    expect(body.required).toEqual(['title', 'description'])
    expect(body.properties.title).toMatchObject({ type: 'string', maxLength: 200 })
    expect(body.properties.features.anyOf[1]).toMatchObject({ type: 'array', maxItems: 100, items: { maxLength: 500 } })
    const list = doc.paths['/api/projects'].get.parameters!
    expect(list.find((p) => p.name === 'search')).toMatchObject({
      in: 'query',
      schema: { type: 'string', maxLength: 200 },
    })
    const one = doc.paths['/api/projects/{id}'].put.parameters!
    expect(one.find((p) => p.name === 'id')).toMatchObject({ in: 'path', schema: { type: 'string', format: 'uuid' } })
    const upload = doc.paths['/api/upload/upload'].post.requestBody!.content['multipart/form-data'].schema
    expect(upload.properties.files).toEqual({ type: 'array', items: { type: 'string', format: 'binary' } })
    expect(upload.required).toContain('projectId')
    const created = doc.paths['/api/projects/create'].post.responses['201'].content!['application/json'].schema as any
    expect(created.properties.project.properties.demoUrl).toEqual({ type: 'string' })
  })

  it('shows the seven group schemas of PUT /api/users/{id} (a rawTransform body) as anyOf', () => {
    const body = doc.paths['/api/users/{id}'].put.requestBody!.content['application/json'].schema
    expect(body.anyOf).toHaveLength(7)
    const keys = body.anyOf.map((group: any) => Object.keys(group.properties).sort().join(','))
    expect(keys).toContain('bankDetails')
    expect(keys).toContain('agentStatus,businessName,commissionRate,defaultDiscountPercent,isAgent,websiteUrl')
    for (const group of body.anyOf) expect(group.additionalProperties).toBe(false)
    const bank = body.anyOf.find((group: any) => group.properties.bankDetails).properties.bankDetails
    expect(bank.additionalProperties).toBe(false)
    expect(Object.keys(bank.properties)).toContain('ifscCode')
  })

  it('serves the docs page and its assets from the app, without inline script', async () => {
    const page = await ctx.app.request('/api/docs')
    expect(page.status).toBe(200)
    const html = await page.text()
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+\.js"/)
      expect(inline.trim()).toBe('')
    }
    expect(html).not.toMatch(/https?:\/\//)
    for (const asset of [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1])) {
      const res = await ctx.app.request(asset)
      expect(res.status, asset).toBe(200)
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(100)
    }
    expect((await ctx.app.request('/api/docs/..%2Fpackage.json')).status).toBe(404)
    for (const name of ['index.html', 'constructor', '__proto__', 'toString']) {
      expect((await ctx.app.request(`/api/docs/${name}`)).status, name).toBe(404)
    }
  })
})
