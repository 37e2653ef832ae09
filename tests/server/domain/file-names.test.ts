import { describe, expect, it } from 'vitest'
import { altFromFileName, storedFileName } from '../../../server/domain/file-names'

describe('uploaded file names as stored', () => {
  it('drops control characters and unpaired surrogates PostgreSQL text refuses', () => {
    expect(storedFileName('a\u0000b.png')).toBe('ab.png')
    expect(storedFileName('re\u007Fport\n.docx')).toBe('report.docx')
    expect(storedFileName('x\ud800y.doc')).toBe('xy.doc')
    expect(storedFileName('ok \ud83d\ude00.doc')).toBe('ok \ud83d\ude00.doc')
  })

  it('trims and caps the length without splitting a surrogate pair', () => {
    expect(storedFileName('  name.png  ')).toBe('name.png')
    expect(storedFileName('a'.repeat(300)).length).toBe(255)
    expect(storedFileName(`${'a'.repeat(254)}\ud83d\ude00`)).toBe('a'.repeat(254))
  })

  it('makes the alt text from the name without its extension', () => {
    expect(altFromFileName('Front page.png')).toBe('Front page')
    expect(altFromFileName('a\u0000b.png')).toBe('ab')
  })
})
