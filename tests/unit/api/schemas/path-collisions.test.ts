import { describe, expect, it } from 'vitest'
import { collisionMessage, pathCollisions } from '../../../../src/api/schemas/path-collisions'

describe('paths a git tree cannot hold side by side', () => {
  it('finds a path sent twice and a file that is also a folder, once each, in order', () => {
    expect(pathCollisions(['a.txt', 'src/x.ts', 'a.txt', 'a.txt'])).toEqual([{ path: 'a.txt', kind: 'twice' }])
    expect(pathCollisions(['dir', 'dir/file'])).toEqual([{ path: 'dir', kind: 'fileAndFolder', other: 'dir/file' }])
    expect(pathCollisions(['a/b/c.ts', 'a/b', 'x', 'x'])).toEqual([
      { path: 'a/b', kind: 'fileAndFolder', other: 'a/b/c.ts' },
      { path: 'x', kind: 'twice' },
    ])
    expect(pathCollisions(['a', 'a/b/c'])).toEqual([{ path: 'a', kind: 'fileAndFolder', other: 'a/b/c' }])
  })

  it('compares as git does: byte for byte, so case, Unicode form and near names are distinct', () => {
    expect(
      pathCollisions(['README.md', 'readme.md', 'caf\u00e9.txt', 'cafe\u0301.txt', 'dir.txt', 'dir/x', 'di', 'dirx/y']),
    ).toEqual([])
    expect(pathCollisions([])).toEqual([])
  })

  it('names at most five collisions and counts the rest', () => {
    const paths = Array.from({ length: 7 }, (_, i) => `f${i}`).flatMap((p) => [p, p])
    expect(collisionMessage(pathCollisions(paths))).toBe(
      'Paths collide: f0 (twice), f1 (twice), f2 (twice), f3 (twice), f4 (twice) and 2 more',
    )
    expect(collisionMessage(pathCollisions(['dir', 'dir/file', 'a.txt', 'a.txt']))).toBe(
      'Paths collide: dir (a file and a folder: dir/file), a.txt (twice)',
    )
  })
})
