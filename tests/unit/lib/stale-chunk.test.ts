import { describe, expect, it } from 'vitest'
import { failedFile, handleStaleChunk, STALE_CHUNK_MARKER } from '../../../src/lib/stale-chunk'

function browser(answers: boolean, marker?: string) {
  const stored = new Map<string, string>(marker ? [[STALE_CHUNK_MARKER, marker]] : [])
  let reloads = 0
  return {
    deps: {
      storage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v),
      },
      serverAnswers: () => Promise.resolve(answers),
      reload: () => void reloads++,
    },
    marker: () => stored.get(STALE_CHUNK_MARKER),
    reloads: () => reloads,
  }
}

const gone = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1:8080/assets/orders-list.view-BR-MzGV5.js',
)

describe('stale chunks after a deploy', () => {
  it('names the file of an import or CSS preload failure, else keeps the message', () => {
    expect(failedFile(gone)).toBe('http://127.0.0.1:8080/assets/orders-list.view-BR-MzGV5.js')
    expect(failedFile(new Error('Unable to preload CSS for /assets/orders-list-BhkBNE2C.css'))).toBe(
      '/assets/orders-list-BhkBNE2C.css',
    )
    expect(failedFile('odd')).toBe('odd')
  })

  it('reloads once when the server answers, remembering the file', async () => {
    const b = browser(true)
    expect(await handleStaleChunk(gone, b.deps)).toBe('reload')
    expect(b.reloads()).toBe(1)
    expect(b.marker()).toBe(failedFile(gone))
  })

  it('does not reload again for the same file: the error view stays', async () => {
    const b = browser(true, failedFile(gone))
    expect(await handleStaleChunk(gone, b.deps)).toBe('shown')
    expect(b.reloads()).toBe(0)
  })

  it('reloads for another file even after one reload (a later deploy)', async () => {
    const b = browser(true, '/assets/old-chunk.js')
    expect(await handleStaleChunk(gone, b.deps)).toBe('reload')
    expect(b.reloads()).toBe(1)
  })

  it('does not reload when the server does not answer: that is a lost connection, not a deploy', async () => {
    const b = browser(false)
    expect(await handleStaleChunk(gone, b.deps)).toBe('offline')
    expect(b.reloads()).toBe(0)
    expect(b.marker()).toBeUndefined()
  })
})
