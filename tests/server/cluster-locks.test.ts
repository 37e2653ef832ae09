/**
 * services/cluster-locks.ts: two ClusterMutex instances stand for two servers (each its own lock
 * pool). On PostgreSQL they exclude each other through advisory locks; on PGlite one process owns
 * the database and the in-process queue is the lock.
 */
import { describe, expect, it } from 'vitest'
import { ClusterMutex, type LockNamespace } from '../../server/services/cluster-locks'
import { POSTGRES_TESTS, useThrowawayDatabase } from './harness'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A task that records its start and end in `events`, holding the lock for `ms`. */
const task =
  (events: string[], name: string, ms = 150) =>
  async () => {
    events.push(`${name} start`)
    await pause(ms)
    events.push(`${name} end`)
    return name
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
        const first = a.run('project-1', task(events, 'a'))
        await pause(30)
        const second = b.run('project-1', task(events, 'b'))
        const other = b.run('project-2', task(events, 'c', 20))
        expect(await Promise.all([first, second, other])).toEqual(['a', 'b', 'c'])
        // The other key ran while a held project-1; b waited for a's end.
        expect(events.indexOf('c end')).toBeLessThan(events.indexOf('a end'))
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
        const held = a.tryRun('purge', task(events, 'a'))
        await pause(30)
        expect(await b.tryRun('purge', task(events, 'b'))).toEqual({ ran: false })
        expect(await held).toEqual({ ran: true, value: 'a' })
        expect(await b.tryRun('purge', task(events, 'b', 1))).toEqual({ ran: true, value: 'b' })
        expect(events).toEqual(['a start', 'a end', 'b start', 'b end'])
      })
    })
  })
}
