/**
 * The server's layers are enforced by lint (eslint.config.js, decision 032): these run ESLint's
 * Node API with the project's config on snippets placed at real paths, one bad and one good import
 * per rule.
 */
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })
const LAYER_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'])

/** The layer-rule messages ESLint reports for `code` as if it were `file`. */
async function violations(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result.messages.filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId)).map((m) => m.message)
}
/** One module importing `names` from `source` (a value import, or `import type` when `type`). */
const importing = (source: string, names = 'x', type = false) =>
  `import ${type ? 'type ' : ''}{ ${names} } from '${source}'\nexport type T = typeof ${names}\n`

// Loading the config and the TypeScript parser takes seconds on a busy machine: once, before the cases.
beforeAll(() => violations('export {}\n', 'server/domain/example.ts'), 60_000)

const PURE = 'server/domain is pure'
const NO_DB = /server\/db\/queries|server\/db\/client|server\/db\/schema/

describe('lint: server/domain is pure', () => {
  const file = 'server/domain/example.ts'
  it('fails a service, http or route import', async () => {
    expect(await violations(importing('../services/bank-details-crypto'), file)).toEqual([
      expect.stringContaining(PURE),
    ])
    expect(await violations(importing('../http/errors'), file)).toEqual([expect.stringContaining(PURE)])
    expect(await violations(importing('../routes/users.routes'), file)).toEqual([expect.stringContaining(PURE)])
  })
  it('fails a value from server/db and passes a row type from it', async () => {
    expect(await violations(importing('../db/schema', 'users'), file)).toEqual([expect.stringContaining(PURE)])
    expect(await violations(importing('../db/queries/users.queries', 'findUserById'), file)).toHaveLength(1)
    expect(await violations(importing('../db/schema', 'users', true), file)).toEqual([])
  })
  it('fails client code, Node built-ins and database drivers', async () => {
    expect(await violations(importing('../../src/lib/format'), file)).toEqual([expect.stringContaining(PURE)])
    expect(await violations("import fs from 'node:fs'\nexport const f = fs\n", file)).toEqual([
      expect.stringContaining(PURE),
    ])
    expect(await violations(importing('drizzle-orm', 'sql'), file)).toEqual([expect.stringContaining(PURE)])
  })
  it('passes the contract, src/domain, other domain files and npm packages', async () => {
    const code =
      "import * as v from 'valibot'\nimport { ORDER_ACTIONS } from '../../src/api/schemas/orders'\n" +
      "import { splitCommission } from '../../src/domain/commission-split'\nimport { paiseToRupees } from './money'\n" +
      'export const all = [v, ORDER_ACTIONS, splitCommission, paiseToRupees]\n'
    expect(await violations(code, file)).toEqual([])
  })
  it('holds one folder down too', async () => {
    const nested = 'server/domain/projects/example.ts'
    expect(await violations(importing('../../services/password'), nested)).toEqual([expect.stringContaining(PURE)])
    expect(await violations(importing('../../../src/views/x'), nested)).toEqual([expect.stringContaining(PURE)])
    const code =
      "import { rupeesToPaise } from '../money'\nimport type { Project } from '../../../src/api/schemas/projects'\n" +
      "import type { projects } from '../../db/schema'\nexport const r = rupeesToPaise\nexport type P = [Project, typeof projects]\n"
    expect(await violations(code, nested)).toEqual([])
  })
})

describe('lint: routes do not reach the database', () => {
  const file = 'server/routes/example.routes.ts'
  it('fails the query builder, tables, SQL helpers and the client', async () => {
    expect(await violations(importing('drizzle-orm', 'sql'), file)).toEqual([
      expect.stringContaining('Data access lives in server/db/queries'),
    ])
    expect(await violations(importing('../db/schema', 'users'), file)).toEqual([expect.stringMatching(NO_DB)])
    expect(await violations(importing('../db/schema', 'users', true), file)).toEqual([expect.stringMatching(NO_DB)])
    expect(await violations(importing('../db/sql', 'escapeLike'), file)).toEqual([expect.stringMatching(NO_DB)])
    expect(await violations(importing('../db/client', 'createDatabase'), file)).toEqual([
      expect.stringContaining('Only the Db type'),
    ])
  })
  it('passes queries, services and the Db type', async () => {
    const code =
      "import type { Db } from '../db/client'\nimport { findUserById } from '../db/queries/users.queries'\n" +
      "import { hashPassword } from '../services/password'\nexport type D = Db\nexport const all = [findUserById, hashPassword]\n"
    expect(await violations(code, file)).toEqual([])
  })
  it('holds for middleware too', async () => {
    expect(await violations(importing('drizzle-orm', 'eq'), 'server/middleware/example.ts')).toHaveLength(1)
    expect(await violations(importing('../db/queries/users.queries'), 'server/middleware/example.ts')).toEqual([])
  })
})

describe('lint: services reach the database through queries', () => {
  it('fails tables and SQL helpers as values, at any depth', async () => {
    expect(await violations(importing('../db/schema', 'users'), 'server/services/example.ts')).toEqual([
      expect.stringMatching(NO_DB),
    ])
    expect(await violations(importing('../db/sql', 'escapeLike'), 'server/services/example.ts')).toHaveLength(1)
    expect(await violations(importing('../../db/schema', 'users'), 'server/services/upload/example.ts')).toHaveLength(1)
    expect(await violations(importing('drizzle-orm', 'sql'), 'server/services/upload/example.ts')).toHaveLength(1)
  })
  it('passes queries and row types', async () => {
    const code =
      "import type { GithubRepo } from '../../db/schema'\nimport type { Db } from '../../db/client'\n" +
      "import { findRepoRow } from '../../db/queries/repositories.queries'\nexport type G = [GithubRepo, Db]\nexport const f = findRepoRow\n"
    expect(await violations(code, 'server/services/upload/example.ts')).toEqual([])
  })
})

describe('lint: server/routes holds routes only', () => {
  it('fails any other file there', async () => {
    expect(await violations('export const x = 1\n', 'server/routes/upload.commit.ts')).toEqual([
      expect.stringContaining('server/routes holds only *.routes.ts files'),
    ])
  })
  it('passes a *.routes.ts file', async () => {
    expect(await violations('export const x = 1\n', 'server/routes/example.routes.ts')).toEqual([])
  })
})
