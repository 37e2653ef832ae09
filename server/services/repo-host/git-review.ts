/**
 * Reads of a local bare repository for triage: the head of a branch, the commit a
 * branch pointed at by a given time, the README at the root of a commit, and the files changed
 * between two commits. Every function takes the repository's git dir (LocalGitHost.gitDir) and
 * answers null rather than throwing when the repository, branch or commit is missing.
 */
import fs from 'node:fs'
import path from 'node:path'
import { git, GitError } from './git-exec'
import type { FileChange } from '../../../src/api/schemas/triage'

const SHA = /^[0-9a-f]{40}$/
/** README file names at the root, best first (case-insensitive). */
const README = /^readme(\.(md|markdown|txt|rst|adoc))?$/i

async function gitOrNull(args: string[]): Promise<string | null> {
  try {
    return await git(args)
  } catch (error) {
    if (error instanceof GitError) return null
    throw error
  }
}

function exists(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'HEAD'))
}

/** The commit `refs/heads/{branch}` points at, or null. */
export async function branchHead(dir: string, branch: string): Promise<string | null> {
  if (!exists(dir)) return null
  return gitOrNull(['--git-dir', dir, 'rev-parse', '--verify', '-q', `refs/heads/${branch}^{commit}`])
}

/**
 * The newest commit of `branch` whose committer date is at or before `at` (second precision), or
 * null. Used for decisions recorded without a commit (bulk decisions, entries older than 0028).
 */
export async function branchCommitAt(dir: string, branch: string, at: Date): Promise<string | null> {
  if (!exists(dir)) return null
  const out = await gitOrNull([
    '--git-dir',
    dir,
    'rev-list',
    '-1',
    `--before=${Math.floor(at.getTime() / 1000)}`,
    `refs/heads/${branch}`,
  ])
  return out && SHA.test(out) ? out : null
}

/** The README at the root of `commit` (the first of README.md, README, …), cut to `maxChars`; null without one. */
export async function readmeAt(
  dir: string,
  commit: string,
  maxChars: number,
): Promise<{ path: string; text: string; truncated: boolean } | null> {
  if (!exists(dir) || !SHA.test(commit)) return null
  const names = await gitOrNull(['--git-dir', dir, 'ls-tree', '--name-only', commit])
  const found = (names ?? '')
    .split('\n')
    .filter((n) => README.test(n))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))[0]
  if (!found) return null
  const text = await gitOrNull(['--git-dir', dir, 'cat-file', 'blob', `${commit}:${found}`])
  if (text === null) return null
  return { path: found, text: text.slice(0, maxChars), truncated: text.length > maxChars }
}

const rank = (name: string) =>
  /\.md$/i.test(name) ? 0 : /\.markdown$/i.test(name) ? 1 : /^readme$/i.test(name) ? 2 : 3

/**
 * Files that differ between `from` and `to` (no rename detection: a rename is a delete and an
 * add), sorted by path, at most `max`; null when either commit is unknown.
 */
export async function changedFiles(
  dir: string,
  from: string,
  to: string,
  max: number,
): Promise<{ items: { path: string; change: FileChange }[]; truncated: boolean } | null> {
  if (!exists(dir) || !SHA.test(from) || !SHA.test(to)) return null
  const out = await gitOrNull(['--git-dir', dir, 'diff-tree', '-r', '-z', '--no-renames', '--name-status', from, to])
  if (out === null) return null
  const parts = out.split('\0').filter((p) => p !== '')
  const items: { path: string; change: FileChange }[] = []
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const code = parts[i][0]
    items.push({ path: parts[i + 1], change: code === 'A' ? 'added' : code === 'D' ? 'deleted' : 'modified' })
  }
  items.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { items: items.slice(0, max), truncated: items.length > max }
}
