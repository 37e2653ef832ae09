/**
 * Contents of chosen blobs, object by object, from one long-running `git cat-file --batch`. Each
 * object is streamed through and only its first `keep(entry)` bytes are held; the rest is dropped
 * as it passes, so a 30 MB file costs its kept prefix in memory, not 30 MB. Reading waits for the
 * consumer (async iteration pauses git's stdout), so a slow analyser never piles up contents.
 */
import { GitError, spawnGit } from '../repo-host/git-exec'
import type { TreeEntry } from './tree-listing'

/** One blob: its entry, the first `kept.length` bytes of it, and whether more followed. */
export type Blob = { entry: TreeEntry; kept: Buffer; cut: boolean }

/** Write one request per entry, waiting for 'drain' so the requests never pile up in memory either. */
async function request(stdin: NodeJS.WritableStream, entries: TreeEntry[]) {
  for (const entry of entries) {
    if (stdin.write(`${entry.oid}\n`)) continue
    const drained = await new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => () => {
        stdin.off('drain', onDrain).off('close', onClose)
        resolve(ok)
      }
      const onDrain = done(true)
      const onClose = done(false)
      stdin.on('drain', onDrain).on('close', onClose)
    })
    if (!drained) return
  }
  stdin.end()
}

/**
 * Yield the blobs of `entries` in order from the bare repository `gitDir`, each cut to
 * `keep(entry)` bytes. Throws GitError when git fails or answers an object as missing.
 */
export async function* readBlobs(
  gitDir: string,
  entries: TreeEntry[],
  keep: (entry: TreeEntry) => number,
): AsyncGenerator<Blob> {
  const args = ['--git-dir', gitDir, 'cat-file', '--batch']
  const child = spawnGit(args)
  const stderr: Buffer[] = []
  child.stderr.on('data', (d: Buffer) => stderr.push(d))
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve))
  child.on('error', () => undefined)
  void request(child.stdin, entries)
  let index = 0
  let header: Buffer = Buffer.alloc(0)
  let remaining = -1 // bytes of the current object still to come, -1 between objects
  let parts: Buffer[] = []
  let held = 0
  let limit = 0
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let at = 0
      while (at < chunk.length) {
        if (remaining < 0) {
          const nl = chunk.indexOf(10, at)
          header = Buffer.concat([header, chunk.subarray(at, nl < 0 ? chunk.length : nl)])
          if (nl < 0) break
          at = nl + 1
          const [oid, type, size] = header.toString('utf8').split(' ')
          header = Buffer.alloc(0)
          const entry = entries[index]
          if (!entry || oid !== entry.oid || type !== 'blob') {
            throw new GitError(args, null, `unexpected object answer: ${oid} ${type}`)
          }
          // The object's bytes plus the newline that ends it.
          remaining = Number(size) + 1
          limit = Math.min(keep(entry), Number(size))
          parts = []
          held = 0
        }
        const take = Math.min(remaining, chunk.length - at)
        if (held < limit) {
          const piece = chunk.subarray(at, at + Math.min(take, limit - held))
          parts.push(Buffer.from(piece))
          held += piece.length
        }
        at += take
        remaining -= take
        if (remaining === 0) {
          const entry = entries[index++]
          remaining = -1
          yield { entry, kept: Buffer.concat(parts), cut: entry.size > held }
          parts = []
        }
      }
    }
    const code = await exit
    if (code !== 0) throw new GitError(args, code, Buffer.concat(stderr).toString('utf8'))
    if (index < entries.length) throw new GitError(args, code, `git answered ${index} of ${entries.length} objects`)
  } finally {
    if (child.exitCode === null) child.kill()
  }
}
