/**
 * Fixture trees for the source report tests: files written to a temporary folder and committed
 * into a fresh bare repository the way uploads are (fast-import), answering the commit id.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { git } from '../../../../server/services/repo-host/git-exec'
import { fastImportCommit } from '../../../../server/services/repo-host/fast-import'

export type FixtureFile = { path: string; data: string | Buffer }

/** A bare repository under a new temporary folder; `remove()` deletes the folder. */
export async function bareRepository(): Promise<{ gitDir: string; remove: () => Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'source-report-'))
  const gitDir = path.join(root, 'repo.git')
  await git(['init', '--bare', '--quiet', '-b', 'main', gitDir])
  return { gitDir, remove: () => fs.rm(root, { recursive: true, force: true }) }
}

/** Commit `files` as the whole tree of main (parent: the current main, if any); answers the commit id. */
export async function commitTree(gitDir: string, files: FixtureFile[]): Promise<string> {
  const source = await fs.mkdtemp(path.join(path.dirname(gitDir), 'files-'))
  try {
    const committed = await Promise.all(
      files.map(async (file, i) => {
        const sourcePath = path.join(source, String(i))
        await fs.writeFile(sourcePath, file.data)
        return { path: file.path, sourcePath, size: Buffer.byteLength(file.data) }
      }),
    )
    const parent = await git(['--git-dir', gitDir, 'rev-parse', '--verify', '-q', 'refs/heads/main']).catch(() => null)
    await fastImportCommit(gitDir, { branch: 'main', parent, files: committed, message: 'fixture', when: new Date(0) })
    return await git(['--git-dir', gitDir, 'rev-parse', 'refs/heads/main'])
  } finally {
    await fs.rm(source, { recursive: true, force: true })
  }
}
