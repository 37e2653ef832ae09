/**
 * Resuming a chunked source upload (SPEC.md 4 "Add Project flow", decision 038): the rules both
 * the server (which answers what it has staged) and the console (which skips what is there) run.
 * A chunk is recognised by its index and a fingerprint of its files' paths and sizes in bytes;
 * contents are not hashed (the server stores files as they stream and never reads them back), so
 * a file edited to the same size between the two picks is not noticed: the user re-picks the same
 * folder or ZIP.
 */

/** A draft nobody touched for this many days is offered for deletion (never deleted silently). */
export const STALE_DRAFT_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

/** One file of a chunk as the fingerprint sees it: its repository path and size in bytes. */
export type FingerprintEntry = { path: string; size: number }

/** SHA-256 (hex) of the chunk's `path\tsize` lines in chunk order; Web Crypto, so the same on both sides. */
export async function chunkFingerprint(files: readonly FingerprintEntry[]): Promise<string> {
  const text = files.map((f) => `${f.path}\t${f.size}`).join('\n')
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** True when a draft last touched at `lastTouched` (ISO time or Date) is stale at `now`. */
export function isStaleDraft(lastTouched: string | Date, now: Date): boolean {
  return now.getTime() - new Date(lastTouched).getTime() > STALE_DRAFT_DAYS * DAY_MS
}

/** A chunk the server holds: its index and fingerprint. */
export type StagedChunk = { index: number; fingerprint: string }

/**
 * The chunk indexes the console need not send again: staged with the same fingerprint the console
 * computed for that index (`local[i]`), all but the last chunk, which is always sent because its
 * arrival is what commits the upload. `totalChunks` must match the staged upload's, else nothing.
 */
export function chunksToSkip(
  staged: { totalChunks: number; chunks: readonly StagedChunk[] },
  local: readonly string[],
): number[] {
  if (staged.totalChunks !== local.length) return []
  return staged.chunks
    .filter((c) => c.index < local.length - 1 && local[c.index] === c.fingerprint)
    .map((c) => c.index)
    .sort((a, b) => a - b)
}
