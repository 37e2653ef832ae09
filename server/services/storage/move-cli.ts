/**
 * `npm run storage:move`: copy the local blobs (DATA_DIR/files: images and reports; not the upload
 * staging) into the bucket of S3_BUCKET, skipping keys already there with the same size, and print
 * the counts. Run it once before switching servers to S3 (decision 019); it can be run again.
 * Exit code 1 with a message when S3_BUCKET is unset or the bucket does not answer.
 */
import path from 'node:path'
import { loadEnv } from '../../env'
import { LocalObjectStorage } from './local-storage'
import { moveObjects } from './move'
import { s3StorageFromEnv } from './storage-for'

async function main() {
  const env = loadEnv()
  const target = s3StorageFromEnv(env)
  if (!target) throw new Error('S3_BUCKET is not set: nothing to move the files to')
  await target.ping().catch((error: unknown) => {
    throw new Error(`Bucket ${target.bucket} does not answer: ${(error as Error).message}`)
  })
  const source = new LocalObjectStorage(path.join(env.DATA_DIR, 'files'))
  console.log(`Copying ${source.root} into s3://${target.bucket} ...`)
  const counts = await moveObjects(source, target)
  console.log(`Copied ${counts.copied} files (${counts.bytes} bytes), skipped ${counts.skipped} already present.`)
  target.client.destroy()
}

main().catch((error: unknown) => {
  console.error((error as Error).message)
  process.exit(1)
})
