/**
 * A private PostgreSQL cluster for tests that stop and start the database server (and for load
 * profiling with pg_stat_statements): `initdb` into a temp dir as the `postgres` OS user (tests
 * run as root, PostgreSQL refuses to), `pg_ctl start` on a free loopback port with trust auth,
 * `stop()`/`start()` at will, `destroy()` removes everything. Needs the Debian/Ubuntu layout
 * (/usr/lib/postgresql/<version>/bin); `findPostgresBin()` returns undefined elsewhere so a test
 * can skip.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import getPort from 'get-port'

const run = promisify(execFile)

/** The bin directory of the newest installed PostgreSQL, or undefined. */
export function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql'
  if (!fs.existsSync(base)) return undefined
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? path.join(base, versions[0], 'bin') : undefined
}

export type PrivatePostgres = {
  port: number
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database?: string) => string
  /** Stop: `mode` 'fast' disconnects clients and shuts down cleanly, 'immediate' is a crash. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>
  start: () => Promise<void>
  destroy: () => Promise<void>
}

/** Run `bin/name args` as the postgres user when we are root (initdb and postgres refuse root). */
async function asPostgres(bin: string, name: string, args: string[]): Promise<string> {
  const file = path.join(bin, name)
  const isRoot = process.getuid?.() === 0
  const { stdout } = isRoot ? await run('runuser', ['-u', 'postgres', '--', file, ...args]) : await run(file, args)
  return stdout
}

/** initdb a new cluster in a temp dir and start it on a free port. `settings` go to postgresql.conf. */
export async function startPrivatePostgres(settings: Record<string, string> = {}): Promise<PrivatePostgres> {
  const bin = findPostgresBin()
  if (!bin) throw new Error('No PostgreSQL installation under /usr/lib/postgresql')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-pg-'))
  const dataDir = path.join(dir, 'data')
  fs.mkdirSync(dataDir)
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', dir])
  await asPostgres(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const port = await getPort({ host: '127.0.0.1' })
  const conf = {
    listen_addresses: "'127.0.0.1'",
    port: String(port),
    unix_socket_directories: `'${dir}'`,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    ...settings,
  }
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    `\n${Object.entries(conf)
      .map(([k, v]) => `${k} = ${v}`)
      .join('\n')}\n`,
  )
  const logFile = path.join(dir, 'server.log')
  const start = async () => {
    await asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'])
  }
  await start()
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async (mode = 'fast') => {
      await asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop'])
    },
    start,
    destroy: async () => {
      await asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
