/**
 * Image intake (SPEC.md 9: jpeg, png or webp). The type is what sharp's decoder recognises in the
 * bytes (`metadata().format`), never the name or the declared type (a PNG named .webp is a PNG);
 * then the image is decoded and re-encoded with sharp in the same format, which drops
 * EXIF/XMP/ICC metadata (GPS, camera) and rejects files that only look like images.
 */
import sharp from 'sharp'

export type ImageKind = { contentType: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' }

/** The accepted formats by sharp's format name. */
const KINDS: Partial<Record<string, ImageKind>> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
}
/** Larger images are refused before decoding (about 7000 × 7000). */
const MAX_PIXELS = 50_000_000

/** The image type of `bytes` by sharp's header parse, or null (another format, or not an image). */
export async function imageKind(bytes: Uint8Array): Promise<ImageKind | null> {
  try {
    const { format } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()
    return KINDS[format] ?? null
  } catch {
    return null
  }
}

/**
 * Re-encode `bytes` as `kind` without metadata (orientation applied first so the picture stays
 * upright). Throws when sharp cannot decode the image.
 */
export async function reencodeImage(bytes: Uint8Array, kind: ImageKind): Promise<Buffer> {
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate()
  if (kind.ext === 'jpg') return image.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
  if (kind.ext === 'png') return image.png({ compressionLevel: 9 }).toBuffer()
  return image.webp({ quality: 88 }).toBuffer()
}
