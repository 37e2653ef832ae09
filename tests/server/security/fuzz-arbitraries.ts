/**
 * fast-check arbitraries for the fuzz suites (tests/server/security/fuzz*.test.ts): values that
 * satisfy an OpenAPI 3.1 / JSON Schema (as the app's document states it) and hostile values to
 * mutate them with (wrong types, huge and empty strings, NUL and control characters, deep
 * nesting, unknown fields, numbers JSON cannot hold).
 */
import fc from 'fast-check'

export type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
  default?: unknown
}

/** Deep nesting: `depth` arrays or objects inside each other (JSON.parse handles it; do the handlers?). */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'x'
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value }
  return value
}

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).concat('\u007f')

/** Hostile strings: empty, blank, control characters, huge, odd Unicode, injection-looking text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '\t',
    '\r\n',
    '\u001b[31m',
    '\u007f',
    '\ud800',
    '\udfff\ud800',
    '\u202e',
    '\ufeff',
    '😀'.repeat(50),
    "' OR 1=1 --",
    '"; DROP TABLE projects; --',
    '../../../etc/passwd',
    '..\\..\\x',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '0x10',
    '1e400',
    '-0',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '%',
    '_',
    '\\',
    '*',
    'a'.repeat(255) + '@example.com',
  ),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => s + CONTROL[s.length % CONTROL.length]),
  fc.constantFrom(...CONTROL).chain((c) => fc.string({ maxLength: 5 }).map((s) => `${s}${c}${s}`)),
  fc.integer({ min: 201, max: 70_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** Hostile JSON values of any type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    -(2 ** 63),
    [],
    {},
    [null],
    [''],
    { '': '' },
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__": {"isAdmin": true}}'),
  ),
  fc.integer({ min: 50, max: 3000 }).map((d) => nested(d, 'array')),
  fc.integer({ min: 50, max: 3000 }).map((d) => nested(d, 'object')),
  fc.array(hostileString, { minLength: 0, maxLength: 600 }),
  fc.jsonValue({ maxDepth: 3 }),
)

let knownIds: string[] = []
/** Ids of rows that exist (a project, a history entry, the admin): uuid fields draw them half the time. */
export function setKnownIds(ids: string[]): void {
  knownIds = ids
}

/** Fields whose rule JSON Schema cannot state (checked in code): valid values drawn directly. */
const FIELD_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  demoUrl: fc.oneof(fc.webUrl({ validSchemes: ['http', 'https'] }), fc.constant('')),
  relativePaths: fc
    .array(fc.stringMatching(/^[a-z]{1,8}(\/[a-z]{1,8}){0,2}\.txt$/), { maxLength: 3 })
    .map((a) => JSON.stringify(a)),
}

const clampLength = (min = 0, max?: number) => ({ minLength: min, maxLength: Math.min(max ?? 30, Math.max(min, 30)) })

/** A value that satisfies `schema` (as far as JSON Schema says; checks beyond it are the app's). */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 })
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const union = schema.anyOf ?? schema.oneOf
  if (union) {
    // Number-or-numeric-string fields: a number most of the time, so valid bodies pass.
    const numeric = (s: JsonSchema) => s.type === 'number' || s.type === 'integer'
    const number = union.find(numeric)
    if (number && union.some((s) => s.type === 'string' && !s.pattern && !s.enum)) {
      const n = validValue(number, depth + 1)
      const decimal = (x: unknown) => (Number.isInteger(x) ? String(x) : (x as number).toFixed(2))
      return fc.oneof({ weight: 3, arbitrary: n }, { weight: 1, arbitrary: n.map(decimal) })
    }
    return fc.oneof(...union.map((s) => validValue(s, depth + 1)))
  }
  if (schema.allOf?.length) return validValue(schema.allOf[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid')
        return knownIds.length ? fc.oneof(fc.uuid(), fc.constantFrom(...knownIds)) : fc.uuid()
      if (schema.format === 'email') return fc.stringMatching(/^[a-z0-9.]{1,12}@[a-z]{1,10}\.(com|org|in)$/)
      if (schema.format === 'binary') return fc.uint8Array({ maxLength: 64 })
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern))
        } catch {
          // fast-check cannot draw from lookaheads: draw words and keep those that match.
          const pattern = new RegExp(schema.pattern)
          return fc
            .oneof(fc.constantFrom('main', 'dev', 'feature/x', 'v1.2'), fc.stringMatching(/^[A-Za-z0-9._/-]{1,20}$/))
            .filter((s) => pattern.test(s))
        }
      }
      return fc.oneof(
        { weight: 6, arbitrary: fc.string(clampLength(schema.minLength, schema.maxLength)) },
        // The boundary itself: exactly maxLength characters.
        {
          weight: schema.maxLength && schema.maxLength <= 2048 ? 1 : 0,
          arbitrary: fc.constant('y'.repeat(schema.maxLength ?? 10)),
        },
      )
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) })
    case 'number': {
      const min = schema.minimum ?? -10
      const max = Math.min(schema.maximum ?? 1e6, 1e9)
      // Mostly whole numbers and cents (what the contract takes), sometimes any double.
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100),
        fc.double({ min, max, noNaN: true }),
      )
    }
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      })
    case 'object': {
      const properties = schema.properties ?? {}
      const model = Object.fromEntries(
        Object.entries(properties).map(([k, s]) => [k, FIELD_HINTS[k] ?? validValue(s, depth + 1)]),
      )
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/**
 * A mutated value: the valid one as it is, with one field replaced by a hostile value, with an
 * unknown field added, with a field removed, or replaced as a whole.
 */
export function mutatedValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const valid = validValue(schema)
  const keys = Object.keys(schema?.properties ?? {})
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue)
        .map(([value, key, bad]) => (isPlainObject(value) ? { ...value, [key]: bad } : bad)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
        .map(([value, key, bad]) => (isPlainObject(value) ? { ...value, [key]: bad } : value)),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x']))).map(([value, key]) => {
        if (!isPlainObject(value)) return value
        const { [key]: _dropped, ...rest } = value
        return rest
      }),
    },
    { weight: 1, arbitrary: hostileValue },
  )
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A query or path value: valid for the schema, or a hostile string. */
export function stringParam(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
    { weight: 2, arbitrary: hostileString },
  )
}
