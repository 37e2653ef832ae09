/**
 * `npm run machines`: writes docs/machines (JSON definition + Mermaid diagram per machine) from
 * the code. `npm run machines -- --check` writes nothing and exits 1 when a document is stale.
 */
import fs from 'node:fs'
import path from 'node:path'
import { DOCS_DIR, renderDocuments } from './collect'

const check = process.argv.includes('--check')
const docs = await renderDocuments()
const existing = fs.existsSync(DOCS_DIR) ? fs.readdirSync(DOCS_DIR) : []
const stale = [...docs]
  .filter(([name, text]) => !existing.includes(name) || fs.readFileSync(path.join(DOCS_DIR, name), 'utf8') !== text)
  .map(([n]) => n)
const orphans = existing.filter((name) => !docs.has(name))

if (check) {
  if (stale.length || orphans.length) {
    console.error(
      `docs/machines differs from src/machines: ${[...stale, ...orphans].join(', ')}. Run 'npm run machines'.`,
    )
    process.exit(1)
  }
  console.log(`docs/machines is current (${docs.size} files)`)
} else {
  fs.mkdirSync(DOCS_DIR, { recursive: true })
  for (const name of orphans) fs.rmSync(path.join(DOCS_DIR, name))
  for (const name of stale) fs.writeFileSync(path.join(DOCS_DIR, name), docs.get(name) ?? '')
  console.log(`docs/machines: ${stale.length} written, ${orphans.length} removed, ${docs.size} in all`)
}
