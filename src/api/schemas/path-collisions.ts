/**
 * Paths of one upload that a git tree cannot hold side by side: the same path twice, or a file
 * whose path is also the folder of another file (`dir` and `dir/file`). Committing such a set
 * would keep one of the files and drop the others without a word, so the server refuses it (400)
 * and the client checks its selection first. Paths are compared as git compares them, byte for
 * byte (case and Unicode form count), in the form `checkRelativePath` gives (`/`-separated).
 * Pure: the client and the server run the same rule.
 */

/** One collision: `path` is sent twice, or is a file and also a folder holding `other`. */
export type PathCollision = { path: string; kind: 'twice' } | { path: string; kind: 'fileAndFolder'; other: string }

/** Collisions named in a message before it says how many more there are. */
const NAMED = 5

/** The collisions among `paths` (normalised repository paths), in the order their paths first appear. */
export function pathCollisions(paths: readonly string[]): PathCollision[] {
  // The first file found under each folder, to name it beside a file of the folder's name.
  const folders = new Map<string, string>()
  for (const path of paths) {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const folder = path.slice(0, slash)
      if (!folders.has(folder)) folders.set(folder, path)
    }
  }
  const seen = new Set<string>()
  const reported = new Set<string>()
  const collisions: PathCollision[] = []
  for (const path of paths) {
    const twice = seen.has(path)
    seen.add(path)
    const inside = folders.get(path)
    if (reported.has(path) || (!twice && inside === undefined)) continue
    reported.add(path)
    collisions.push(inside === undefined ? { path, kind: 'twice' } : { path, kind: 'fileAndFolder', other: inside })
  }
  return collisions
}

/** The refusal naming the collisions, e.g. "Paths collide: dir (a file and a folder: dir/file), a.txt (twice)". */
export function collisionMessage(collisions: readonly PathCollision[]): string {
  const named = collisions
    .slice(0, NAMED)
    .map((c) => (c.kind === 'twice' ? `${c.path} (twice)` : `${c.path} (a file and a folder: ${c.other})`))
  const more = collisions.length > NAMED ? ` and ${collisions.length - NAMED} more` : ''
  return `Paths collide: ${named.join(', ')}${more}`
}
