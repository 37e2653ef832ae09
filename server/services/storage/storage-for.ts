/**
 * Which object storage the app uses: the S3 bucket when `S3_BUCKET` is set, else the
 * folder DATA_DIR/files. The upload staging lives in the same bucket under `uploads/`; with the
 * local driver it keeps its own folder DATA_DIR/uploads, so DATA_DIR/files holds only what is served.
 */
import path from 'node:path'
import type { Env } from '../../env'
import { LocalObjectStorage } from './local-storage'
import type { ObjectStorage } from './object-storage'
import { S3ObjectStorage } from './s3-storage'

/** The S3 driver from the S3_* variables, or null when `S3_BUCKET` is unset. */
export function s3StorageFromEnv(
  env: Pick<Env, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE'>,
): S3ObjectStorage | null {
  if (!env.S3_BUCKET) return null
  return new S3ObjectStorage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
  })
}

/** The app's storage of images and reports: S3 when configured, else DATA_DIR/files. */
export function createObjectStorage(env: Env): ObjectStorage {
  return s3StorageFromEnv(env) ?? new LocalObjectStorage(path.join(env.DATA_DIR, 'files'))
}

/** The storage the upload staging writes its `uploads/…` keys to: `storage` itself unless it is a local folder. */
export function stagingStorageFor(storage: ObjectStorage, env: Pick<Env, 'DATA_DIR'>): ObjectStorage {
  return storage.kind === 'local' ? new LocalObjectStorage(env.DATA_DIR) : storage
}
