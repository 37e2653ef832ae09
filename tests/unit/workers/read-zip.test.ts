/**
 * The ZIP worker over comlink, with a MessageChannel standing in for the Worker: the real worker
 * API extracts and filters, the reader turns the answer into upload files, the reader's own error
 * text comes through, and the worker is terminated after every read and on abort.
 */
import * as Comlink from 'comlink'
import JSZip from 'jszip'
import { describe, expect, it, vi } from 'vitest'
import { readZipInWorker } from '../../../src/workers/read-zip'
import { zipWorkerApi } from '../../../src/workers/zip-worker-api'

function channelWorker(api: object = zipWorkerApi) {
  const { port1, port2 } = new MessageChannel()
  Comlink.expose(api, port2)
  const terminate = vi.fn(() => {
    port1.close()
    port2.close()
  })
  return { worker: Object.assign(port1, { terminate }), terminate }
}

describe('readZipInWorker', () => {
  it('extracts through the worker API: wrapping folder stripped, filter applied, bytes kept', async () => {
    const zip = new JSZip()
    zip.file('App/src/index.ts', 'export {}')
    zip.file('App/node_modules/x/index.js', 'x')
    const blob = new Blob([await zip.generateAsync({ type: 'arraybuffer' })])
    const { worker, terminate } = channelWorker()
    const selection = await readZipInWorker(blob, undefined, () => worker)
    expect(selection.files.map((f) => f.path)).toEqual(['src/index.ts'])
    expect(await selection.files[0].file.text()).toBe('export {}')
    expect(selection.excluded).toBe(1)
    expect(terminate).toHaveBeenCalledTimes(1)
  })

  it("rejects with the reader's own text and still ends the worker", async () => {
    const { worker, terminate } = channelWorker()
    await expect(readZipInWorker(new Blob(['not a zip']), undefined, () => worker)).rejects.toThrow(/zip/i)
    expect(terminate).toHaveBeenCalledTimes(1)
  })

  it('terminates the worker as soon as the signal aborts, and does not start one when already aborted', async () => {
    const { worker, terminate } = channelWorker({ extract: () => new Promise(() => {}) })
    const controller = new AbortController()
    const read = readZipInWorker(new Blob(['x']), controller.signal, () => worker)
    controller.abort()
    await expect(read).rejects.toBeDefined()
    expect(terminate).toHaveBeenCalledTimes(1)
    const start = vi.fn()
    await expect(readZipInWorker(new Blob(['x']), controller.signal, start)).rejects.toBeDefined()
    expect(start).not.toHaveBeenCalled()
  })
})
