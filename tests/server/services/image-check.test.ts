/**
 * Image type by sharp's decoder (SPEC.md 9: jpeg, png, webp), never by name: real images made
 * with sharp are recognised, a text file renamed .png and a GIF are not.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageKind, reencodeImage } from '../../../server/services/image-check'

const pixel = () => sharp({ create: { width: 4, height: 3, channels: 3, background: { r: 200, g: 40, b: 10 } } })

describe('imageKind', () => {
  it('recognises PNG, JPEG and WebP by their content', async () => {
    expect(await imageKind(await pixel().png().toBuffer())).toEqual({ contentType: 'image/png', ext: 'png' })
    expect(await imageKind(await pixel().jpeg().toBuffer())).toEqual({ contentType: 'image/jpeg', ext: 'jpg' })
    expect(await imageKind(await pixel().webp().toBuffer())).toEqual({ contentType: 'image/webp', ext: 'webp' })
  })

  it('refuses a text file renamed to .png, a GIF and empty bytes', async () => {
    const text = new File(['just some notes, not a picture\n'], 'photo.png', { type: 'image/png' })
    expect(await imageKind(new Uint8Array(await text.arrayBuffer()))).toBeNull()
    expect(await imageKind(await pixel().gif().toBuffer())).toBeNull()
    expect(await imageKind(new Uint8Array())).toBeNull()
  })

  it('re-encodes in the recognised format with the same size', async () => {
    const webp = await pixel().webp().toBuffer()
    const kind = await imageKind(webp)
    const out = await reencodeImage(webp, kind!)
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width: 4, height: 3 })
  })
})
