/**
 * Paths git itself refuses in a tree. Pure: the server refuses an upload chunk
 * naming such a path (400), the client skips it when reading a folder or ZIP. A port of git's
 * read-cache.c `verify_path` / `verify_dotfile` and path.c `is_ntfs_dotgit`, `is_hfs_dotgit`,
 * `is_ntfs_dot_generic`, applied as if `core.protectNTFS` and `core.protectHFS` were both on
 * (git fsck applies both everywhere), plus the fsck.c checks that look at names: a
 * `.gitmodules` or `.gitattributes` (or an NTFS/HFS alias) must be a blob, and the blob is parsed.
 * Stricter than git on purpose: backslashes separate components (Windows ZIPs), and any
 * `.gitmodules` is refused (uploads never contain submodules, and fsck's rules for its content
 * are git's own config parser). Tested against git 2.39 in tests/server/git-path.test.ts.
 * Windows-only rules of `is_valid_win32_path` (CON, AUX, `<>|?*`) are not applied: git accepts
 * those names on every other system and they are common in real source trees.
 */

/** fsck.c: `.gitattributes` lines of this many bytes or more fail `git fsck` (gitattributesLineLength). */
export const GITATTRIBUTES_MAX_LINE = 2048

/** Code points HFS+ ignores in file names (path.c next_hfs_char). */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g

const lowerAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())

/** From index `i` on, only spaces and periods up to the end or an alternate data stream `:`. */
function onlySpacesAndPeriods(name: string, i: number): boolean {
  for (; i < name.length; i++) {
    const c = name[i]
    if (c === ':') return true
    if (c !== ' ' && c !== '.') return false
  }
  return true
}

/**
 * path.c is_ntfs_dot_generic: `.{dotName}` with trailing spaces/periods or a `:stream`, its NTFS
 * short name (first 6 letters + `~1`..`~4`), or the fall-back short name (`{shortPrefix}~N`).
 */
function isNtfsDotGeneric(name: string, dotName: string, shortPrefix: string): boolean {
  const lower = lowerAscii(name)
  if (name[0] === '.' && lower.startsWith(dotName, 1)) return onlySpacesAndPeriods(name, dotName.length + 1)
  if (lower.startsWith(dotName.slice(0, 6)) && name[6] === '~' && name[7] >= '1' && name[7] <= '4') {
    return onlySpacesAndPeriods(name, 8)
  }
  let sawTilde = false
  for (let i = 0; i < 8; i++) {
    const c = name[i]
    if (c === undefined) return false
    if (sawTilde) {
      if (c < '0' || c > '9') return false
    } else if (c === '~') {
      i += 1
      if (!(name[i] >= '1' && name[i] <= '9')) return false
      sawTilde = true
    } else if (i >= 6 || c.charCodeAt(0) > 127 || lowerAscii(c) !== shortPrefix[i]) {
      return false
    }
  }
  return onlySpacesAndPeriods(name, 8)
}

/** `.git` as NTFS reads it: `.git.`, `.git `, `.git::$INDEX_ALLOCATION`, `git~1` (path.c is_ntfs_dotgit). */
function isNtfsDotGit(name: string): boolean {
  const lower = lowerAscii(name)
  return (
    (lower.startsWith('.git') && onlySpacesAndPeriods(name, 4)) ||
    (lower.startsWith('git~1') && onlySpacesAndPeriods(name, 5))
  )
}

/**
 * A name matched by an NTFS rule as it is, or once the code points HFS+ ignores are removed
 * (path.c is_hfs_dot_generic: `.g\u200cit` is `.git` on HFS+). The second reading also covers
 * mixes such as `\u200c.git.` that neither file system alone equates with `.git`: stricter.
 */
const asNtfsOrHfs = (name: string, ntfs: (name: string) => boolean) => ntfs(name) || ntfs(name.replace(HFS_IGNORED, ''))

const isDotGit = (name: string) => asNtfsOrHfs(name, isNtfsDotGit)
const isDotGitmodules = (name: string) => asNtfsOrHfs(name, (n) => isNtfsDotGeneric(n, 'gitmodules', 'gi7eba'))
const isDotGitattributes = (name: string) => asNtfsOrHfs(name, (n) => isNtfsDotGeneric(n, 'gitattributes', 'gi7d29'))

/**
 * Why git would refuse `path` as a file in a tree (`git update-index --add`, `git fsck --strict`,
 * checkout), or null when it is safe. `path` is the repository path (`src/a.ts`); `/` and `\`
 * both separate components. Messages name the rule, e.g. "'.git' is reserved by git".
 */
export function gitPathError(path: string): string | null {
  if (path.length === 0) return 'Empty path'
  if (path.includes('\0')) return 'Path contains a NUL byte'
  const components = path.split(/[/\\]/)
  for (const [i, name] of components.entries()) {
    if (name === '') return 'Empty path component'
    if (name === '.' || name === '..') return `'${name}' is not allowed as a path component`
    if (isDotGit(name)) return `'${name}' is reserved by git (.git)`
    if (isDotGitmodules(name)) return `'${name}' is not accepted (.gitmodules: uploads cannot contain submodules)`
    if (i < components.length - 1 && isDotGitattributes(name)) return `'${name}' must be a file (.gitattributes)`
  }
  return null
}

/**
 * The `.gitattributes` line rule of fsck.c, fed a file's bytes in order (a stream's pieces):
 * `longLine` is true when any line up to the first NUL byte (git reads no further) is
 * GITATTRIBUTES_MAX_LINE bytes or longer. Call `end()` after the last piece: the last line needs no newline.
 */
export function gitattributesLineScan() {
  let lineBytes = 0
  let stopped = false
  let longLine = false
  const close = () => {
    if (lineBytes >= GITATTRIBUTES_MAX_LINE) longLine = true
    lineBytes = 0
  }
  return {
    push(piece: Uint8Array): void {
      let start = 0
      while (!stopped && start < piece.length) {
        const nl = piece.indexOf(0x0a, start)
        const nul = piece.indexOf(0, start)
        const stop = nul !== -1 && (nl === -1 || nul < nl)
        const at = stop ? nul : nl
        if (at === -1) {
          lineBytes += piece.length - start
          return
        }
        lineBytes += at - start
        close()
        stopped = stop
        start = at + 1
      }
    },
    end(): void {
      if (!stopped) close()
      stopped = true
    },
    get longLine(): boolean {
      return longLine
    },
  }
}

/**
 * Why git fsck would refuse the file `path` whose bytes gave `longLine` (gitattributesLineScan):
 * the path rules of `gitPathError`, then a `.gitattributes` (or alias) with a line of
 * GITATTRIBUTES_MAX_LINE bytes or more. Null when git accepts it.
 */
export function gitScannedFileError(path: string, longLine: boolean): string | null {
  const pathError = gitPathError(path)
  if (pathError) return pathError
  const name = path.split(/[/\\]/).pop() ?? ''
  if (longLine && isDotGitattributes(name)) return `'${name}' has a line of ${GITATTRIBUTES_MAX_LINE} bytes or more`
  return null
}

/** `gitScannedFileError` for a file whose contents `data` are at hand. */
export function gitFileError(path: string, data: Uint8Array): string | null {
  const scan = gitattributesLineScan()
  scan.push(data)
  scan.end()
  return gitScannedFileError(path, scan.longLine)
}
