import { describe, expect, it } from 'vitest'
import { selectFromFolder, selectionError } from '../../../src/machines/shared/upload-files.rules'

describe('selectFromFolder', () => {
  it('skips paths git refuses (a submodule .git file, .git aliases, .gitmodules) and counts them as excluded', () => {
    const paths = [
      'App/src/a.ts',
      'App/lib/.git',
      'App/.git./config',
      'App/GIT~1/config',
      'App/.gitmodules',
      'App/.gitignore',
    ]
    const { files, excluded } = selectFromFolder(paths.map((relativePath) => ({ relativePath, file: new Blob(['x']) })))
    expect(files.map((f) => f.path)).toEqual(['src/a.ts', '.gitignore'])
    expect(excluded).toBe(4)
  })

  it('keeps every file whose path another has (a backslash read as a folder), so the upload names them', () => {
    const { files } = selectFromFolder(
      ['App/a\\b.txt', 'App/a/b.txt', 'App/c.txt'].map((relativePath) => ({ relativePath, file: new Blob(['x']) })),
    )
    expect(files.map((f) => f.path)).toEqual(['a/b.txt', 'a/b.txt', 'c.txt'])
    expect(selectionError(files)).toBe('Paths collide: a/b.txt (twice)')
    expect(selectionError(files.slice(1))).toBeNull()
  })
})
