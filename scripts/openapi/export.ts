/**
 * Writes the app's OpenAPI document (server/openapi/document.ts) as JSON to the file named by the
 * first argument, without serving it: the app is built as `npm start` builds it (the SPA mounted, from
 * an empty folder: nothing is read) on an in-memory PGlite and a throwaway DATA_DIR,
 * removed at the end. The document comes from the routes alone, so no request is made.
 * Used by `npm run lint:openapi`, which lints the file with Redocly CLI (redocly.yaml).
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import { loadEnv } from '../../server/env'
import { buildOpenApiDocument } from '../../server/openapi/document'

const out = process.argv[2]
if (!out) {
  console.error('Usage: tsx scripts/openapi/export.ts <file.json>')
  process.exit(2)
}
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-export-'))
const database = await openDatabase({ memory: true })
try {
  const spaDir = path.join(dataDir, 'spa')
  await fs.mkdir(spaDir)
  const app = createApp({
    db: database.db,
    env: loadEnv({ DATA_DIR: dataDir, SEED: 'none' }),
    jwtSecret: new Uint8Array(crypto.randomBytes(32)),
    dataKey: crypto.createSecretKey(crypto.randomBytes(32)),
    mailer: { send: async () => {} },
    now: () => new Date(),
    spaDir,
  })
  const document = await buildOpenApiDocument(app)
  await fs.mkdir(path.dirname(path.resolve(out)), { recursive: true })
  await fs.writeFile(out, JSON.stringify(document, null, 2) + '\n')
} finally {
  await database.close()
  await fs.rm(dataDir, { recursive: true, force: true })
}
