/**
 * A local S3 server for tests: s3rver (npm) in a child process on a free loopback port, data in a
 * temp folder, one bucket created at start, and an S3ObjectStorage pointed at it. `close()` stops
 * it and removes the folder.
 *
 * Why a child process with `--openssl-legacy-provider`: s3rver makes the continuation token of a
 * truncated listing (more than 1,000 keys) with DES, which OpenSSL 3 (Node 17+) only offers
 * through its legacy provider; without it every listing past 1,000 keys answers 500
 * InternalError. The flag stays in that process; the tests and the servers run without it.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { S3ObjectStorage, type S3Settings } from '../../server/services/storage/s3-storage'

export type LocalS3 = {
  settings: S3Settings
  storage: S3ObjectStorage
  env: Record<string, string>
  close: () => Promise<void>
}

const S3RVER_BIN = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js')

/** Start s3rver with bucket `bucket`; the env record holds the matching S3_* and AWS_* variables. Rejects with its output if it does not come up in 20 s. */
export async function startLocalS3(bucket = 'console-test'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      S3RVER_BIN,
      '-d',
      directory,
      '-a',
      '127.0.0.1',
      '-p',
      '0',
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in 20 s:\n${output}`)), 20_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /S3rver listening on [\d.]+:(\d+)/.exec(output)
      if (listening) {
        clearTimeout(timer)
        resolve(Number(listening[1]))
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then(() => reject(new Error(`s3rver exited before listening:\n${output}`)))
  })
  // s3rver accepts the fixed key pair S3RVER/S3RVER.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
  }
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: settings.endpoint!,
    S3_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  }
  const storage = new S3ObjectStorage(settings)
  return {
    settings,
    storage,
    env,
    close: async () => {
      storage.client.destroy()
      child.kill('SIGTERM')
      await exited
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
