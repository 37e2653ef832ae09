/**
 * One commit written by `git fast-import` into a bare repository: the commit replaces the whole
 * tree of `branch` (`deleteall`, then one inline blob per file, mode 100644) with `parent` as its
 * parent. Files are streamed from disk with a small read-ahead and stdin backpressure. fast-import
 * moves the ref only after the pack is complete, so a failure leaves the branch as it was.
 */
import fsp from 'node:fs/promises'
import { collectGit, GitError, spawnGit } from './git-exec'
import type { CommitFile } from './repo-host'

const READ_AHEAD = 16
const COMMITTER = 'Marketplace Console <console@marketplace.local>'
/** C-style quoting of a fast-import path (control characters were refused upstream). */
const quotePath = (p: string) => `"${p.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

/** Start reading a file now; a failure surfaces when awaited (never as an unhandled rejection). */
function readSoon(file: string): Promise<Buffer> {
  const read = fsp.readFile(file)
  read.catch(() => undefined)
  return read
}

/** Write to git's stdin, waiting for 'drain' when its buffer is full; rejects when git exits first. */
function write(stream: NodeJS.WritableStream, chunk: Buffer | string): Promise<void> | void {
  if (stream.write(chunk)) return
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain).off('close', onClose)
      if (error) reject(error)
      else resolve()
    }
    const onDrain = () => settle()
    const onClose = () => settle(new Error('git fast-import exited early'))
    stream.on('drain', onDrain).on('close', onClose)
  })
}

export type FastImportCommit = {
  branch: string
  parent: string | null
  files: CommitFile[]
  message: string
  when: Date
}

/** Stream one commit into the bare repository at `gitDir`; rejects with GitError when git fails. */
export async function fastImportCommit(gitDir: string, commit: FastImportCommit): Promise<void> {
  const args = ['--git-dir', gitDir, 'fast-import', '--quiet', '--done']
  const child = spawnGit(args)
  const done = collectGit(child, args)
  const stdin = child.stdin
  const when = `${Math.floor(commit.when.getTime() / 1000)} +0000`
  const message = Buffer.from(commit.message)
  const { files } = commit
  try {
    await write(stdin, `commit refs/heads/${commit.branch}\ncommitter ${COMMITTER} ${when}\ndata ${message.length}\n`)
    await write(
      stdin,
      Buffer.concat([message, Buffer.from(`\n${commit.parent ? `from ${commit.parent}\n` : ''}deleteall\n`)]),
    )
    const reads = files.map((file, i) => (i < READ_AHEAD ? readSoon(file.sourcePath) : null))
    for (const [i, file] of files.entries()) {
      if (i + READ_AHEAD < files.length) reads[i + READ_AHEAD] = readSoon(files[i + READ_AHEAD].sourcePath)
      const bytes = await reads[i]!
      reads[i] = null
      await write(stdin, `M 100644 inline ${quotePath(file.path)}\ndata ${bytes.length}\n`)
      await write(stdin, bytes)
      await write(stdin, '\n')
    }
    stdin.end('done\n')
  } catch (error) {
    child.kill()
    const failure = await done.catch((e: unknown) => e)
    throw failure instanceof GitError ? failure : error
  }
  await done
}
