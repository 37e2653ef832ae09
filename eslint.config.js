import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import prettier from 'eslint-config-prettier'

// The contract's direction (docs/decisions/005-contract-home.md): src/api/schemas is the one home of
// code the client and the server share; the server imports it, the client never imports server/,
// and the contract imports nothing outside itself (npm packages are fine).
const NO_SERVER = {
  regex: '^(\\.\\./)+server(/|$)',
  message:
    'The client never imports server/: shared pure code lives in src/api/schemas (wire format) or src/domain (business rules, decision 012).',
}
/** A relative import climbing more than `depth` folders: out of src/api/schemas from `depth` levels down. */
const leavesSchemas = (depth) => ({
  regex: `^(\\.\\./){${depth + 1},}`,
  message: 'src/api/schemas is the contract: it imports nothing outside itself (npm packages are fine).',
})
const restrict = (...patterns) => ['error', { patterns }]

// The server's layers (docs/decisions/032-server-layers.md). Routes parse, authorise and answer;
// data access lives in server/db/queries; server/domain holds pure rules; services do I/O and caches.
// The typescript-eslint variant of no-restricted-imports is used here for `allowTypeImports`.
const DB_DRIVERS = {
  regex: '^(drizzle-orm|pg|pg-copy-streams|@electric-sql/pglite)(/|$)',
  message: 'Data access lives in server/db/queries: call a query function (decision 032).',
}
/** From `depth` folders below server/: the database handle's module, whose types (Db) may be passed on. */
const dbClientTypes = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}db/client$`,
  allowTypeImports: true,
  message: 'Only the Db type may come from server/db/client: queries run in server/db/queries (decision 032).',
})
/** From `depth` folders below server/: server/db beyond queries/ (schema, sql helpers, client, migrations). */
const dbInternals = (depth, { schemaTypes }) => [
  {
    regex: `^(\\.\\./){${depth + 1}}db/(?!queries/|client$${schemaTypes ? '|schema$' : ''})`,
    message: 'Tables and SQL helpers are used in server/db/queries only: call a query function (decision 032).',
  },
  ...(schemaTypes
    ? [
        {
          regex: `^(\\.\\./){${depth + 1}}db/schema$`,
          allowTypeImports: true,
          message: 'Only row types (import type) may come from server/db/schema here (decision 032).',
        },
      ]
    : []),
]
/**
 * server/domain is pure (decision 032): from `depth` folders below it, values come only from the
 * contract (src/api/schemas), the shared rules (src/domain), other server/domain files and npm
 * packages; row types (import type) may come from server/db. No Node built-ins, no database driver.
 */
const domainImports = (depth) => {
  const message =
    'server/domain is pure: it imports only src/api/schemas, src/domain, server/domain and npm packages (row types from server/db with import type; decision 032).'
  return [
    { regex: `^(\\.\\./){${depth + 1}}db/`, allowTypeImports: true, message },
    { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./|db/)`, message },
    { regex: `^(\\.\\./){${depth + 2}}(?!src/api/schemas(/|$)|src/domain(/|$))`, message },
    { regex: '^node:', message },
    { ...DB_DRIVERS, message },
  ]
}
const restrictTs = (...patterns) => ['error', { patterns: patterns.flat() }]

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'server/db/migrations', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(NO_SERVER),
      // Every actor the views start goes through actorOptions(), so `?inspect` sees all of them (decision 007).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useActorRef']:not([arguments.1.callee.name='actorOptions'])",
          message:
            'Start actors with useActorRef(machine, actorOptions({ input })) so the ?inspect inspector sees them.',
        },
      ],
    },
  },
  { files: ['src/api/schemas/*.ts'], rules: { 'no-restricted-imports': restrict(NO_SERVER, leavesSchemas(0)) } },
  { files: ['src/api/schemas/*/*.ts'], rules: { 'no-restricted-imports': restrict(NO_SERVER, leavesSchemas(1)) } },
  // The server's layers (decision 032).
  {
    files: ['server/domain/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictTs(domainImports(0)) },
  },
  {
    files: ['server/domain/*/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictTs(domainImports(1)) },
  },
  {
    files: ['server/routes/*.ts', 'server/middleware/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictTs(
        DB_DRIVERS,
        dbClientTypes(0),
        dbInternals(0, { schemaTypes: false }),
      ),
    },
  },
  {
    files: ['server/services/*.ts'],
    // Connection infrastructure with connections of its own (decision 032): the LISTENs of the
    // table-versions reader, of the live events and of the job worker (db/listen.ts), and the
    // advisory-lock pool.
    ignores: [
      'server/services/table-versions.ts',
      'server/services/live-events.ts',
      'server/services/job-queue.ts',
      'server/services/cluster-locks.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictTs(
        DB_DRIVERS,
        dbClientTypes(0),
        dbInternals(0, { schemaTypes: true }),
      ),
    },
  },
  {
    files: ['server/services/*/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictTs(
        DB_DRIVERS,
        dbClientTypes(1),
        dbInternals(1, { schemaTypes: true }),
      ),
    },
  },
  // server/routes holds routes only: helpers and services live in server/services (or http/ for plumbing).
  {
    files: ['server/routes/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['server/routes/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message:
            'server/routes holds only *.routes.ts files: put services in server/services, plumbing in server/http (decision 032).',
        },
      ],
    },
  },
  // Tests read untyped JSON bodies of API responses.
  { files: ['tests/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  // Formatting is Prettier's (`npm run format`); no lint rule argues with it.
  prettier,
)
