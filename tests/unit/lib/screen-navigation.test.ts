import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  holdMovesForScreenCode,
  SCREEN_CODE_WAIT_MS,
  SCREEN_DATA_WAIT_MS,
  type ScreenCode,
} from '../../../src/lib/screen-navigation'

/** A screen's code whose load the test settles by hand. */
function pendingCode(isLoaded = false) {
  let settle: { resolve: () => void; reject: (e: Error) => void } | undefined
  const loads: number[] = []
  const code: ScreenCode = {
    loaded: () => isLoaded,
    load: () => {
      loads.push(1)
      return new Promise<void>((resolve, reject) => (settle = { resolve, reject }))
    },
  }
  return { code, loads, resolve: () => settle?.resolve(), reject: () => settle?.reject(new Error('Failed to fetch')) }
}

/** A screen's code (in or not) whose first data the test answers by hand; `cached`: nothing to wait for. */
function pendingData(isLoaded: boolean, cached = false) {
  const code = pendingCode(isLoaded)
  let answer: { resolve: () => void; reject: (e: Error) => void } | undefined
  const requests: number[] = []
  const screen: ScreenCode = {
    ...code.code,
    data: () => {
      requests.push(1)
      if (cached) return undefined
      return new Promise<void>((resolve, reject) => (answer = { resolve, reject }))
    },
  }
  return {
    ...code,
    code: screen,
    requests,
    answer: () => answer?.resolve(),
    fail: () => answer?.reject(new Error('Network error')),
  }
}

/** The handler over `codes` (by pathname), with the moves it made. */
function setup(codes: Record<string, ScreenCode>) {
  const moves: Array<[string, unknown]> = []
  const seen: URL[] = []
  const around = holdMovesForScreenCode((url) => {
    seen.push(url)
    return codes[url.pathname]
  })
  const navigate = (to: string, options?: unknown) => void moves.push([to, options])
  return { moves, seen, move: (to: string, options?: object) => around(navigate, to, options) }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => vi.useRealTimers())

describe('holdMovesForScreenCode', () => {
  it('moves at once, in the caller task, to a screen whose code is in or to an address that needs none', () => {
    const { moves, move } = setup({ '/orders': pendingCode(true).code })
    move('/orders?status=pending', { replace: true })
    move('/elsewhere')
    expect(moves).toEqual([
      ['/orders?status=pending', { replace: true }],
      ['/elsewhere', undefined],
    ])
  })

  it('holds a move until its screen code is in, loading it once, and hands the address with its search', async () => {
    const orders = pendingCode()
    const { moves, move, seen } = setup({ '/orders': orders.code })
    move('/orders?status=pending')
    expect(seen[0].search).toBe('?status=pending')
    expect(moves).toEqual([])
    expect(orders.loads).toHaveLength(1)
    orders.resolve()
    await settled()
    expect(moves).toEqual([['/orders?status=pending', undefined]])
  })

  it('moves when the load fails, so the screen tells what happened', async () => {
    const orders = pendingCode()
    const { moves, move } = setup({ '/orders': orders.code })
    move('/orders')
    orders.reject()
    await settled()
    expect(moves).toEqual([['/orders', undefined]])
  })

  it('moves after the wait when the load has not settled, and not again when it does', async () => {
    vi.useFakeTimers()
    const orders = pendingCode()
    const { moves, move } = setup({ '/orders': orders.code })
    move('/orders')
    vi.advanceTimersByTime(SCREEN_CODE_WAIT_MS - 1)
    expect(moves).toEqual([])
    vi.advanceTimersByTime(1)
    expect(moves).toEqual([['/orders', undefined]])
    orders.resolve()
    await vi.runAllTimersAsync()
    expect(moves).toEqual([['/orders', undefined]])
  })

  it('drops a held move that a later one overtakes, whether the later one waits or not', async () => {
    const orders = pendingCode()
    const payments = pendingCode()
    const { moves, move } = setup({ '/orders': orders.code, '/payments': payments.code, '/': pendingCode(true).code })
    move('/orders')
    move('/payments')
    orders.resolve()
    await settled()
    expect(moves).toEqual([])
    payments.resolve()
    await settled()
    expect(moves).toEqual([['/payments', undefined]])

    const again = pendingCode()
    const second = setup({ '/orders': again.code, '/': pendingCode(true).code })
    second.move('/orders')
    second.move('/')
    again.resolve()
    await settled()
    expect(second.moves).toEqual([['/', undefined]])
  })

  it('moves at once, in the caller task, to a screen whose code is in and whose data is cached, having asked once', () => {
    const detail = pendingData(true, true)
    const { moves, move } = setup({ '/projects/p1': detail.code })
    move('/projects/p1')
    expect(moves).toEqual([['/projects/p1', undefined]])
    expect(detail.requests).toHaveLength(1)
  })

  it('holds a move to a screen whose code is in until its first data answers', async () => {
    const detail = pendingData(true)
    const { moves, move } = setup({ '/projects/p1': detail.code })
    move('/projects/p1')
    expect(moves).toEqual([])
    expect(detail.loads).toHaveLength(0)
    detail.answer()
    await settled()
    expect(moves).toEqual([['/projects/p1', undefined]])
  })

  it('moves when the first data fails, so the screen tells what happened', async () => {
    const detail = pendingData(true)
    const { moves, move } = setup({ '/projects/p1': detail.code })
    move('/projects/p1')
    detail.fail()
    await settled()
    expect(moves).toEqual([['/projects/p1', undefined]])
  })

  it('moves after the data wait when the data has not answered (the screen shows its loading state), and not again when it does', async () => {
    vi.useFakeTimers()
    const detail = pendingData(true)
    const { moves, move } = setup({ '/projects/p1': detail.code })
    move('/projects/p1')
    vi.advanceTimersByTime(SCREEN_DATA_WAIT_MS - 1)
    expect(moves).toEqual([])
    vi.advanceTimersByTime(1)
    expect(moves).toEqual([['/projects/p1', undefined]])
    detail.answer()
    await vi.runAllTimersAsync()
    expect(moves).toEqual([['/projects/p1', undefined]])
  })

  it('waits for both the code and the data, starting them together', async () => {
    const detail = pendingData(false)
    const { moves, move } = setup({ '/projects/p1': detail.code })
    move('/projects/p1')
    expect(detail.loads).toHaveLength(1)
    expect(detail.requests).toHaveLength(1)
    detail.answer()
    await settled()
    expect(moves).toEqual([])
    detail.resolve()
    await settled()
    expect(moves).toEqual([['/projects/p1', undefined]])
  })

  it('moves once the code is in when the data outlasts its wait, the code still loading at that time', async () => {
    vi.useFakeTimers()
    const detail = pendingData(false)
    const { moves, move } = setup({ '/projects/p1': detail.code })
    move('/projects/p1')
    vi.advanceTimersByTime(SCREEN_DATA_WAIT_MS)
    expect(moves).toEqual([])
    detail.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(moves).toEqual([['/projects/p1', undefined]])
  })

  it('drops a move held for its data when a later one overtakes it', async () => {
    const detail = pendingData(true)
    const { moves, move } = setup({ '/projects/p1': detail.code, '/': pendingCode(true).code })
    move('/projects/p1')
    move('/')
    detail.answer()
    await settled()
    expect(moves).toEqual([['/', undefined]])
  })

  it('moves as soon as the code fails, without waiting for the data, so a reload happens at the new address', async () => {
    const detail = pendingData(false)
    const { moves, move } = setup({ '/projects/p1': detail.code })
    move('/projects/p1')
    detail.reject()
    await settled()
    expect(moves).toEqual([['/projects/p1', undefined]])
    detail.answer()
    await settled()
    expect(moves).toEqual([['/projects/p1', undefined]])
  })
})
