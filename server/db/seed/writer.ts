/**
 * Bulk row writer for the seed. Rows are encoded once in PostgreSQL's COPY text format, then sent
 * with COPY … FROM STDIN (pg-copy-streams) on PostgreSQL, or COPY … FROM '/dev/blob' on PGlite
 * (its in-process equivalent; measured faster than 1,000-row multi-row INSERTs). Each call is
 * one COPY statement, so a batch is atomic.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { from as copyFrom } from 'pg-copy-streams'
import type { Database } from '../client'

/** A table and the columns (SQL names) its rows carry, in order. */
export type TableSpec = { table: string; columns: readonly string[] }
/** One row: values in the order of `TableSpec.columns`. */
export type Row = readonly unknown[]

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

function arrayLiteral(items: readonly unknown[]): string {
  return `{${items.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`
}

/** One value in COPY text format: \N for null, t/f, ISO timestamps, array literals, JSON. */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (value instanceof Date) return value.toISOString()
  const text = typeof value === 'string' ? value : Array.isArray(value) ? arrayLiteral(value) : JSON.stringify(value)
  return text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c])
}

function encode(rows: readonly Row[]): string {
  let out = ''
  for (const row of rows) out += `${row.map(copyField).join('\t')}\n`
  return out
}

/** Write rows to tables of `database`; `write` resolves when the rows are committed. */
export function createWriter(database: Database) {
  return {
    async write(spec: TableSpec, rows: readonly Row[]): Promise<void> {
      if (!rows.length) return
      const statement = `COPY ${spec.table} (${spec.columns.join(', ')}) FROM`
      const data = encode(rows)
      if (database.pool) {
        const client = await database.pool.connect()
        try {
          await pipeline(Readable.from([data]), client.query(copyFrom(`${statement} STDIN`)))
        } finally {
          client.release()
        }
      } else if (database.pglite) {
        await database.pglite.query(`${statement} '/dev/blob'`, [], { blob: new Blob([data]) })
      } else {
        throw new Error('seed writer: the database has neither a pg pool nor a PGlite instance')
      }
    },
  }
}
