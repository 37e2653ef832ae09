/**
 * Source-file filtering and path safety for folder and ZIP uploads (SPEC.md 5 "Source-file
 * filtering"). Pure: no node or DOM imports, so the client (before upload) and the server
 * (again, on every chunk) run the same rules.
 *
 * Precedence: an unsafe path is refused; an excluded folder anywhere in the path excludes the file
 * (a `package.json` inside node_modules is dependency code, not the project's manifest); an
 * always-kept name is kept even when its extension would be excluded; then OS files and excluded
 * extensions are dropped.
 */

/** Dependency, build, VCS, IDE, cache, virtual-environment and mobile build folders (case-insensitive). */
export const EXCLUDED_DIRS: ReadonlySet<string> = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  'build',
  'dist',
  'out',
  'target',
  'coverage',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.output',
  '.vercel',
  '.git',
  '.svn',
  '.hg',
  '.idea',
  '.vscode',
  '.vs',
  '.fleet',
  '.cache',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.parcel-cache',
  '.turbo',
  '.gradle',
  '.sass-cache',
  '.eslintcache',
  'venv',
  '.venv',
  'env',
  'virtualenv',
  '.tox',
  'pods',
  'deriveddata',
  '.expo',
  '.dart_tool',
  'xcuserdata',
  '__macosx',
])

/** Operating-system clutter files (case-insensitive); names starting with `._` are excluded too. */
export const OS_FILES: ReadonlySet<string> = new Set([
  '.ds_store',
  'thumbs.db',
  'ehthumbs.db',
  'desktop.ini',
  '.directory',
])

/** Logs, temp and backup files, compiled or binary artifacts, models, archives and disk images. */
export const EXCLUDED_EXTENSIONS: ReadonlySet<string> = new Set([
  'log',
  'tmp',
  'temp',
  'swp',
  'swo',
  'bak',
  'old',
  'orig',
  'backup',
  'exe',
  'dll',
  'so',
  'dylib',
  'o',
  'obj',
  'a',
  'lib',
  'class',
  'pyc',
  'pyo',
  'pyd',
  'jar',
  'war',
  'apk',
  'aab',
  'ipa',
  'app',
  'bin',
  'msi',
  'deb',
  'rpm',
  'h5',
  'hdf5',
  'pt',
  'pth',
  'onnx',
  'ckpt',
  'safetensors',
  'pkl',
  'pickle',
  'tflite',
  'mlmodel',
  'weights',
  'gguf',
  'zip',
  'tar',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'rar',
  '7z',
  'zst',
  'iso',
  'img',
  'dmg',
  'vmdk',
  'vdi',
  'vhd',
  'qcow2',
])

/** Project manifests, lock files and platform manifests kept whatever their extension (lower-case). */
export const ALWAYS_KEPT_NAMES: ReadonlySet<string> = new Set([
  'package.json',
  'package-lock.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'npm-shrinkwrap.json',
  'composer.json',
  'composer.lock',
  'gemfile',
  'gemfile.lock',
  'requirements.txt',
  'pipfile',
  'pipfile.lock',
  'pyproject.toml',
  'poetry.lock',
  'cargo.toml',
  'cargo.lock',
  'go.mod',
  'go.sum',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'settings.gradle',
  'gradle.properties',
  'pubspec.yaml',
  'pubspec.lock',
  'podfile',
  'podfile.lock',
  'index.html',
  'main.js',
  'androidmanifest.xml',
  'info.plist',
  'manifest.json',
  'app.json',
  'dockerfile',
])

/** readme, changelog and license files in any spelling (README.md, LICENSE, CHANGELOG.txt...). */
const KEPT_PREFIX = /^(readme|changelog|changes|license|licence|copying)(\.[^/]*)?$/i

/** Result of the path-safety check: a normalised `a/b/c` path, or the reason it is refused. */
export type PathCheck = { ok: true; path: string } | { ok: false; error: string }

const MAX_PATH = 4096
const MAX_SEGMENT = 255

/**
 * Refuse paths that could escape the repository (zip slip) or that git cannot store: empty, NUL
 * or control characters, absolute (`/x`, `\\x`), drive letters (`C:`), `..` or `.` segments, empty
 * segments (`a//b`, trailing `/`). Backslashes are read as separators (Windows ZIPs), then checked.
 */
export function checkRelativePath(raw: string): PathCheck {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, error: 'Empty path' }
  if (raw.includes('\0')) return { ok: false, error: 'Path contains a NUL byte' }
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\x01-\x1f\x7f]/.test(raw)) return { ok: false, error: 'Path contains a control character' }
  if (raw.length > MAX_PATH) return { ok: false, error: 'Path is too long' }
  const path = raw.replace(/\\/g, '/')
  if (path.startsWith('/')) return { ok: false, error: 'Absolute paths are not allowed' }
  if (/^[a-zA-Z]:/.test(path)) return { ok: false, error: 'Drive letters are not allowed' }
  const segments = path.split('/')
  for (const segment of segments) {
    if (segment === '') return { ok: false, error: 'Empty path segment' }
    if (segment === '..') return { ok: false, error: 'Parent directory segments (..) are not allowed' }
    if (segment === '.') return { ok: false, error: 'Current directory segments (.) are not allowed' }
    if (segment.length > MAX_SEGMENT) return { ok: false, error: 'Path segment is too long' }
  }
  return { ok: true, path }
}

/** Why a file is left out of an upload, or null when it is kept. Expects a `/`-separated path. */
export function exclusionReason(path: string): string | null {
  const segments = path.split('/')
  const name = segments[segments.length - 1]
  for (const dir of segments.slice(0, -1)) {
    if (EXCLUDED_DIRS.has(dir.toLowerCase())) return `Excluded folder: ${dir}`
  }
  const lower = name.toLowerCase()
  if (ALWAYS_KEPT_NAMES.has(lower) || KEPT_PREFIX.test(name)) return null
  if (OS_FILES.has(lower) || name.startsWith('._')) return `Excluded system file: ${name}`
  if (name.endsWith('~')) return `Excluded backup file: ${name}`
  const dot = lower.lastIndexOf('.')
  const extension = dot > 0 ? lower.slice(dot + 1) : ''
  if (extension && EXCLUDED_EXTENSIONS.has(extension)) return `Excluded file type: .${extension}`
  return null
}

/** True when the file belongs in the repository (SPEC.md 5). */
export function isSourceFile(path: string): boolean {
  return exclusionReason(path) === null
}

/**
 * Drop the first path segment (the wrapping folder of a folder selection or ZIP):
 * `MyApp/src/a.ts` → `src/a.ts`. A path with one segment is returned unchanged.
 */
export function stripFirstSegment(path: string): string {
  const normalised = path.replace(/\\/g, '/').replace(/^\/+/, '')
  const slash = normalised.indexOf('/')
  return slash === -1 ? normalised : normalised.slice(slash + 1)
}
