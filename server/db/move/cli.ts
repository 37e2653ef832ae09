/**
 * `npm run db:move -- --to postgres://user@host/db [--data-dir DIR] [--show-secrets]`: copy the
 * embedded database of DATA_DIR (`--data-dir`, else env DATA_DIR, else ./data) into an empty
 * PostgreSQL database, print the row counts of both sides and what to set next.
 * Exits 1 with the reason when the target is not empty, a server holds DATA_DIR, or counts differ.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { MoveMismatchError } from './move'
import { moveDataDir } from './move-data-dir'
import { formatCounts, nextSteps, redactUrl } from './report'

const USAGE = 'Usage: npm run db:move -- --to postgres://user@host:5432/db [--data-dir DIR] [--show-secrets]'

async function main() {
  const { values: args } = parseArgs({
    options: {
      to: { type: 'string' },
      'data-dir': { type: 'string' },
      'show-secrets': { type: 'boolean', default: false },
    },
  })
  if (!args.to || !/^postgres(ql)?:\/\//.test(args.to) || !URL.canParse(args.to)) throw new Error(USAGE)
  const dataDir = path.resolve(args['data-dir'] ?? process.env.DATA_DIR ?? './data')
  console.log(`Moving ${path.join(dataDir, 'db')} to ${redactUrl(args.to)}`)
  try {
    const result = await moveDataDir({ dataDir, targetUrl: args.to, log: (line) => console.log(line) })
    console.log(`\nRow counts (${result.migrations} migrations applied on both sides):`)
    console.log(formatCounts(result.tables))
    console.log(`\nMoved in ${result.seconds.toFixed(1)} s.\n`)
  } catch (error) {
    if (error instanceof MoveMismatchError) console.error(formatCounts(error.counts))
    throw error
  }
  const keyFile = path.join(dataDir, 'data-key')
  const hasKey = fs.existsSync(keyFile)
  console.log(
    nextSteps({
      targetUrl: args.to,
      dataDir,
      secrets: args['show-secrets'] && hasKey ? { dataKey: fs.readFileSync(keyFile, 'utf8').trim() } : undefined,
    }),
  )
  if (!hasKey) console.log(`(No ${keyFile}: keep the DATA_ENCRYPTION_KEY the embedded server ran with.)`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
