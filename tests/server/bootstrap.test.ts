/** First-start duties: the DATA_DIR lock, the persisted JWT secret, the bootstrap admin. */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ensureAdmin, isEmpty, loadJwtSecret, lockDataDir } from '../../server/bootstrap'
import { openDatabase } from '../../server/db/client'
import { users } from '../../server/db/schema'

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'console-boot-'))

describe('bootstrap', () => {
  it('lets one server own a DATA_DIR and refuses a second with a clear message', async () => {
    const dir = await tempDir()
    const release = await lockDataDir(dir)
    await expect(lockDataDir(dir)).rejects.toThrow(/Another server is already using DATA_DIR/)
    await release()
    const again = await lockDataDir(dir)
    await again()
  })

  it('generates the JWT secret once and keeps it', async () => {
    const dir = await tempDir()
    const first = await loadJwtSecret(dir)
    expect(first.byteLength).toBe(32)
    expect(Buffer.from(await loadJwtSecret(dir)).equals(Buffer.from(first))).toBe(true)
    const fromEnv = await loadJwtSecret(dir, 'x'.repeat(40))
    expect(Buffer.from(fromEnv).toString()).toBe('x'.repeat(40))
  })

  it('creates the bootstrap admin once, case-insensitively, and restores its admin flags', async () => {
    const database = await openDatabase({ memory: true })
    expect(await isEmpty(database.db)).toBe(true)
    await ensureAdmin(database.db, 'admin@example.com')
    await database.db.update(users).set({ isAdmin: false, isActive: false })
    await ensureAdmin(database.db, 'ADMIN@example.com')
    const rows = await database.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ email: 'admin@example.com', isAdmin: true, isActive: true })
    expect(await isEmpty(database.db)).toBe(false)
    await database.close()
  })
})
