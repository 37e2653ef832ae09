/**
 * The bytes of one uploaded file on their way to the spool (intake.ts): counted, scanned
 * for git's `.gitattributes` line rule, and bounded. Past the per-file limit nothing more is passed
 * on but the counting goes on to the part's end, so the refusal can name the file's real size, and
 * the stream then fails, so the spool keeps nothing of it. A running total (the upload's bytes)
 * may stop it at once.
 */
import { Transform, type TransformCallback } from 'node:stream'
import { gitattributesLineScan } from '../../../src/api/schemas/git-path'

/** Thrown through the meter when the file passes its limit (caught by the intake, never answered as is). */
export class FileOverLimit extends Error {}

export class FileMeter extends Transform {
  /** Bytes seen so far (all of them, also past the limit). */
  size = 0
  private readonly scan = gitattributesLineScan()

  /**
   * `limitBytes`: the most stored of one file; `onBytes(n)` is told of every `n` bytes passed on
   * and may answer an error that fails the stream at once (the upload's total passed).
   */
  constructor(
    private readonly limitBytes: number,
    private readonly onBytes: (n: number) => Error | null = () => null,
  ) {
    super()
  }

  /** True when the file passed its limit. */
  get overLimit(): boolean {
    return this.size > this.limitBytes
  }

  /** True when a line of the file breaks git's `.gitattributes` rule (read once the stream has ended). */
  get longLine(): boolean {
    return this.scan.longLine
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length
    if (this.overLimit) return done()
    this.scan.push(chunk)
    done(this.onBytes(chunk.length), chunk)
  }

  override _flush(done: TransformCallback): void {
    this.scan.end()
    done(this.overLimit ? new FileOverLimit(`File passed ${this.limitBytes} bytes`) : null)
  }
}
