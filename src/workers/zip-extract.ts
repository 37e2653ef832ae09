/**
 * Reading a source ZIP (SPEC.md 5 "Source-file filtering", 8 "ZIP read errors"): the wrapping
 * folder (the first segment shared by every entry) is stripped, unsafe paths (zip slip), symlinks,
 * files the shared source filter excludes and paths git refuses (git-path.ts) are left out before
 * anything is decompressed; a `.gitattributes` git could not parse is left out after.
 * Runs inside the ZIP Web Worker (zip.worker.ts); pure apart from jszip, so tests call it in node.
 * Errors are jszip's own (e.g. 'Encrypted zip are not supported').
 */
import JSZip from 'jszip'
import { gitFileError, gitPathError } from '../api/schemas/git-path'
import { checkRelativePath, isSourceFile, stripFirstSegment } from '../api/schemas/source-filter'

/** One extracted file: repository path and bytes. */
export interface ExtractedFile {
  path: string
  data: ArrayBuffer
}

export interface ExtractedZip {
  files: ExtractedFile[]
  /** Entries left out: filtered, unsafe, refused by git or symlinks. */
  excluded: number
}

const S_IFMT = 0o170000
const S_IFLNK = 0o120000

/** True when every name has at least two segments and they all share the first one. */
function hasWrappingFolder(names: readonly string[]): boolean {
  if (names.length === 0) return false
  const first = (name: string) => name.replace(/\\/g, '/').split('/')[0]
  const root = first(names[0])
  return names.every((name) => name.replace(/\\/g, '/').includes('/') && first(name) === root)
}

/** Extracts the source files of a ZIP archive (bytes or Blob). */
export async function extractZip(data: ArrayBuffer | Uint8Array | Blob): Promise<ExtractedZip> {
  const zip = await JSZip.loadAsync(data, { createFolders: false })
  const entries = Object.values(zip.files).filter((entry) => !entry.dir)
  const strip = hasWrappingFolder(entries.map((e) => e.name))
  const files: ExtractedFile[] = []
  let excluded = 0
  for (const entry of entries) {
    const mode = typeof entry.unixPermissions === 'number' ? entry.unixPermissions : 0
    // jszip resolves `../` in names and keeps the raw one here: check what the archive really says.
    const raw = (entry as { unsafeOriginalName?: string }).unsafeOriginalName ?? entry.name
    const checked = checkRelativePath(strip ? stripFirstSegment(raw) : raw)
    if ((mode & S_IFMT) === S_IFLNK || !checked.ok || !isSourceFile(checked.path) || gitPathError(checked.path)) {
      excluded += 1
      continue
    }
    const bytes = await entry.async('arraybuffer')
    if (gitFileError(checked.path, new Uint8Array(bytes))) excluded += 1
    else files.push({ path: checked.path, data: bytes })
  }
  return { files, excluded }
}
