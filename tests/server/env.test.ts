/**
 * server/env.ts for several servers: GIT_DIR (default DATA_DIR/git), the keys required
 * with DATABASE_URL, TRUST_PROXY as a number of proxies, and git's own GIT_DIR in the server's
 * environment not steering its git runs.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { assertSharedKeys, loadEnv } from '../../server/env'
import { git } from '../../server/services/repo-host/git-exec'

describe('environment for several servers', () => {
  it('puts the repositories in DATA_DIR/git unless GIT_DIR names another folder', () => {
    expect(loadEnv({ DATA_DIR: '/srv/console' }).GIT_DIR).toBe('/srv/console/git')
    expect(loadEnv({ DATA_DIR: '/srv/console', GIT_DIR: '/mnt/shared/git' }).GIT_DIR).toBe('/mnt/shared/git')
    expect(() => loadEnv({ GIT_DIR: ' ' })).toThrow(/GIT_DIR must not be empty/)
  })

  it('requires JWT_SECRET and DATA_ENCRYPTION_KEY with DATABASE_URL, naming what is missing', () => {
    const url = 'postgres://console@db.internal:5432/console'
    expect(() => assertSharedKeys({})).not.toThrow()
    expect(() => assertSharedKeys({ DATABASE_URL: url })).toThrow(
      /DATABASE_URL is set, so every server on that database must share its keys: set JWT_SECRET .* and DATA_ENCRYPTION_KEY/,
    )
    expect(() => assertSharedKeys({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /set DATA_ENCRYPTION_KEY \(32 bytes/,
    )
    expect(() => assertSharedKeys({ DATABASE_URL: url, DATA_ENCRYPTION_KEY: 'k' })).toThrow(
      /set JWT_SECRET \(at least 32/,
    )
    expect(() =>
      assertSharedKeys({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: 'k' }),
    ).not.toThrow()
    // The seed CLI needs only the data key.
    expect(() =>
      assertSharedKeys({ DATABASE_URL: url, DATA_ENCRYPTION_KEY: 'k' }, ['DATA_ENCRYPTION_KEY']),
    ).not.toThrow()
    expect(() => assertSharedKeys({ DATABASE_URL: url }, ['DATA_ENCRYPTION_KEY'])).toThrow(
      /set DATA_ENCRYPTION_KEY \(32 bytes[^)]*\)\. /,
    )
  })

  it('reads TRUST_PROXY as a count of trusted proxies, 0 when unset, and refuses anything else', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0)
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    for (const bad of ['-1', '1.5', 'true', ' 1', '', '0x1', '100']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: TRUST_PROXY must be the number of trusted proxies/,
      )
    }
  })

  describe('git runs', () => {
    const saved = process.env.GIT_DIR
    afterEach(() => {
      if (saved === undefined) delete process.env.GIT_DIR
      else process.env.GIT_DIR = saved
    })

    it('ignore a GIT_DIR in the server environment (the console setting, not a repository)', async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'console-gitdir-'))
      process.env.GIT_DIR = path.join(folder, 'not-a-repository')
      const bare = path.join(folder, 'made.git')
      await git(['init', '--bare', '-q', bare])
      expect(fs.existsSync(path.join(bare, 'HEAD'))).toBe(true)
      // With git's GIT_DIR passed on, git would look for the repository there, not in the folder it runs in.
      expect(await git(['-C', bare, 'rev-parse', '--absolute-git-dir'])).toBe(fs.realpathSync(bare))
      expect(fs.existsSync(process.env.GIT_DIR)).toBe(false)
      fs.rmSync(folder, { recursive: true, force: true })
    })
  })
})
