/**
 * The streamed form of git's `.gitattributes` line rule: fed the same bytes in any pieces, it
 * agrees with a plain reading of fsck.c's rule over the whole file (lines end at `\n`, reading
 * stops at the first NUL, the last line needs no newline).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  GITATTRIBUTES_MAX_LINE,
  gitattributesLineScan,
  gitFileError,
  gitScannedFileError,
} from '../../../../src/api/schemas/git-path'

/** fsck.c's rule read over the whole buffer at once. */
function wholeHasLongLine(data: Uint8Array): boolean {
  const end = data.indexOf(0) === -1 ? data.length : data.indexOf(0)
  return Buffer.from(data.subarray(0, end))
    .toString('latin1')
    .split('\n')
    .some((line) => line.length >= GITATTRIBUTES_MAX_LINE)
}

/** Bytes made of runs of 'a', newlines and NULs, so lines near the bound are common. */
const files = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: GITATTRIBUTES_MAX_LINE + 2 }).map((n) => 'a'.repeat(n)),
      fc.constantFrom('\n', '\0', `${'b'.repeat(GITATTRIBUTES_MAX_LINE - 1)}`),
    ),
    { maxLength: 6 },
  )
  .map((parts) => new Uint8Array(Buffer.from(parts.join(''), 'latin1')))

describe('gitattributesLineScan', () => {
  it('agrees with the whole-file rule however the bytes are split', () => {
    fc.assert(
      fc.property(files, fc.array(fc.nat(), { maxLength: 5 }), (data, cuts) => {
        const scan = gitattributesLineScan()
        const at = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b)
        let start = 0
        for (const cut of [...at, data.length]) {
          scan.push(data.subarray(start, cut))
          start = cut
        }
        scan.end()
        expect(scan.longLine).toBe(wholeHasLongLine(data))
      }),
      { numRuns: 500 },
    )
  })

  it('applies the line rule only to .gitattributes and its aliases', () => {
    const long = new Uint8Array(Buffer.from('a'.repeat(GITATTRIBUTES_MAX_LINE)))
    expect(gitFileError('.gitattributes', long)).toBe("'.gitattributes' has a line of 2048 bytes or more")
    expect(gitScannedFileError('sub/GI7D29~1', true)).toBe("'GI7D29~1' has a line of 2048 bytes or more")
    expect(gitScannedFileError('notes.txt', true)).toBeNull()
    expect(gitScannedFileError('.gitattributes', false)).toBeNull()
    expect(gitScannedFileError('.git/x', false)).toBe("'.git' is reserved by git (.git)")
  })
})
