import { describe, expect, it } from 'vitest'
import { checkRelativePath } from '../../../../src/api/schemas/source-filter'

describe('path safety (zip slip)', () => {
  it.each([
    ['', 'Empty path'],
    ['/etc/passwd', 'Absolute paths are not allowed'],
    ['\\\\server\\share\\x', 'Absolute paths are not allowed'],
    ['C:/Windows/x.txt', 'Drive letters are not allowed'],
    ['c:evil.txt', 'Drive letters are not allowed'],
    ['../evil.txt', 'Parent directory segments (..) are not allowed'],
    ['src/../../evil.txt', 'Parent directory segments (..) are not allowed'],
    ['src\\..\\..\\evil.txt', 'Parent directory segments (..) are not allowed'],
    ['a//b.txt', 'Empty path segment'],
    ['src/', 'Empty path segment'],
    ['./a.txt', 'Current directory segments (.) are not allowed'],
    ['a\0.txt', 'Path contains a NUL byte'],
    ['a\n.txt', 'Path contains a control character'],
    [`${'x'.repeat(256)}.txt`, 'Path segment is too long'],
  ])('refuses %j', (path, error) => {
    expect(checkRelativePath(path)).toEqual({ ok: false, error })
  })

  it('accepts and normalises safe paths', () => {
    expect(checkRelativePath('src/index.ts')).toEqual({ ok: true, path: 'src/index.ts' })
    expect(checkRelativePath('src\\win\\a.ts')).toEqual({ ok: true, path: 'src/win/a.ts' })
    expect(checkRelativePath('..hidden/a..b.txt')).toEqual({ ok: true, path: '..hidden/a..b.txt' })
    expect(checkRelativePath('名前/файл.txt')).toEqual({ ok: true, path: '名前/файл.txt' })
  })
})
