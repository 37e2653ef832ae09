/**
 * Uploaded file names as the database keeps them (image alt text, report file names): a browser
 * may send any bytes, and PostgreSQL text refuses NUL (SQLSTATE 22021) and unpaired surrogates.
 * Pure.
 */

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/g
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * `name` without control characters and unpaired surrogates, whitespace-trimmed, at most `max`
 * UTF-16 units (255 by default, a file system's name limit): `'a\u0000b.png'` → `'ab.png'`.
 */
export function storedFileName(name: string, max = 255): string {
  return name.replace(CONTROL, '').replace(LONE_SURROGATE, '').trim().slice(0, max).replace(LONE_SURROGATE, '')
}

/** An image's default alt text: its stored file name without the extension (`'Front page.png'` → `'Front page'`). */
export function altFromFileName(name: string): string {
  return storedFileName(name).replace(/\.[^.]*$/, '')
}
