/**
 * The cluster state recorded in PGlite's `pg_control` (DATA_DIR/db/global/pg_control), to tell a
 * clean shutdown from a crash: PostgreSQL's ControlFileData starts with system_identifier (8
 * bytes), pg_control_version (4), catalog_version_no (4), then `state` (DBState enum, int32).
 * Source: src/include/catalog/pg_control.h.
 */
import fs from 'node:fs'
import path from 'node:path'

/** DBState: shut down cleanly (a start needs no recovery). */
export const DB_SHUTDOWNED = 1
/** DBState: running, or crashed while running (a start replays the WAL). */
export const DB_IN_PRODUCTION = 6

/** The DBState of the PGlite cluster under `dataDir`. */
export function pgControlState(dataDir: string): number {
  return fs.readFileSync(path.join(dataDir, 'db', 'global', 'pg_control')).readInt32LE(16)
}
