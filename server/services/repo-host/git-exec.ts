/**
 * Run the system `git` without a shell: arguments are passed as an array, stdin may be a buffer
 * or written by the caller (fast-import), stdout is collected. Non-zero exit → GitError with stderr.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'

export class GitError extends Error {
  constructor(
    readonly args: string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0]} failed (${code}): ${stderr.trim().slice(0, 500)}`)
  }
}

/**
 * The server's environment without git's repository variables: the console's own GIT_DIR
 * (where its bare repositories live, server/env.ts) must not tell a spawned git which repository
 * to use, nor may a GIT_WORK_TREE, GIT_INDEX_FILE or similar inherited from a caller's shell.
 */
function gitChildEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of [
    'GIT_DIR',
    'GIT_WORK_TREE',
    'GIT_INDEX_FILE',
    'GIT_OBJECT_DIRECTORY',
    'GIT_ALTERNATE_OBJECT_DIRECTORIES',
    'GIT_COMMON_DIR',
    'GIT_NAMESPACE',
    'GIT_CEILING_DIRECTORIES',
  ])
    delete env[name]
  return env
}

/** Spawn `git args` (for streaming use); GIT_TERMINAL_PROMPT off, no system/global config surprises. */
export function spawnGit(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const child = spawn('git', args, {
    env: { ...gitChildEnv(), GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  // git may exit before reading its stdin (e.g. rev-parse); the exit code reports failures, not EPIPE.
  child.stdin.on('error', () => undefined)
  return child
}

/** Wait for a spawned git to exit; resolves stdout, rejects GitError. */
export function collectGit(child: ChildProcessWithoutNullStreams, args: string[]): Promise<Buffer> {
  const out: Buffer[] = []
  const err: Buffer[] = []
  child.stdout.on('data', (d: Buffer) => out.push(d))
  child.stderr.on('data', (d: Buffer) => err.push(d))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new GitError(args, code, Buffer.concat(err).toString('utf8')))
    })
  })
}

/** Run `git args` to completion; returns stdout as a trimmed string. */
export async function git(args: string[], options: { input?: Buffer | string; env?: Record<string, string> } = {}) {
  const child = spawnGit(args, options.env)
  const done = collectGit(child, args)
  child.stdin.end(options.input ?? '')
  return (await done).toString('utf8').trim()
}
