/**
 * The entries of one commit's tree, read as a stream from `git ls-tree -r -l -z`: path, blob id,
 * mode and size, never the contents. Memory grows with the number of entries kept (≤ `max`).
 */
import { GitError, spawnGit } from '../repo-host/git-exec'

/** One file of the tree; `size` in bytes. Submodules and symbolic links are left out. */
export type TreeEntry = { path: string; oid: string; mode: string; size: number }

export type TreeListing = { entries: TreeEntry[]; truncated: boolean }

const SHA = /^[0-9a-f]{40}$/

/** Parse one `-l -z` record: "<mode> SP <type> SP <oid> SP+ <size> TAB <path>". */
function parseRecord(record: string): TreeEntry | null {
  const tab = record.indexOf('\t')
  if (tab < 0) return null
  const [mode, type, oid, size] = record.slice(0, tab).split(/ +/)
  // 120000 is a symbolic link (its "contents" are a path), 160000 a submodule commit.
  if (type !== 'blob' || mode === '120000') return null
  return { path: record.slice(tab + 1), oid, mode, size: Number(size) }
}

/**
 * List the files of `commit` in the bare repository `gitDir`, at most `max` (then `truncated`).
 * Rejects with GitError when the commit is not a 40-hex id or git cannot read it.
 */
export async function listTree(gitDir: string, commit: string, max: number): Promise<TreeListing> {
  const args = ['--git-dir', gitDir, 'ls-tree', '-r', '-l', '-z', '--full-tree', commit]
  if (!SHA.test(commit)) throw new GitError(args, null, `not a commit id: ${commit.slice(0, 80)}`)
  const child = spawnGit(args)
  child.stdin.end()
  const stderr: Buffer[] = []
  child.stderr.on('data', (d: Buffer) => stderr.push(d))
  const exit = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve(code))
  })
  const entries: TreeEntry[] = []
  let truncated = false
  let rest: Buffer = Buffer.alloc(0)
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    rest = rest.length ? Buffer.concat([rest, chunk]) : chunk
    let start = 0
    for (let nul = rest.indexOf(0, start); nul >= 0; nul = rest.indexOf(0, start)) {
      const entry = parseRecord(rest.toString('utf8', start, nul))
      start = nul + 1
      if (!entry) continue
      if (entries.length === max) {
        truncated = true
        break
      }
      entries.push(entry)
    }
    rest = rest.subarray(start)
    if (truncated) break
  }
  if (truncated) {
    child.kill()
    await exit
    return { entries, truncated }
  }
  const code = await exit
  if (code !== 0) throw new GitError(args, code, Buffer.concat(stderr).toString('utf8'))
  return { entries, truncated }
}
