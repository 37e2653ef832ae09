/**
 * Fuzzing every route of the app in-process. The OpenAPI document
 * (GET /api/openapi.json) says what each route takes; fast-check draws path ids, queries, JSON and
 * multipart bodies from those schemas and mutates them (wrong types, huge and empty strings, NUL
 * and control characters, deep nesting, unknown fields, malformed JSON, wrong content types), and
 * every request is sent with a valid admin token so the handlers are reached. For each request:
 * no 5xx; no stack trace or SQL in an error body or in anything logged; and a refused (4xx)
 * request that could write leaves every table as it was (md5 of each table's rows before and
 * after; audit_log excepted: failed sign-ins are meant to be recorded there).
 * FUZZ_RUNS (cases per route, default 60), FUZZ_SEED (to replay; printed) and FUZZ_DB=postgres tune a run.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createTestContext, signIn, type TestContext } from '../harness'
import { tablesDigest } from '../table-digest'
import { hostileString, mutatedValue, setKnownIds, stringParam, validValue, type JsonSchema } from './fuzz-arbitraries'

const RUNS = Number(process.env.FUZZ_RUNS ?? 60)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
/** PGlite by default; FUZZ_DB=postgres runs the same cases on the PostgreSQL server of the harness. */
const DATABASE = process.env.FUZZ_DB === 'postgres' ? 'postgres' : 'pglite'

type Parameter = { in: string; name: string; schema?: JsonSchema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
}

/** A stack frame, a node internal or a source position: never in an answer or a log line. */
const STACK = /\n\s+at\s|\bat .+:\d+:\d+\)?$|node:internal|\.(?:ts|js|mjs):\d+/m
/** SQL text or a database's own error wording. */
const SQL =
  /failed query|\bselect\b[\s\S]{0,200}\bfrom\b|insert into|delete from|\bupdate\s+"?\w+"?\s+set\b|syntax error at or near|violates \w+ constraint|relation "[^"]+" does not exist|invalid byte sequence|index row requires|params:/i

/** One request as drawn: method, URL, body and content type. */
type Drawn = { method: string; url: string; body?: BodyInit; contentType?: string; describe: string }

/** Keep a printable, bounded description of a drawn value for a failure message. */
const preview = (value: unknown) => {
  let text: string
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…(${text.length})` : text)
}

/** encodeURIComponent, with a lone surrogate sent as the bytes of its (invalid) UTF-8 form. */
const encodeSegment = (text: string) =>
  Array.from(text, (ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('')

/** The arbitrary of requests for one operation of the document. */
function requestsFor(path: string, method: string, op: Operation): fc.Arbitrary<Drawn> {
  const params = op.parameters ?? []
  const pathParams = params.filter((p) => p.in === 'path')
  const queryParams = params.filter((p) => p.in === 'query')
  const pathArb = fc
    .tuple(...pathParams.map((p) => stringParam(p.schema)))
    .map((values) =>
      pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, encodeSegment(values[i] as string)), path),
    )
  const queryArb = fc
    .tuple(
      fc.tuple(...queryParams.map((p) => fc.option(stringParam(p.schema), { nil: undefined, freq: 3 }))),
      fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), hostileString), { freq: 4 }),
      fc.boolean(),
    )
    .map(([values, extra, repeat]) => {
      const search = new URLSearchParams()
      queryParams.forEach((p, i) => {
        const value = values[i] as string | undefined
        if (value === undefined) return
        search.append(p.name, value)
        if (repeat) search.append(p.name, value)
      })
      if (extra) search.append(extra[0], extra[1])
      const text = search.toString()
      return text ? `?${text}` : ''
    })
  const content = op.requestBody?.content ?? {}
  const jsonSchema = content['application/json']?.schema
  const formSchema = content['multipart/form-data']?.schema
  let bodyArb: fc.Arbitrary<Omit<Drawn, 'method' | 'url'>>
  if (formSchema) {
    bodyArb = multipartBodies(formSchema, false)
  } else {
    const schema = jsonSchema ?? (method === 'get' ? undefined : { type: 'object', properties: {} })
    bodyArb = fc.oneof(
      {
        weight: 8,
        arbitrary: mutatedValue(schema).map((value) => ({
          body: JSON.stringify(value ?? null),
          contentType: 'application/json',
          describe: `json ${preview(value)}`,
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('{', '{"a":', '[1,', '\u0000', '{"title":"\\ud800"}', '"', 'null', '1e999', '')
          .map((text) => ({ body: text, contentType: 'application/json', describe: `raw ${preview(text)}` })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            validValue(schema),
            fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/json; charset=utf-16',
            ),
          )
          .map(([value, type]) => ({
            body: JSON.stringify(value ?? null),
            contentType: type,
            describe: `as ${type} ${preview(value)}`,
          })),
      },
      { weight: jsonSchema ? 0 : 2, arbitrary: fc.constant({ describe: 'no body' }) },
    )
  }
  // Clean requests too (every part valid for the schema), so the handlers past validation run.
  const cleanPath = fc
    .tuple(...pathParams.map((p) => validValue(p.schema).map(String)))
    .map((values) =>
      pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, encodeSegment(values[i] as string)), path),
    )
  const cleanQuery = fc
    .tuple(...queryParams.map((p) => fc.option(validValue(p.schema).map(String), { nil: undefined })))
    .map((values) => {
      const search = new URLSearchParams()
      queryParams.forEach((p, i) => values[i] !== undefined && search.append(p.name, values[i] as string))
      return search.size ? `?${search}` : ''
    })
  const cleanBody: fc.Arbitrary<Omit<Drawn, 'method' | 'url'>> = formSchema
    ? multipartBodies(formSchema, true)
    : jsonSchema
      ? validValue(jsonSchema).map((value) => ({
          body: JSON.stringify(value),
          contentType: 'application/json',
          describe: `json ${preview(value)}`,
        }))
      : fc.constant({ describe: 'no body' })
  return fc
    .oneof(
      { weight: 2, arbitrary: fc.tuple(pathArb, queryArb, bodyArb) },
      { weight: 1, arbitrary: fc.tuple(cleanPath, cleanQuery, cleanBody) },
    )
    .map(([url, query, body]) => ({
      method: method.toUpperCase(),
      url: url + query,
      ...body,
      describe: `${method.toUpperCase()} ${url + query} ${body.describe}`,
    }))
}

/** A 1×1 PNG, so image uploads reach the decoder and the storage, not only the sniffing. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
)

/** Clean values of multipart fields whose rule spans fields (a chunk of a one- or two-chunk upload). */
const CLEAN_FORM_FIELDS: Record<string, fc.Arbitrary<string>> = {
  chunkIndex: fc.constant('0'),
  totalChunks: fc.constantFrom('1', '2'),
  uploadType: fc.constant('folder'),
}

/**
 * Multipart bodies from the form schema. Mutated: text fields valid or hostile, file fields
 * holding files or text, odd file names, unknown fields. Clean: valid text fields, 1 to 3 files
 * with plain names, and `relativePaths` (source uploads) naming exactly those files.
 */
function multipartBodies(schema: JsonSchema, clean: boolean): fc.Arbitrary<Omit<Drawn, 'method' | 'url'>> {
  const properties = Object.entries(schema.properties ?? {})
  const isFile = (s: JsonSchema) => s.format === 'binary' || s.items?.format === 'binary'
  const bytes = fc.oneof(fc.uint8Array({ maxLength: 256 }), fc.constant(PNG))
  const plainName = fc.stringMatching(/^[a-z]{1,8}\.(txt|png|docx|md)$/)
  const fileArb = fc
    .tuple(
      clean
        ? plainName
        : fc.oneof(
            plainName,
            fc.constantFrom('.git/config', 'sub/.git', '..\\x', 'GIT~1/config', 'a\u0000b', ''),
            hostileString,
          ),
      bytes,
    )
    .map(([name, data]) => new File([data], name))
  const fieldArb = fc.tuple(
    fc.tuple(
      ...properties.map(([name, s]) => {
        if (isFile(s)) {
          const parts = clean
            ? fc.array(fileArb, { minLength: 1, maxLength: s.type === 'array' ? 3 : 1 })
            : fc.array(fc.oneof(fileArb, hostileString), { maxLength: 3 })
          return fc.option<(File | string)[], undefined>(parts, { nil: undefined, freq: clean ? 1000 : 6 })
        }
        const value = clean ? (CLEAN_FORM_FIELDS[name] ?? validValue(s).map(String)) : stringParam(s)
        return fc.option<(File | string)[], undefined>(
          value.map((v) => [v]),
          { nil: undefined, freq: 6 },
        )
      }),
    ),
    clean
      ? fc.constant(null)
      : fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), hostileString), { freq: 5 }),
  )
  return fieldArb.map(([values, extra]) => {
    const form = new FormData()
    const shown: string[] = []
    const files = values.flatMap((parts) => (parts ?? []).filter((part): part is File => part instanceof File))
    properties.forEach(([name], i) => {
      let parts = values[i] ?? []
      if (clean && name === 'relativePaths') parts = [JSON.stringify(files.map((f, n) => `dir${n}/${f.name}`))]
      for (const part of parts) {
        form.append(name, part)
        shown.push(`${name}=${part instanceof File ? `file(${preview(part.name)},${part.size})` : preview(part)}`)
      }
    })
    if (extra) {
      form.append(extra[0], extra[1])
      shown.push(`${extra[0]}=${preview(extra[1])}`)
    }
    return { body: form, describe: `multipart ${shown.join(' ')}` }
  })
}

describe('fuzz: every route of the OpenAPI document', () => {
  let ctx: TestContext
  let token = ''
  let paths: Record<string, Record<string, Operation>> = {}
  const logged: string[] = []
  const started = Date.now()
  let cases = 0
  /** `METHOD path` → status → count, printed at the end (which answers the drawn requests reached). */
  const statuses = new Map<string, Map<number, number>>()
  /** `METHOD path status` → the first answer seen, printed with FUZZ_VERBOSE. */
  const firstAnswers = new Map<string, string>()

  beforeAll(async () => {
    ctx = await createTestContext(DATABASE)
    token = (await signIn(ctx)).accessToken
    const doc = await call(ctx, 'GET', '/api/openapi.json', undefined, token)
    paths = doc.body.paths
    for (const level of ['error', 'warn', 'log', 'info'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(
          args
            .map((a) => (a instanceof Error ? `${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a)))
            .join(' '),
        )
      })
    }
    console.info(`fuzz seed ${SEED}, ${RUNS} cases per route`)
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    if (process.env.FUZZ_VERBOSE) {
      for (const [key, counts] of statuses) console.info(key, JSON.stringify(Object.fromEntries(counts)))
      for (const [key, answer] of firstAnswers) console.info(`  ${key}: ${answer}`)
    }
    console.info(
      `fuzz: ${cases} requests in ${((Date.now() - started) / 1000).toFixed(1)} s on ${DATABASE} (seed ${SEED})`,
    )
    await ctx?.close()
  })

  /** md5 of every table's rows (audit_log excepted: failed sign-ins are meant to write there). */
  const digest = () => tablesDigest(ctx.database.db, ['audit_log'])

  let contactIps = 0
  /** A project with a history entry and a contact, made fresh for each route (the previous route may have deleted it). */
  const fixtures = async () => {
    const created = await call(
      ctx,
      'POST',
      '/api/projects/create',
      { title: 'Fuzz target', description: 'd', tags: ['a'] },
      token,
    )
    const projectId = created.body.project._id as string
    await call(ctx, 'PUT', `/api/projects/${projectId}/verify`, { status: 'under_review', notes: 'n' }, token)
    const history = await call(ctx, 'GET', `/api/projects/${projectId}/verification-history`, undefined, token)
    const entryId = history.body.verificationHistory[0]._id as string
    const admin = await call(ctx, 'GET', '/api/auth/profile', undefined, token)
    // A contact from the public form (each from its own IP: the form allows 5 per IP in 15 minutes).
    const contact = await call(
      ctx,
      'POST',
      '/api/contacts',
      { name: 'Fuzz', email: 'fuzz@example.in', message: 'm', projectId },
      undefined,
      { 'x-forwarded-for': `10.8.${Math.floor(++contactIps / 250)}.${contactIps % 250}` },
    )
    setKnownIds([projectId, entryId, admin.body.admin._id as string, contact.body.contactId as string])
  }

  it('has routes to fuzz', () => {
    expect(Object.keys(paths).length).toBeGreaterThan(30)
  })

  const operations = () =>
    Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))

  it(
    'answers every drawn request without a 5xx, a stack trace or SQL, and refused writes change nothing',
    async () => {
      const failures: string[] = []
      for (const { path, method, op } of operations()) {
        await fixtures()
        // The digest as of the last check; undefined when a request may have changed the database.
        let known: string | undefined
        const runs = path === '/api/upload/upload' ? Math.ceil(RUNS / 4) : RUNS
        const drawn = fc.sample(requestsFor(path, method, op), { numRuns: runs, seed: SEED })
        for (const request of drawn) {
          cases += 1
          const writes = request.method !== 'GET' && request.method !== 'HEAD'
          const before = writes ? (known ??= await digest()) : ''
          const logStart = logged.length
          const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.0.1' }
          if (request.contentType) headers['content-type'] = request.contentType
          let status = 0
          let text = ''
          try {
            const res = await ctx.app.request(request.url, {
              method: request.method,
              headers,
              body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
            })
            status = res.status
            // An event stream stays open: its status and headers are the answer, the body is let go.
            if (res.ok && res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel()
            else text = await res.text()
          } catch (error) {
            failures.push(`${request.describe}\n  threw ${String(error).slice(0, 300)}`)
            continue
          }
          const counts = statuses.get(`${method.toUpperCase()} ${path}`) ?? new Map<number, number>()
          statuses.set(`${method.toUpperCase()} ${path}`, counts.set(status, (counts.get(status) ?? 0) + 1))
          if (!firstAnswers.has(`${method.toUpperCase()} ${path} ${status}`)) {
            firstAnswers.set(`${method.toUpperCase()} ${path} ${status}`, text.slice(0, 160))
          }
          const newLogs = logged.slice(logStart).join('\n')
          const problems: string[] = []
          if (status >= 500) problems.push(`status ${status}`)
          if (status >= 400 && (STACK.test(text) || SQL.test(text))) problems.push(`body leaks: ${text.slice(0, 300)}`)
          if (STACK.test(newLogs) || SQL.test(newLogs)) problems.push(`log leaks: ${newLogs.slice(0, 300)}`)
          if (writes) {
            known = status >= 400 ? await digest() : undefined
            if (status >= 400 && status !== 401 && known !== before)
              problems.push(`refused ${status} but the database changed`)
          }
          if (problems.length) {
            failures.push(
              `${request.describe}\n  → ${status} ${text.slice(0, 200)}\n  ${problems.join('; ')}` +
                (newLogs ? `\n  log: ${newLogs.slice(0, 300)}` : ''),
            )
          }
        }
      }
      expect(failures.slice(0, 15).join('\n\n'), `${failures.length} failing requests (seed ${SEED})`).toBe('')
    },
    60_000 + RUNS * 1_500,
  ) // ~30 s at the default 60 on an idle PGlite; room for a loaded CI machine or PostgreSQL
})
