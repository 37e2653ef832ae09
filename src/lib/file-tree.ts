/**
 * A selection of files as a folder tree (Add Project's picked folder or ZIP, which may hold 1,000+
 * files): folders first, then files, each sorted by name as people read them (numbers in order,
 * case ignored), every folder with its file count and size in bytes. `visibleRows` flattens it for a
 * virtualized list: collapsed folders hide their contents; a filter shows the files whose path
 * contains it (case-insensitive) inside their folders, opened.
 */

/** A file of the tree: its full path, its name and its size in bytes. */
export type TreeFile = { path: string; name: string; size: number }
/** A folder: its path ('' for the root), name, sub-folders and files (sorted), and totals of everything below it. */
export type TreeFolder = {
  path: string
  name: string
  folders: TreeFolder[]
  files: TreeFile[]
  fileCount: number
  bytes: number
}
/** One row of the flattened tree: a folder (with whether it is open) or a file, at a depth (0 = top level). */
export type TreeRow =
  { kind: 'folder'; folder: TreeFolder; depth: number; open: boolean } | { kind: 'file'; file: TreeFile; depth: number }

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** The tree of `files` (paths separated by '/'; sizes in bytes). */
export function buildFileTree(files: readonly { path: string; size: number }[]): TreeFolder {
  type Draft = TreeFolder & { byName: Map<string, Draft> }
  const folder = (path: string, name: string): Draft => ({
    path,
    name,
    folders: [],
    files: [],
    fileCount: 0,
    bytes: 0,
    byName: new Map(),
  })
  const root = folder('', '')
  for (const file of files) {
    const parts = file.path.split('/')
    const name = parts.pop() ?? file.path
    let at = root
    at.fileCount++
    at.bytes += file.size
    for (const part of parts) {
      let next = at.byName.get(part)
      if (!next) {
        next = folder(at.path ? `${at.path}/${part}` : part, part)
        at.byName.set(part, next)
      }
      at = next
      at.fileCount++
      at.bytes += file.size
    }
    at.files.push({ path: file.path, name, size: file.size })
  }
  const finish = (draft: Draft): TreeFolder => ({
    path: draft.path,
    name: draft.name,
    folders: [...draft.byName.values()].map(finish).sort((a, b) => collator.compare(a.name, b.name)),
    files: draft.files.sort((a, b) => collator.compare(a.name, b.name)),
    fileCount: draft.fileCount,
    bytes: draft.bytes,
  })
  return finish(root)
}

/**
 * The rows to show: below the root, each folder then (when open) its contents. Without a filter a
 * folder is open when its path is in `open`; with one, only folders holding a matching file are
 * listed, all open, with their matching files.
 */
export function visibleRows(root: TreeFolder, open: ReadonlySet<string>, filter = ''): TreeRow[] {
  const needle = filter.trim().toLowerCase()
  const rows: TreeRow[] = []
  const matches = (file: TreeFile) => file.path.toLowerCase().includes(needle)
  const holdsMatch = (folder: TreeFolder): boolean => folder.files.some(matches) || folder.folders.some(holdsMatch)
  const walk = (folder: TreeFolder, depth: number) => {
    for (const child of folder.folders) {
      if (needle && !holdsMatch(child)) continue
      const isOpen = needle ? true : open.has(child.path)
      rows.push({ kind: 'folder', folder: child, depth, open: isOpen })
      if (isOpen) walk(child, depth + 1)
    }
    for (const file of folder.files) if (!needle || matches(file)) rows.push({ kind: 'file', file, depth })
  }
  walk(root, 0)
  return rows
}
