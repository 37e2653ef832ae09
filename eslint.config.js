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
  // Tests read untyped JSON bodies of API responses.
  { files: ['tests/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  // Formatting is Prettier's (`npm run format`); no lint rule argues with it.
  prettier,
)
