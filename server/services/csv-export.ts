/**
 * Streamed CSV exports: rows are read from the database in keyset batches (BATCH rows
 * at a time, on PGlite and PostgreSQL alike), written through csv-stringify and answered as a
 * stream, so memory stays flat however many rows match. Backpressure: the next batch is read only
 * when the writer has drained. Columns: see orders-csv.ts / payments routes.
 */
import { Readable, pipeline } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { ListCursor } from '../domain/orders'
import { describeError } from '../http/error-log'

/** Rows per database round trip. */
export const CSV_BATCH = 2000

/** A batch of rows after `after` (undefined: from the start), newest first, each with its keyset position. */
export type BatchReader<T> = (
  after: ListCursor | undefined,
  limit: number,
) => Promise<(T & { id: string; cursorAt: string })[]>

/** Every row `read` yields, batch after batch (starting with `first` when given), until a short batch. */
export async function* keysetRows<T>(
  read: BatchReader<T>,
  batch = CSV_BATCH,
  first?: (T & { id: string; cursorAt: string })[],
): AsyncGenerator<T & { id: string; cursorAt: string }> {
  let after: ListCursor | undefined
  let rows = first ?? (await read(after, batch))
  for (;;) {
    for (const row of rows) yield row
    if (rows.length < batch) return
    const last = rows[rows.length - 1]
    after = { createdAt: last.cursorAt, id: last.id }
    rows = await read(after, batch)
  }
}

/**
 * A free-text cell made safe for spreadsheets (CSV injection, OWASP): a value starting with =, +,
 * -, @, tab or carriage return is prefixed with a single quote so it is shown, never evaluated.
 */
export function textCell(value: string | null | undefined): string {
  const text = value ?? ''
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** Integer paise → '499.99' (exact: no float division). */
export function paiseText(paise: number): string {
  const sign = paise < 0 ? '-' : ''
  const abs = Math.abs(Math.round(paise))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * A CSV download: a header row of `columns` (key → header text), then `record(row)` of each row
 * of `read`; Content-Type text/csv; charset=utf-8, attachment named `fileName`, not cached. The
 * first batch is read before answering, so a bad filter or a failing database is a 4xx/5xx answer
 * rather than a truncated file; a later failure aborts the stream (the download fails visibly).
 */
export async function csvResponse<T>(
  fileName: string,
  columns: Record<string, string>,
  read: BatchReader<T>,
  record: (row: T) => Record<string, string>,
): Promise<Response> {
  const first = await read(undefined, CSV_BATCH)
  const source = Readable.from(
    (async function* () {
      for await (const row of keysetRows(read, CSV_BATCH, first)) yield record(row)
    })(),
  )
  const writer = stringify({ header: true, columns: Object.entries(columns).map(([key, header]) => ({ key, header })) })
  pipeline(source, writer, (error) => {
    // Never the error itself: a failed query's message holds its SQL and parameters.
    if (error) console.error(`CSV export ${fileName} stopped: ${describeError(error)}`)
  })
  return new Response(Readable.toWeb(writer) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
