/**
 * Image intake: the type is decided by magic bytes, never by name or declared type (a PNG named
 * .webp is a PNG), then the image is decoded and re-encoded with sharp in the same format, which
 * drops EXIF/XMP/ICC metadata (GPS, camera) and rejects files that only look like images.
 */
import sharp from 'sharp'

export type ImageKind = { contentType: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' }

/** The image type by its first bytes, or null (JPEG FF D8 FF, PNG signature, RIFF....WEBP). */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16))
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { contentType: 'image/jpeg', ext: 'jpg' }
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { contentType: 'image/png', ext: 'png' }
  }
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return { contentType: 'image/webp', ext: 'webp' }
  }
  return null
}

/**
 * Re-encode `bytes` as `kind` without metadata (orientation applied first so the picture stays
 * upright). Throws when sharp cannot decode the image.
 */
export async function reencodeImage(bytes: Uint8Array, kind: ImageKind): Promise<Buffer> {
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate()
  if (kind.ext === 'jpg') return image.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
  if (kind.ext === 'png') return image.png({ compressionLevel: 9 }).toBuffer()
  return image.webp({ quality: 88 }).toBuffer()
}
