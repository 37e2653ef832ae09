/**
 * Pure helpers of the chunked source upload (SPEC.md 5 "Source-file filtering", 7 "Source and
 * image storage", 9): turning a folder selection into repository paths (first segment stripped,
 * filtered with the shared rules of src/api/schemas/source-filter.ts), chunks of 100 files, and the
 * figures the progress line shows (percent, MB with 2 decimals). No DOM or network access.
 */
import { gitPathError } from '../../api/schemas/git-path'
import { collisionMessage, pathCollisions } from '../../api/schemas/path-collisions'
import { checkRelativePath, isSourceFile, stripFirstSegment } from '../../api/schemas/source-filter'

/** Files per upload request (SPEC.md 9). */
export const CHUNK_SIZE = 100

/** One file to upload: its repository path (`src/a.ts`) and its bytes. */
export interface SourceFile {
  path: string
  file: Blob
}

/** One file that the server refused (SPEC.md 3 "Upload chunk response"). */
export interface FailedUpload {
  path: string
  error: string
}

/** What a folder input gives per file: the File and its `webkitRelativePath` (`MyApp/src/a.ts`). */
export interface FolderEntry {
  file: Blob
  relativePath: string
}

/** Result of a selection: the files kept, and how many were left out by the filter or as unsafe. */
export interface Selection {
  files: SourceFile[]
  excluded: number
}

/**
 * Folder selection → upload files: strips the selected folder's name (the first segment), drops
 * unsafe paths, files the source filter excludes and paths git refuses (`sub/.git`, git-path.ts).
 * Every other entry is kept, also one whose path another already has (`a\b` read as `a/b`): the
 * upload refuses such a selection by name (`selectionError`) rather than keep one of them.
 */
export function selectFromFolder(entries: readonly FolderEntry[]): Selection {
  const files: SourceFile[] = []
  let excluded = 0
  for (const entry of entries) {
    const checked = checkRelativePath(stripFirstSegment(entry.relativePath))
    if (!checked.ok || !isSourceFile(checked.path) || gitPathError(checked.path)) {
      excluded += 1
      continue
    }
    files.push({ path: checked.path, file: entry.file })
  }
  return { files, excluded }
}

/** Why the selected files cannot be uploaded as they are (paths a git tree cannot hold together), or null. */
export function selectionError(files: readonly SourceFile[]): string | null {
  const collisions = pathCollisions(files.map((f) => f.path))
  return collisions.length ? collisionMessage(collisions) : null
}

/** Number of chunks for `count` files (0 files → 0 chunks). */
export function chunkCount(count: number, size = CHUNK_SIZE): number {
  return Math.ceil(count / size)
}

/** The files of chunk `index` (0-based). */
export function chunkAt<T>(files: readonly T[], index: number, size = CHUNK_SIZE): T[] {
  return files.slice(index * size, (index + 1) * size)
}

/** Total size in bytes. */
export function totalBytes(files: readonly SourceFile[]): number {
  return files.reduce((sum, f) => sum + f.file.size, 0)
}

/** Whole percent of `done` out of `total` (0 when there is nothing to do). */
export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.round((done / total) * 100) : 0
}

/** Image types the Project Media picker accepts (SPEC.md 9). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** At most this many images per project. */
export const MAX_IMAGES = 5

/**
 * Keeps jpeg/png/webp files, capped to `room` (the slots left of 5). `overflow` counts images cut
 * by the cap, `wrongType` files of another type.
 */
export function acceptImages<T extends { type: string }>(
  files: readonly T[],
  room: number,
): { kept: T[]; overflow: number; wrongType: number } {
  const typed = files.filter((f) => (IMAGE_TYPES as readonly string[]).includes(f.type))
  const kept = typed.slice(0, Math.max(0, room))
  return { kept, overflow: typed.length - kept.length, wrongType: files.length - typed.length }
}

/** The image-count rule of Add Project (SPEC.md 5): 1 to 5 images. */
export function imageCountError(count: number): string | undefined {
  if (count < 1) return 'Please select at least 1 image (max 5).'
  if (count > MAX_IMAGES) return 'Maximum 5 images allowed.'
  return undefined
}
