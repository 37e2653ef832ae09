/** After-delete hooks (server/services/project-deleted-hooks.ts): every hook runs, failures are logged and counted. */
import { describe, expect, it, vi } from 'vitest'
import { runProjectDeletedHooks } from '../../../server/services/project-deleted-hooks'

describe('after-delete hooks', () => {
  it('runs every hook and logs failures without hiding them', async () => {
    const seen: string[] = []
    const log = vi.fn()
    const ok = async (id: string) => void seen.push(id)
    const broken = async () => {
      throw new Error('disk gone')
    }
    const info = { title: 'T', imagePaths: [], reportPath: null, repositories: [] }
    const failed = await runProjectDeletedHooks(
      [ok, broken],
      [
        { projectId: 'p1', info },
        { projectId: 'p2', info },
      ],
      log,
    )
    expect(failed).toBe(2)
    expect(seen).toEqual(['p1', 'p2'])
    expect(log).toHaveBeenCalledWith('project p1: after-delete cleanup failed', expect.any(Error))
  })
})
