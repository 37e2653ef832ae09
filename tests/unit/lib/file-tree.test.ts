import { describe, expect, it } from 'vitest'
import { buildFileTree, visibleRows, type TreeRow } from '../../../src/lib/file-tree'

const files = [
  { path: 'src/b.ts', size: 10 },
  { path: 'README.md', size: 5 },
  { path: 'src/lib/file10.ts', size: 1 },
  { path: 'src/lib/file2.ts', size: 2 },
  { path: 'src/A.ts', size: 20 },
  { path: 'assets/logo.png', size: 100 },
]
const names = (rows: TreeRow[]) =>
  rows.map(
    (r) =>
      `${'  '.repeat(r.depth)}${r.kind === 'folder' ? `${r.folder.name}/ ${r.folder.fileCount} ${r.folder.bytes}` : r.file.name}`,
  )

describe('file tree', () => {
  it('sorts folders first, then files, by name with numbers in order, and totals every folder', () => {
    const root = buildFileTree(files)
    expect(root).toMatchObject({ fileCount: 6, bytes: 138 })
    expect(names(visibleRows(root, new Set()))).toEqual(['assets/ 1 100', 'src/ 4 33', 'README.md'])
    expect(names(visibleRows(root, new Set(['src', 'src/lib'])))).toEqual([
      'assets/ 1 100',
      'src/ 4 33',
      '  lib/ 2 3',
      '    file2.ts',
      '    file10.ts',
      '  A.ts',
      '  b.ts',
      'README.md',
    ])
  })

  it('keeps a collapsed folder closed even when a sub-folder is marked open', () => {
    expect(names(visibleRows(buildFileTree(files), new Set(['src/lib'])))).toEqual([
      'assets/ 1 100',
      'src/ 4 33',
      'README.md',
    ])
  })

  it('filters by path, case-insensitively, opening the folders that hold a match', () => {
    const root = buildFileTree(files)
    expect(names(visibleRows(root, new Set(), 'FILE1'))).toEqual(['src/ 4 33', '  lib/ 2 3', '    file10.ts'])
    expect(names(visibleRows(root, new Set(), 'readme'))).toEqual(['README.md'])
    expect(visibleRows(root, new Set(), 'nothing')).toEqual([])
  })
})
