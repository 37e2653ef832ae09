/**
 * A local S3 server for tests (s3rver on a free loopback port, data in a temp folder) with one
 * bucket created, and an S3ObjectStorage pointed at it. `close()` stops it and removes the folder.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { S3ObjectStorage, type S3Settings } from '../../server/services/storage/s3-storage'

export type LocalS3 = { settings: S3Settings; storage: S3ObjectStorage; env: Record<string, string>; close: () => Promise<void> }

/** Start s3rver with bucket `bucket`; the env record holds the matching S3_* and AWS_* variables. */
export async function startLocalS3(bucket = 'console-test'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  // s3rver accepts the fixed key pair S3RVER/S3RVER.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const settings: S3Settings = { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials }
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: settings.endpoint!, S3_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey }
  const storage = new S3ObjectStorage(settings)
  return { settings, storage, env, close: async () => {
    storage.client.destroy()
    await server.close()
    await fs.rm(directory, { recursive: true, force: true })
  } }
}
