/**
 * Dependency manifests found by file name, each parsed into its dependencies or listed as
 * 'unparseable' with the parser's message. JSON manifests (package.json, package-lock.json,
 * composer.json) are read here; the other formats in manifest-formats.ts. Manifests inside
 * node_modules/ belong to installed packages, not to the project, and are skipped.
 */
import type { Dependency, Ecosystem, Manifest } from '../../../src/api/schemas/source-report'
import * as formats from './manifest-formats'

/** Dependencies listed per manifest; a lock file of a large app stays under this. */
export const DEPENDENCIES_MAX = 5000

const object = (value: unknown): Record<string, unknown> => {
  if (value === undefined) return {}
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected an object')
  return value as Record<string, unknown>
}
const json = (text: string) => object(JSON.parse(text) as unknown)

/** A map of name → version string (dependencies of package.json or composer.json). */
function versions(field: string, map: unknown, scope?: string): Dependency[] {
  let entries: [string, unknown][]
  try {
    entries = Object.entries(object(map))
  } catch {
    throw new Error(`${field} is not an object`)
  }
  return entries.map(([name, version]) => ({
    name,
    ...(typeof version === 'string' ? { version } : {}),
    ...(scope ? { scope } : {}),
  }))
}

function packageJson(text: string): Dependency[] {
  const doc = json(text)
  return [
    ...versions('dependencies', doc.dependencies),
    ...versions('devDependencies', doc.devDependencies, 'dev'),
    ...versions('optionalDependencies', doc.optionalDependencies, 'optional'),
    ...versions('peerDependencies', doc.peerDependencies, 'peer'),
  ]
}

const lockScope = (p: Record<string, unknown>) => (p.dev ? { scope: 'dev' } : p.optional ? { scope: 'optional' } : {})

function packageLock(text: string): Dependency[] {
  const doc = json(text)
  if (doc.packages !== undefined) {
    return Object.entries(object(doc.packages))
      .filter(([key]) => key.includes('node_modules/'))
      .map(([key, value]) => {
        const p = object(value)
        const version = typeof p.version === 'string' ? { version: p.version } : {}
        return { name: key.slice(key.lastIndexOf('node_modules/') + 13), ...version, ...lockScope(p) }
      })
  }
  // lockfileVersion 1: a nested tree of { version, dev, dependencies }.
  const out: Dependency[] = []
  const walk = (deps: unknown, depth: number) => {
    if (depth > 64) throw new Error('dependencies nested too deep')
    for (const [name, value] of Object.entries(object(deps))) {
      const p = object(value)
      out.push({ name, ...(typeof p.version === 'string' ? { version: p.version } : {}), ...lockScope(p) })
      walk(p.dependencies, depth + 1)
    }
  }
  walk(doc.dependencies, 0)
  return out
}

function composerJson(text: string): Dependency[] {
  const doc = json(text)
  // 'php' and 'ext-*' are the platform, not packages.
  const platform = (d: Dependency) => d.name !== 'php' && !d.name.startsWith('ext-')
  return [...versions('require', doc.require), ...versions('require-dev', doc['require-dev'], 'dev')].filter(platform)
}

type Kind = { ecosystem: Ecosystem; parse: (text: string) => Dependency[] }
const BY_NAME: Record<string, Kind> = {
  'package.json': { ecosystem: 'npm', parse: packageJson },
  'package-lock.json': { ecosystem: 'npm', parse: packageLock },
  'composer.json': { ecosystem: 'composer', parse: composerJson },
  'requirements.txt': { ecosystem: 'pypi', parse: formats.requirementsTxt },
  'pyproject.toml': { ecosystem: 'pypi', parse: formats.pyprojectToml },
  'pom.xml': { ecosystem: 'maven', parse: formats.pomXml },
  'build.gradle': { ecosystem: 'maven', parse: formats.buildGradle },
  'build.gradle.kts': { ecosystem: 'maven', parse: formats.buildGradle },
  'go.mod': { ecosystem: 'golang', parse: formats.goMod },
  Gemfile: { ecosystem: 'gem', parse: formats.gemfile },
}

/** The manifest kind of `path` by its file name, or null (also for anything under node_modules/). */
export function manifestKind(path: string): Kind | null {
  if (/(^|\/)node_modules\//.test(path)) return null
  const name = path.slice(path.lastIndexOf('/') + 1)
  if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name]
  return /\.csproj$/i.test(name) ? { ecosystem: 'nuget', parse: formats.csproj } : null
}

/**
 * Parse the manifest at `path`. `cut` says `text` is only the first part of the file (it was
 * larger than the manifest cap): it is then listed unparseable rather than half-read.
 */
export function parseManifest(path: string, kind: Kind, text: string, cut: boolean): Manifest {
  const base = { path, ecosystem: kind.ecosystem }
  if (cut) return { ...base, status: 'unparseable', error: 'larger than the manifest size limit', dependencies: [] }
  try {
    const dependencies = kind.parse(text)
    if (dependencies.length <= DEPENDENCIES_MAX) return { ...base, status: 'parsed', dependencies }
    const error = `only the first ${DEPENDENCIES_MAX} of ${dependencies.length} dependencies are listed`
    return { ...base, status: 'parsed', error, dependencies: dependencies.slice(0, DEPENDENCIES_MAX) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ...base, status: 'unparseable', error: message.slice(0, 300), dependencies: [] }
  }
}
