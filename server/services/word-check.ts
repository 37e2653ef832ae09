/**
 * Word document check by content (SPEC.md 5 "Reports"): a .docx is a ZIP (OOXML) holding
 * `[Content_Types].xml` and a `word/` part; a .doc is an OLE2 compound file (header D0 CF 11 E0
 * A1 B1 1A E1). Names and declared types are not trusted.
 */
import JSZip from 'jszip'

export type WordKind = { ext: 'docx' | 'doc'; contentType: string }

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/** The Word format of `bytes`, or null when it is neither a .docx nor a .doc. */
export async function sniffWord(bytes: Uint8Array): Promise<WordKind | null> {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 8))
  if (head.equals(OLE2)) return { ext: 'doc', contentType: 'application/msword' }
  if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) return null
  try {
    const zip = await JSZip.loadAsync(bytes)
    const names = Object.keys(zip.files)
    if (names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'))) {
      return { ext: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }
    }
  } catch {
    // Not a readable ZIP: not a .docx.
  }
  return null
}
