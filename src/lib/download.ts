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
