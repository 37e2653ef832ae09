/**
 * The README at the root of the tree (README.md first, as git-review.ts ranks them) and its first
 * heading: a Markdown ATX ('# Title') or setext ('Title' over '===') heading, else an AsciiDoc or
 * reStructuredText title, else null.
 */
import type { Readme } from '../../../src/api/schemas/source-report'
import type { TreeEntry } from './tree-listing'

const README = /^readme(\.(md|markdown|txt|rst|adoc))?$/i
const rank = (name: string) =>
  /\.md$/i.test(name) ? 0 : /\.markdown$/i.test(name) ? 1 : /^readme$/i.test(name) ? 2 : 3

/** The root README among `entries`, or undefined. */
export function readmeEntry(entries: TreeEntry[]): TreeEntry | undefined {
  return entries
    .filter((e) => !e.path.includes('/') && README.test(e.path))
    .sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path))[0]
}

const HEADING_MAX = 200

/** The first heading of `text`, trimmed and cut to 200 characters; null without one. */
export function firstHeading(text: string): string | null {
  const lines = text.split(/\r?\n/, 2000)
  let fenced = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    const atx = /^\s{0,3}(#{1,6}|={1,6})\s+(.+?)\s*#*\s*$/.exec(line)
    if (atx) return atx[2].slice(0, HEADING_MAX)
    const next = lines[i + 1] ?? ''
    if (line.trim() && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line)) {
      return line.trim().slice(0, HEADING_MAX)
    }
  }
  return null
}

/** The readme part for `entry` whose text (possibly a prefix) is `text`. */
export function readmeOf(entry: TreeEntry, text: string): Readme {
  return { path: entry.path, firstHeading: firstHeading(text), bytes: entry.size }
}
