/**
 * Hands a URL to the browser's own download ('Export CSV': a signed, expiring link whose
 * response says `Content-Disposition: attachment`), so the file streams to disk instead of
 * through the page's memory.
 */

/** Starts downloading `url` (same origin) as `filename` when the server names none. */
export function downloadUrl(url: string, filename = ''): void {
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * Saves `blob` as `filename` through an object URL (a download fetched with the access token,
 * which a plain link cannot carry: the SBOM). The URL is revoked once the click has handed it over.
 */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  try {
    downloadUrl(url, filename)
  } finally {
    // The download reads the URL after click() returns: revoke it on the next task, not now.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}
