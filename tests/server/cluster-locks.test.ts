/**
 * services/cluster-locks.ts: two ClusterMutex instances stand for two servers (each its own lock
 * pool). On PostgreSQL they exclude each other through advisory locks; on PGlite one process owns
 * the database and the in-process queue is the lock.
 */
import { describe, expect, it } from 'vitest'
import { ClusterMutex, type LockNamespace } from '../../server/services/cluster-locks'
import { POSTGRES_TESTS, useThrowawayDatabase } from './harness'

/** A task that records its start and end in `events` and holds the lock until `gate` resolves. */
const task =
  (events: string[], name: string, gate: Promise<void> = Promise.resolve()) =>
  async () => {
    events.push(`${name} start`)
    await gate
    events.push(`${name} end`)
    return name
  }

/** A promise and the function that resolves it: a task holds its lock until the test opens the gate. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {}
  const wait = new Promise<void>((resolve) => (open = resolve))
  return { wait, open }
}

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`cluster locks [${kind}]`, () => {
    const database = useThrowawayDatabase(kind)
    /** Two servers' mutexes of `namespace` (one on PGlite: one process owns it), closed after `run`. */
    async function withTwoServers(namespace: LockNamespace, run: (a: ClusterMutex, b: ClusterMutex) => Promise<void>) {
      const a = new ClusterMutex(database(), namespace)
      const b = kind === 'postgres' ? new ClusterMutex(database(), namespace) : a
      try {
        await run(a, b)
      } finally {
        await a.close()
        await b.close()
      }
    }

    it('serialises one key across two servers, and not two keys', async () => {
      await withTwoServers('upload', async (a, b) => {
        const events: string[] = []
        const aHolds = gate()
        const first = a.run('project-1', task(events, 'a', aHolds.wait))
        await expect.poll(() => events).toContain('a start')
        const second = b.run('project-1', task(events, 'b'))
        // The other key runs to its end while a still holds project-1; b waits for a.
        expect(await b.run('project-2', task(events, 'c'))).toBe('c')
        expect(events).not.toContain('b start')
        aHolds.open()
        expect(await Promise.all([first, second])).toEqual(['a', 'b'])
        expect(events.indexOf('b start')).toBeGreaterThan(events.indexOf('a end'))
      })
    })

    it('releases the key when the task throws', async () => {
      await withTwoServers('upload', async (a, b) => {
        await expect(
          a.run('k', async () => {
            throw new Error('boom')
          }),
        ).rejects.toThrow('boom')
        expect(await b.run('k', async () => 'after')).toBe('after')
      })
    })

    it('tryRun skips while another server holds the key, and runs once it is free', async () => {
      await withTwoServers('job', async (a, b) => {
        const events: string[] = []
        const aHolds = gate()
        const held = a.tryRun('purge', task(events, 'a', aHolds.wait))
        await expect.poll(() => events).toContain('a start')
        expect(await b.tryRun('purge', task(events, 'b'))).toEqual({ ran: false })
        aHolds.open()
        expect(await held).toEqual({ ran: true, value: 'a' })
        expect(await b.tryRun('purge', task(events, 'b'))).toEqual({ ran: true, value: 'b' })
        expect(events).toEqual(['a start', 'a end', 'b start', 'b end'])
      })
    })
  })
}
