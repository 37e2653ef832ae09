/**
 * The single-owner lock on DATA_DIR (DESIGN.md: PGlite has no cross-process lock, two servers on one
 * directory silently lose writes). The lock is the directory `DATA_DIR/server.lock`, made with an
 * atomic mkdir, holding `owner.json`: the owner's host, boot id, pid, process start time and a
 * random instance id.
 *
 * A lock whose owner is gone is taken over at once, so a restart after a kill -9 is not
 * refused: on the same host the owner is dead when its pid does not exist, or
 * exists with another start time or boot id (pid reused, or the machine rebooted); a lock made by
 * this very pid with another instance id is a previous incarnation (a container's pid 1). A lock of
 * another host cannot be probed: it is stale once its heartbeat (owner.json mtime, refreshed every
 * 5 s) is 15 s old. A live owner keeps refusing every other server.
 *
 * Take-over is safe against two servers starting at once: the stale directory is renamed away
 * (atomic), the renamed copy must still hold the dead owner's record (else it is renamed back), and
 * only then is the lock made again with mkdir, which only one process can win.
 */
import crypto from 'node:crypto'
import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** Who holds the lock (owner.json). `startTicks`/`bootId` are null where /proc is missing. */
export type LockOwner = {
  host: string
  bootId: string | null
  pid: number
  startTicks: string | null
  instance: string
}

const HEARTBEAT_MS = 5_000
const STALE_MS = 15_000
/** A lock directory without owner.json younger than this is being made right now: it is live. */
const MAKING_MS = 5_000
const INSTANCE = crypto.randomUUID()

/** Thrown when a live server holds the lock; `code` is 'ELOCKED' as with proper-lockfile. */
export class DataDirLockedError extends Error {
  readonly code = 'ELOCKED'
  constructor(dataDir: string) {
    super(
      `Another server is already using DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`,
    )
    this.name = 'DataDirLockedError'
  }
}

const readOr = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return null
  }
}

/** Linux boot id (changes on every boot), or null. */
const bootId = (): string | null => readOr('/proc/sys/kernel/random/boot_id')

/** Start time of `pid` in clock ticks since boot (/proc/PID/stat field 22), or null. */
export function processStartTicks(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`)
  if (!stat) return null
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
}

/** This process as a lock owner. */
export function currentOwner(): LockOwner {
  return {
    host: os.hostname(),
    bootId: bootId(),
    pid: process.pid,
    startTicks: processStartTicks(process.pid),
    instance: INSTANCE,
  }
}

/** True when `pid` names a process (EPERM: it exists but belongs to another user). */
function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether the lock recorded by `owner` (owner.json last written at `mtimeMs`) is still held at
 * `nowMs`; pure apart from probing this host's processes.
 */
export function ownerAlive(owner: LockOwner, mtimeMs: number, nowMs: number): boolean {
  const me = currentOwner()
  if (owner.host !== me.host) return nowMs - mtimeMs < STALE_MS
  if (owner.bootId && me.bootId && owner.bootId !== me.bootId) return false
  if (owner.pid === me.pid) return owner.instance === me.instance
  if (!pidExists(owner.pid)) return false
  if (owner.startTicks && me.startTicks) return processStartTicks(owner.pid) === owner.startTicks
  return true
}

async function readOwner(lockDir: string): Promise<{ raw: string; owner: LockOwner; mtimeMs: number } | null> {
  const file = path.join(lockDir, 'owner.json')
  try {
    const [raw, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)])
    return { raw, owner: JSON.parse(raw) as LockOwner, mtimeMs: stat.mtimeMs }
  } catch {
    return null
  }
}

/** Move a dead owner's lock away; true when the lock directory is free to make again. */
async function takeOver(lockDir: string, staleRaw: string | null): Promise<boolean> {
  const aside = `${lockDir}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`
  try {
    await fs.rename(lockDir, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true // someone else moved it: race on mkdir
    throw error
  }
  const moved = await readOwner(aside)
  if ((moved?.raw ?? null) !== staleRaw) {
    // A new owner made the lock between our look and the rename: give it back.
    await fs.rename(aside, lockDir).catch(() => undefined)
    return false
  }
  await fs.rm(aside, { recursive: true, force: true })
  return true
}

/**
 * Take the exclusive lock on `dataDir` (created when missing). Throws DataDirLockedError when a live
 * server holds it. Returns the release function (idempotent), which stops the heartbeat and removes
 * the lock if it is still this process's.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true })
  const lockDir = path.join(dataDir, 'server.lock')
  const me = currentOwner()
  const raw = JSON.stringify(me)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.mkdir(lockDir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const held = await readOwner(lockDir)
      if (held) {
        if (ownerAlive(held.owner, held.mtimeMs, Date.now())) throw new DataDirLockedError(dataDir)
      } else {
        // No owner record: being made right now, or left by a crash between mkdir and write (or by
        // proper-lockfile, which earlier versions used). Judge by the directory's age.
        const stat = await fs.stat(lockDir).catch(() => null)
        if (stat && Date.now() - stat.mtimeMs < MAKING_MS) throw new DataDirLockedError(dataDir)
      }
      if (!(await takeOver(lockDir, held?.raw ?? null))) throw new DataDirLockedError(dataDir)
      continue
    }
    const ownerFile = path.join(lockDir, 'owner.json')
    await fs.writeFile(`${ownerFile}.tmp`, raw)
    await fs.rename(`${ownerFile}.tmp`, ownerFile)
    const heartbeat = setInterval(() => {
      const t = new Date()
      fs.utimes(ownerFile, t, t).catch(() => undefined)
    }, HEARTBEAT_MS)
    heartbeat.unref()
    let released = false
    return async () => {
      if (released) return
      released = true
      clearInterval(heartbeat)
      const current = await readOwner(lockDir)
      if (current?.raw === raw) await fs.rm(lockDir, { recursive: true, force: true })
    }
  }
  throw new DataDirLockedError(dataDir)
}
