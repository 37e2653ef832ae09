/**
 * `db:move` on a DATA_DIR: take the DATA_DIR lock like the server (so no server writes while the
 * rows are read), check the target is empty before the slow PGlite start, open and migrate the
 * embedded database, and move it (move.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { lockDataDir } from '../../data-dir-lock'
import { openDatabase } from '../client'
import { assertTargetEmpty } from './catalog'
import { moveDatabase, type MoveResult } from './move'

/**
 * Move the PGlite database of `dataDir` (`<dataDir>/db`) into the empty PostgreSQL database at
 * `targetUrl`. Throws when `dataDir` holds no database, DataDirLockedError while a server owns
 * it, TargetNotEmptyError, MoveMismatchError, or the database's own errors; the target is left
 * empty on failure. The source is migrated to this build first, as a server start would.
 */
export async function moveDataDir(opts: {
  dataDir: string
  targetUrl: string
  log?: (line: string) => void
}): Promise<MoveResult> {
  const dataDir = path.resolve(opts.dataDir)
  if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    throw new Error(
      `No embedded database in ${path.join(dataDir, 'db')}: nothing to move (set --data-dir or DATA_DIR).`,
    )
  }
  const release = await lockDataDir(dataDir)
  try {
    const client = new pg.Client({ connectionString: opts.targetUrl })
    await client.connect()
    try {
      await assertTargetEmpty(client)
    } finally {
      await client.end()
    }
    opts.log?.(`Opening the embedded database in ${dataDir}…`)
    const source = await openDatabase({ dataDir })
    try {
      return await moveDatabase({ source, targetUrl: opts.targetUrl, log: opts.log })
    } finally {
      await source.close()
    }
  } finally {
    await release()
  }
}
