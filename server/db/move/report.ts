/**
 * What `db:move` prints: the per-table row counts and the settings for servers on the new
 * database. Pure text builders, so the wording is tested without a move.
 */
import path from 'node:path'
import type { TableCount } from './move'

/** `url` with its password replaced by `****`, for printing. */
export function redactUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '****'
  return parsed.toString()
}

/** The counts as an aligned text table with a total line and a ✓/✗ per table. */
export function formatCounts(counts: TableCount[]): string {
  const width = Math.max(5, ...counts.map((c) => c.table.length))
  const num = (n: number) => n.toLocaleString('en-IN').padStart(12)
  const lines = [`  ${'table'.padEnd(width)} ${'source'.padStart(12)} ${'target'.padStart(12)}`]
  for (const c of counts)
    lines.push(`  ${c.table.padEnd(width)} ${num(c.source)} ${num(c.target)} ${c.source === c.target ? '✓' : '✗'}`)
  const total = (key: 'source' | 'target') => counts.reduce((sum, c) => sum + c[key], 0)
  lines.push(`  ${'total'.padEnd(width)} ${num(total('source'))} ${num(total('target'))}`)
  return lines.join('\n')
}

/** The DATA_DIR's data key (base64url text), printed only when asked (`--show-secrets`). */
export type DataDirSecrets = { dataKey: string }

/**
 * The settings every server on the new database needs. Without `secrets` the data key is not
 * printed, only the command that reads it from `dataDir`.
 */
export function nextSteps(opts: { targetUrl: string; dataDir: string; secrets?: DataDirSecrets }): string {
  const dataKeyFile = path.join(opts.dataDir, 'data-key')
  const dataKey = opts.secrets?.dataKey ?? `"$(cat ${dataKeyFile})"`
  return [
    'Next, for every server on the new database:',
    `  DATABASE_URL=${redactUrl(opts.targetUrl)}`,
    `  DATA_ENCRYPTION_KEY=${dataKey}`,
    "    required: the bank details were encrypted with this DATA_DIR's data key (32 bytes, base64url in",
    `    ${dataKeyFile}); without the same key they cannot be decrypted. Keep it secret and backed up.`,
    '  JWT_SECRET=<one secret of at least 32 characters, the same on all servers, e.g. `openssl rand -base64 48`>',
    `    (${path.join(opts.dataDir, 'jwt-secret')} is read as bytes, JWT_SECRET as text, so a new one is no loss:`,
    '    access tokens are short-lived and the refresh tokens are in the database, so admins stay signed in.)',
    'Then move the stored files (images, uploads) with `npm run storage:move` (see docs/deploy.md).',
    opts.secrets ? '' : 'The data key was not printed; --show-secrets prints it.',
  ]
    .filter(Boolean)
    .join('\n')
}
