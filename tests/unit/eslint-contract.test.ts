/**
 * The contract's import direction is enforced by lint (eslint.config.js, decision 005): these
 * run ESLint's Node API with the project's config on snippets placed at real paths.
 */
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

/** The `no-restricted-imports` messages ESLint reports for `code` as if it were `file`. */
async function restricted(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

// Loading the config and the TypeScript parser takes seconds on a busy machine: once, before the cases.
beforeAll(() => restricted('export {}\n', 'src/example.ts'), 60_000)

describe('lint: the client never imports server/', () => {
  it('fails a view importing server code', async () => {
    const errors = await restricted(
      "import { money } from '../../../server/domain/money'\nexport const m = money\n",
      'src/views/projects/example.ts',
    )
    expect(errors).toEqual([expect.stringContaining('The client never imports server/')])
  })
  it('fails a type-only import and a re-export from server/ too', async () => {
    const code =
      "import type { Env } from '../server/env'\nexport type { AppDeps } from '../server/deps'\nexport type E = Env\n"
    expect(await restricted(code, 'src/example.ts')).toHaveLength(2)
  })
  it('passes a view importing the contract', async () => {
    const code = "import { splitList } from '../../api/schemas/normalise'\nexport const s = splitList\n"
    expect(await restricted(code, 'src/views/projects/example.ts')).toEqual([])
  })
})

describe('lint: src/api/schemas imports nothing outside itself', () => {
  it('fails a schema importing from the client', async () => {
    const errors = await restricted(
      "import { formatINR } from '../../lib/format'\nexport const f = formatINR\n",
      'src/api/schemas/example.ts',
    )
    expect(errors).toEqual([expect.stringContaining('src/api/schemas is the contract')])
  })
  it('fails a schema importing server code', async () => {
    const errors = await restricted(
      "import { money } from '../../../server/domain/money'\nexport const m = money\n",
      'src/api/schemas/example.ts',
    )
    expect(errors).toContainEqual(expect.stringContaining('The client never imports server/'))
    expect(errors).toContainEqual(expect.stringContaining('src/api/schemas is the contract'))
  })
  it('fails a schema in a subfolder climbing out, and passes one reaching its sibling', async () => {
    expect(
      await restricted("import { x } from '../../client'\nexport const y = x\n", 'src/api/schemas/sub/example.ts'),
    ).toHaveLength(1)
    expect(
      await restricted(
        "import { EmailSchema } from '../common'\nexport const e = EmailSchema\n",
        'src/api/schemas/sub/example.ts',
      ),
    ).toEqual([])
  })
  it('passes a schema importing its siblings and npm packages', async () => {
    const code =
      "import * as v from 'valibot'\nimport { EmailSchema } from './common'\nexport const s = v.object({ e: EmailSchema })\n"
    expect(await restricted(code, 'src/api/schemas/example.ts')).toEqual([])
  })
})
