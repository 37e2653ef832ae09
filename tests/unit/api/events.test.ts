import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/client'
import { readEventStream } from '../../../src/api/events'
import type { StreamEvent } from '../../../src/api/schemas/live'

const sse = (text: string, status = 200) =>
  new Response(new Blob([text]).stream(), { status, headers: { 'content-type': 'text/event-stream' } })

function read(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  lastEventId: string | null = null,
) {
  const seen: Array<[StreamEvent, string | undefined]> = []
  const calls: RequestInit[] = []
  let opened = false
  const done = readEventStream({
    token: 'tok',
    lastEventId,
    signal: new AbortController().signal,
    onOpen: () => void (opened = true),
    onEvent: (event, id) => void seen.push([event, id]),
    fetch: async (url, init) => {
      calls.push(init!)
      return respond(String(url), init!)
    },
  })
  return { done, seen, calls, opened: () => opened }
}

describe('readEventStream', () => {
  it('sends the token and Last-Event-ID, and hands over the contract events with their ids (others skipped)', async () => {
    const change = {
      type: 'change',
      id: '9',
      at: 'x',
      action: 'project.update',
      entityType: 'project',
      entityId: 'p',
      actor: null,
    }
    const r = read(
      () =>
        sse(
          `retry: 2000\n\n: heartbeat\n\nevent: change\nid: 9\ndata: ${JSON.stringify(change)}\n\n` +
            `event: odd\ndata: {"type":"odd"}\n\ndata: not json\n\nevent: resync\ndata: {"type":"resync"}\n\n`,
        ),
      '8',
    )
    await r.done
    expect(r.opened()).toBe(true)
    expect(r.calls[0].headers).toMatchObject({ authorization: 'Bearer tok', 'last-event-id': '8' })
    expect(r.seen).toEqual([
      [change, '9'],
      [{ type: 'resync' }, undefined],
    ])
  })

  it('rejects with the refusal (401 and its message) or with a network ApiError when nothing answers', async () => {
    const refused = read(
      () =>
        new Response(JSON.stringify({ success: false, message: 'This session has been signed out' }), { status: 401 }),
    )
    await expect(refused.done).rejects.toMatchObject({ status: 401, message: 'This session has been signed out' })
    expect(refused.opened()).toBe(false)
    const down = read(() => Promise.reject(new TypeError('fetch failed')))
    const error = await down.done.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'network' })
  })
})
