/**
 * The object-storage contract (server/services/storage/object-storage.ts), one suite run against
 * both drivers: the local folder and S3 (s3rver on a free loopback port, tests/server/s3-server.ts).
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalObjectStorage } from '../../../../server/services/storage/local-storage'
import type { ObjectStorage } from '../../../../server/services/storage/object-storage'
import { S3ObjectStorage, type S3Settings } from '../../../../server/services/storage/s3-storage'
import { startLocalS3 } from '../../s3-server'

type Driver = { storage: ObjectStorage; close: () => Promise<void>; settings?: S3Settings }

const drivers: [string, () => Promise<Driver>][] = [
  [
    'local',
    async () => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-'))
      return {
        storage: new LocalObjectStorage(path.join(root, 'files')),
        close: () => fs.rm(root, { recursive: true, force: true }),
      }
    },
  ],
  ['s3', startLocalS3],
]

const bytes = (s: string) => new Uint8Array(Buffer.from(s))
const MB = 1024 * 1024
/** A stream of `pieces` 1 MB pieces of `fill`, then the end, or `failWith` instead of the end. */
function pieces(count: number, fill: number, failWith?: Error): Readable {
  let sent = 0
  return new Readable({
    read() {
      if (sent < count) return void (sent++, this.push(Buffer.alloc(MB, fill)))
      if (failWith) this.destroy(failWith)
      else this.push(null)
    },
  })
}
const decode = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString())

describe.each(drivers)('object storage: %s driver', (kind, open) => {
  let driver: Driver
  let storage: ObjectStorage
  beforeAll(async () => {
    driver = await open()
    storage = driver.storage
  })
  afterAll(() => driver.close())

  it('puts, reads back (whole and streamed), sizes and overwrites', async () => {
    await storage.put('images/p1/a.png', bytes('first'), { contentType: 'image/png' })
    expect(decode(await storage.get('images/p1/a.png'))).toBe('first')
    expect(await storage.size('images/p1/a.png')).toBe(5)
    await storage.put('images/p1/a.png', 'second!')
    expect(decode(await storage.get('images/p1/a.png'))).toBe('second!')
    const streamed = await storage.stream('images/p1/a.png')
    expect(streamed?.size).toBe(7)
    expect(await text(streamed!.body)).toBe('second!')
  })

  it('lists and removes a folder of more than 1,000 keys (S3 answers listings in pages of 1,000)', async () => {
    const keys = Array.from({ length: 1010 }, (_, i) => `uploads/many/u/blob-${String(i).padStart(4, '0')}`)
    for (let i = 0; i < keys.length; i += 101)
      await Promise.all(keys.slice(i, i + 101).map((key) => storage.put(key, 'x')))
    expect((await storage.list('uploads/many')).map((o) => o.key).sort()).toEqual(keys)
    await storage.removePrefix('uploads/many')
    expect(await storage.list('uploads/many')).toEqual([])
  })

  it('streams a put: the object appears whole at the end; a stream that fails stores nothing', async () => {
    // 7 MB crosses S3's 5 MB part: the multipart path, whose parts are aborted on failure.
    await storage.putStream('uploads/sp/x/0', pieces(7, 3))
    const stored = await storage.get('uploads/sp/x/0')
    expect(stored?.length).toBe(7 * MB)
    expect(stored?.every((b) => b === 3)).toBe(true)
    for (const count of [0, 1, 7]) {
      const key = `uploads/sp/x/failed-${count}`
      await expect(storage.putStream(key, pieces(count, 4, new Error('client went away')))).rejects.toThrow(
        'client went away',
      )
      expect(await storage.size(key)).toBeNull()
    }
    await storage.putStream('uploads/sp/x/0', pieces(1, 5))
    expect((await storage.get('uploads/sp/x/0'))?.length).toBe(MB)
    expect((await storage.list('uploads/sp/x')).map((o) => o.key)).toEqual(['uploads/sp/x/0'])
    await storage.removePrefix('uploads/sp')
  })

  it('moves a folder to a new name; moving an empty folder is no error', async () => {
    await storage.put('uploads/_incoming/m1/0', 'zero')
    await storage.put('uploads/_incoming/m1/1', 'one')
    await storage.put('uploads/_incoming/m10/0', 'neighbour')
    await storage.movePrefix('uploads/_incoming/m1', 'uploads/p5/u1/blobs-0-ab')
    expect(await storage.list('uploads/_incoming/m1')).toEqual([])
    expect((await storage.list('uploads/p5')).map((o) => o.key).sort()).toEqual([
      'uploads/p5/u1/blobs-0-ab/0',
      'uploads/p5/u1/blobs-0-ab/1',
    ])
    expect(decode(await storage.get('uploads/p5/u1/blobs-0-ab/1'))).toBe('one')
    expect(decode(await storage.get('uploads/_incoming/m10/0'))).toBe('neighbour')
    await storage.movePrefix('uploads/_incoming/none', 'uploads/p5/u1/blobs-1-cd')
    expect(await storage.list('uploads/p5/u1/blobs-1-cd')).toEqual([])
    await storage.removePrefix('uploads')
  })

  it('answers null for a missing key and removes idempotently', async () => {
    expect(await storage.get('images/none/x.png')).toBeNull()
    expect(await storage.size('images/none/x.png')).toBeNull()
    expect(await storage.stream('images/none/x.png')).toBeNull()
    await storage.put('reports/p1/r.docx', bytes('report'))
    await storage.remove('reports/p1/r.docx')
    await storage.remove('reports/p1/r.docx')
    expect(await storage.size('reports/p1/r.docx')).toBeNull()
  })

  it('lists a folder with sizes and last-modified, and removes a folder but not its namesake neighbour', async () => {
    const before = Date.now() - 2000
    await storage.put('uploads/p2/u1/chunk-0.json', '{}')
    await storage.put('uploads/p2/u1/blobs-0-ab/0', bytes('abc'))
    await storage.put('uploads/p20/u1/chunk-0.json', '{}')
    const listed = (await storage.list('uploads/p2')).sort((a, b) => a.key.localeCompare(b.key))
    expect(listed.map((o) => [o.key, o.size])).toEqual([
      ['uploads/p2/u1/blobs-0-ab/0', 3],
      ['uploads/p2/u1/chunk-0.json', 2],
    ])
    for (const o of listed) expect(o.lastModified.getTime()).toBeGreaterThan(before)
    expect((await storage.list('')).map((o) => o.key)).toContain('uploads/p20/u1/chunk-0.json')
    expect((await storage.list('uploads/p2/u1', { shallow: true })).map((o) => o.key)).toEqual([
      'uploads/p2/u1/chunk-0.json',
    ])
    await storage.removePrefix('uploads/p2')
    expect(await storage.list('uploads/p2')).toEqual([])
    expect((await storage.list('uploads/p20')).map((o) => o.key)).toEqual(['uploads/p20/u1/chunk-0.json'])
    expect(await storage.list('nothing/here')).toEqual([])
  })

  it('refuses keys that are absolute, climb, are empty or hold NUL', async () => {
    for (const key of ['/etc/passwd', '../x', 'images/../../x', 'a//b', '', 'a/./b', 'a\0b', 'a\\b']) {
      await expect(storage.put(key, 'x'), key).rejects.toThrow('Invalid storage key')
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key')
    }
    await expect(storage.removePrefix('../')).rejects.toThrow()
    await expect(storage.removePrefix('')).rejects.toThrow()
  })

  it('answers ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined()
  })

  it(
    kind === 's3' ? 'presigns a GET link that fetches the bytes as an attachment' : 'has no presigned links',
    async () => {
      await storage.put('reports/p3/r.docx', bytes('word bytes'))
      const url = await storage.presignedGetUrl('reports/p3/r.docx', {
        expiresInS: 600,
        fileName: 'Report 1.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      })
      if (kind === 'local') return expect(url).toBeNull()
      expect(url).toMatch(/X-Amz-Expires=600/)
      const response = await fetch(url!)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''Report%201.docx`)
      expect(await response.text()).toBe('word bytes')
    },
  )

  it.runIf(kind === 's3')('sends a large body as a multipart upload', async () => {
    const big = new Uint8Array(17 * 1024 * 1024).fill(7)
    await storage.put('reports/p4/big.bin', big)
    expect(await storage.size('reports/p4/big.bin')).toBe(big.length)
    expect(Buffer.from((await storage.get('reports/p4/big.bin'))!).equals(big)).toBe(true)
    expect(storage).toBeInstanceOf(S3ObjectStorage)
  })

  it.runIf(kind === 's3')('fails ping for a bucket that does not exist', async () => {
    const elsewhere = new S3ObjectStorage({ ...driver.settings!, bucket: 'no-such-bucket' })
    await expect(elsewhere.ping()).rejects.toThrow()
    elsewhere.client.destroy()
  })
})
