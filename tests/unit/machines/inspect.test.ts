import { describe, expect, it } from 'vitest'
import { inspectorProblem, onInspectorProblem, startInspector } from '../../../src/machines/shared/inspect'
import {
  INSPECTOR_BLOCKED,
  INSPECTOR_CONNECT_MS,
  INSPECTOR_UNREACHABLE,
} from '../../../src/machines/shared/inspect-window'

/** A page window whose pop-up is `popup` (null = blocked); its timers and messages are run by hand. */
function fakeWindow(popup: { postMessage: () => void } | null) {
  const messageListeners: Array<(event: { data: unknown }) => void> = []
  const timers: Array<{ run: () => void; ms: number }> = []
  const opened: string[] = []
  const win = {
    open: (url?: string | URL) => {
      opened.push(String(url))
      return popup
    },
    addEventListener: (type: string, listener: (event: { data: unknown }) => void) => {
      if (type === 'message') messageListeners.push(listener)
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  }
  return {
    win: win as unknown as Window,
    opened,
    timers,
    message: (data: unknown) => messageListeners.forEach((l) => l({ data })),
  }
}

describe('?inspect says what went wrong', () => {
  it('does nothing without ?inspect', async () => {
    const page = fakeWindow(null)
    expect(await startInspector('?q=1', page.win)).toBe(false)
    expect(page.opened).toEqual([])
  })

  it('a blocked pop-up says so and how to allow it', async () => {
    const page = fakeWindow(null)
    let changes = 0
    const stop = onInspectorProblem(() => changes++)
    expect(await startInspector('?inspect', page.win)).toBe(true)
    stop()
    expect(page.opened[0]).toMatch(/^https:\/\/stately\.ai\/inspect/)
    expect(inspectorProblem()).toBe(INSPECTOR_BLOCKED)
    expect(INSPECTOR_BLOCKED).toContain('Allow pop-ups for this site')
    expect(changes).toBe(1)
  })

  it('an inspector that does not connect in time is named unreachable; connecting clears the notice', async () => {
    const page = fakeWindow({ postMessage: () => undefined })
    await startInspector('?inspect', page.win)
    expect(page.timers.map((t) => t.ms)).toEqual([INSPECTOR_CONNECT_MS])
    page.timers[0].run()
    expect(inspectorProblem()).toBe(INSPECTOR_UNREACHABLE)
    page.message({ type: '@statelyai.connected' })
    expect(inspectorProblem()).toBeNull()
  })

  it('an inspector that connects in time leaves no notice', async () => {
    const page = fakeWindow({ postMessage: () => undefined })
    await startInspector('?inspect', page.win)
    page.message({ type: 'something else' })
    page.message({ type: '@statelyai.connected' })
    page.timers[0].run()
    expect(inspectorProblem()).toBeNull()
  })
})
