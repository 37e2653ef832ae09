/**
 * The S3 driver of object storage (object-storage.ts), AWS SDK v3, for AWS S3 or any compatible
 * server (MinIO, s3rver: S3_ENDPOINT + S3_FORCE_PATH_STYLE=1). Credentials come from the SDK's
 * default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles). A PUT of
 * one object is atomic on S3; bodies past 16 MB go up as a multipart upload (lib-storage Upload).
 * Checksums are computed only when an operation requires them: the flexible checksums (aws-chunked
 * trailers) of recent SDKs are not understood by local S3 servers.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { Readable } from 'node:stream'
import {
  assertValidKey,
  folderPrefix,
  type ObjectInfo,
  type ObjectStorage,
  type PresignOptions,
} from './object-storage'

/** Bodies larger than this (bytes) are sent as a multipart upload. */
export const MULTIPART_THRESHOLD_BYTES = 16 * 1024 * 1024
/** Part size of a streamed put (bytes; S3's smallest): a streamed put holds at most two parts. */
const STREAM_PART_BYTES = 5 * 1024 * 1024
/** Objects copied at once by movePrefix. */
const PARALLEL_COPIES = 8

/** Where the bucket is: name, optional endpoint URL, region, path-style addressing; credentials for tests. */
export type S3Settings = {
  bucket: string
  endpoint?: string
  region?: string
  forcePathStyle?: boolean
  credentials?: S3ClientConfig['credentials']
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/** Object storage in one S3 bucket (which must exist). */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const
  readonly bucket: string
  readonly client: S3Client

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
    this.client = new S3Client({
      region: settings.region ?? 'us-east-1',
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  async put(key: string, data: Uint8Array | string, opts: { contentType?: string } = {}): Promise<void> {
    assertValidKey(key)
    const body = typeof data === 'string' ? Buffer.from(data) : data
    const params = { Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType }
    if (body.byteLength > MULTIPART_THRESHOLD_BYTES) {
      await new Upload({ client: this.client, params, partSize: 8 * 1024 * 1024, queueSize: 4 }).done()
    } else {
      await this.client.send(new PutObjectCommand(params))
    }
  }

  async putStream(key: string, body: Readable, opts: { contentType?: string } = {}): Promise<void> {
    assertValidKey(key)
    // lib-storage reads `body` part by part: one PutObject when it ends within the first part, else
    // a multipart upload that it aborts when `body` errors, so no object appears from a failed stream.
    // Answer the body's own error, not that of the abort that followed it.
    let bodyError: unknown = null
    body.once('error', (error) => {
      bodyError = error
    })
    const params = { Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType }
    await new Upload({ client: this.client, params, partSize: STREAM_PART_BYTES, queueSize: 1 })
      .done()
      .catch((error: unknown) => {
        throw bodyError ?? error
      })
  }

  async movePrefix(from: string, to: string): Promise<void> {
    const [source, target] = [folderPrefix(from), folderPrefix(to)]
    if (!source || !target) throw new Error('movePrefix needs non-empty folders')
    const keys = (await this.list(source)).map((o) => o.key)
    let next = 0
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++]
        const copySource = `${this.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.bucket,
            Key: target + key.slice(source.length),
            CopySource: copySource,
          }),
        )
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL_COPIES, keys.length) }, worker))
    await this.removePrefix(source)
  }

  async size(key: string): Promise<number | null> {
    assertValidKey(key)
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return head.ContentLength ?? 0
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  private async getObject(key: string) {
    assertValidKey(key)
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    const object = await this.getObject(key)
    return object?.Body ? object.Body.transformToByteArray() : null
  }

  async stream(key: string) {
    const object = await this.getObject(key)
    if (!object?.Body) return null
    // In Node the SDK's body is an http.IncomingMessage (a Readable).
    return { body: object.Body as Readable, size: object.ContentLength ?? 0 }
  }

  async remove(key: string): Promise<void> {
    assertValidKey(key)
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async removePrefix(prefix: string): Promise<void> {
    const folder = folderPrefix(prefix)
    if (!folder) throw new Error('removePrefix needs a non-empty prefix')
    const keys = (await this.list(folder)).map((o) => o.key)
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000).map((Key) => ({ Key }))
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }))
    }
  }

  async list(prefix: string, opts: { shallow?: boolean } = {}): Promise<ObjectInfo[]> {
    const folder = folderPrefix(prefix)
    const found: ObjectInfo[] = []
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder || undefined,
          Delimiter: opts.shallow ? '/' : undefined,
          ContinuationToken: token,
        }),
      )
      for (const o of page.Contents ?? []) {
        if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) })
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return found
  }

  async presignedGetUrl(key: string, opts: PresignOptions): Promise<string> {
    assertValidKey(key)
    const disposition =
      opts.fileName === undefined ? undefined : `attachment; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: disposition,
      ResponseContentType: opts.contentType,
    })
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresInS })
  }

  /** HeadBucket: the bucket exists and these credentials may use it. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
  }
}
