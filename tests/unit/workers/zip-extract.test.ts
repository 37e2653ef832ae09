import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { extractZip } from '../../../src/workers/zip-extract'

const text = (data: ArrayBuffer) => new TextDecoder().decode(data)

describe('extractZip', () => {
  it('strips the wrapping folder and applies the source filter before decompressing', async () => {
    const zip = new JSZip()
    zip.file('MyApp/package.json', '{}')
    zip.file('MyApp/src/index.ts', 'export {}')
    zip.file('MyApp/node_modules/x/index.js', 'x')
    zip.file('MyApp/debug.log', 'log')
    zip.file('MyApp/.DS_Store', '')
    const out = await extractZip(await zip.generateAsync({ type: 'uint8array' }))
    expect(out.files.map((f) => f.path).sort()).toEqual(['package.json', 'src/index.ts'])
    expect(text(out.files.find((f) => f.path === 'src/index.ts')!.data)).toBe('export {}')
    expect(out.excluded).toBe(3)
  })

  it('keeps paths when there is no single wrapping folder and refuses zip-slip and symlink entries', async () => {
    const zip = new JSZip()
    zip.file('README.md', '# hi')
    zip.file('src/a.ts', 'a')
    zip.file('../evil.sh', 'x')
    zip.file('link', 'target', { unixPermissions: 0o120777 })
    const out = await extractZip(await zip.generateAsync({ type: 'uint8array', platform: 'UNIX' }))
    expect(out.files.map((f) => f.path).sort()).toEqual(['README.md', 'src/a.ts'])
    expect(out.excluded).toBe(2)
  })

  it('leaves out paths git refuses (.git aliases, .gitmodules, an unparsable .gitattributes) and counts them', async () => {
    const zip = new JSZip()
    zip.file('src/a.ts', 'a')
    zip.file('.gitattributes', '* text=auto\n')
    for (const name of ['sub/.git', '.git./config', '.git /config', 'GIT~1/config', '.g\u200cit/HEAD', '.gitmodules']) {
      zip.file(name, 'x')
    }
    zip.file('docs/.gitattributes', `${'a'.repeat(3000)} binary\n`)
    const out = await extractZip(await zip.generateAsync({ type: 'uint8array' }))
    expect(out.files.map((f) => f.path).sort()).toEqual(['.gitattributes', 'src/a.ts'])
    expect(out.excluded).toBe(7)
  })

  it('rejects with the reader message for a corrupt archive', async () => {
    await expect(extractZip(new Uint8Array([80, 75, 3, 4, 1, 2, 3]))).rejects.toThrow(/zip/i)
  })
})
