/**
 * The DATA_DIR lock with real processes: a child process takes the lock, is killed
 * with SIGKILL, and a new owner takes over at once; a live owner keeps refusing everyone else.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockDataDir } from '../../server/bootstrap'

const lockModule = path.resolve(import.meta.dirname, '../../server/bootstrap.ts')
const children: ChildProcess[] = []

/** A child process that takes the lock on `dir` and holds it; resolves with 'locked' or the error. */
function holder(dir: string): Promise<{ child: ChildProcess; outcome: string }> {
  const code =
    `import(${JSON.stringify(lockModule)}).then((m) => m.lockDataDir(${JSON.stringify(dir)}))` +
    `.then(() => console.log('locked'), (e) => console.log('refused: ' + e.message))` +
    `.then(() => setInterval(() => {}, 1000))`
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve({ child, outcome: out.trim() })
    })
    child.on('exit', (status) => reject(new Error(`holder exited with ${status}`)))
  })
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit')
    child.on('exit', () => resolve())
    child.kill('SIGKILL')
  })

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'console-lock-'))

describe('DATA_DIR lock', () => {
  it('refuses a second owner while the first process lives', async () => {
    const dir = await tempDir()
    const { outcome } = await holder(dir)
    expect(outcome).toBe('locked')
    await expect(lockDataDir(dir)).rejects.toThrow(/Another server is already using DATA_DIR/)
    expect((await holder(dir)).outcome).toMatch(/^refused: Another server is already using DATA_DIR/)
  })

  it('takes the lock over at once after its owner was killed with SIGKILL', async () => {
    const dir = await tempDir()
    const { child } = await holder(dir)
    await killed(child)
    const started = Date.now()
    const release = await lockDataDir(dir)
    expect(Date.now() - started).toBeLessThan(1000)
    await release()
  })

  it("lets exactly one of two servers started at once take over a dead owner's lock", async () => {
    const dir = await tempDir()
    const { child } = await holder(dir)
    await killed(child)
    const outcomes = (await Promise.all([holder(dir), holder(dir), holder(dir)])).map((h) => h.outcome)
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1)
    expect(outcomes.filter((o) => o.startsWith('refused: Another server'))).toHaveLength(2)
  })

  it("takes over a lock left by an earlier process of the same pid (a container's pid 1)", async () => {
    const dir = await tempDir()
    await fs.mkdir(path.join(dir, 'server.lock'))
    const owner = { host: os.hostname(), bootId: null, pid: process.pid, startTicks: null, instance: 'an-earlier-run' }
    await fs.writeFile(path.join(dir, 'server.lock', 'owner.json'), JSON.stringify(owner))
    const release = await lockDataDir(dir)
    await expect(lockDataDir(dir)).rejects.toThrow(/Another server/)
    await release()
  })
})
