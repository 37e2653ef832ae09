/** The part of s3rver (a local S3 server for tests, no bundled types) that tests/server/s3-server.ts uses. */
declare module 's3rver' {
  type Options = { port?: number; address?: string; directory: string; silent?: boolean; configureBuckets?: { name: string }[] }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
