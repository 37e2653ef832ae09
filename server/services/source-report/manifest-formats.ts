/**
 * Dependency lists of the manifests that are not JSON: requirements.txt, pyproject.toml
 * (smol-toml), pom.xml and *.csproj (fast-xml-parser), and the line formats go.mod, Gemfile and
 * build.gradle. Each parser answers the dependencies or throws an Error saying what is wrong.
 */
import { parse as parseToml } from 'smol-toml'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { Dependency } from '../../../src/api/schemas/source-report'

const PEP508 = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(\(?[<>=!~][^;]*?\)?)?\s*(;.*)?$/

/** One PEP 508 requirement ('django>=4.2; python_version>"3.8"'): '==x' gives the version x. */
function requirement(spec: string, scope?: string): Dependency {
  const m = PEP508.exec(spec.trim())
  if (!m) throw new Error(`not a requirement: ${spec.slice(0, 80)}`)
  const range = m[3]?.replace(/[()\s]/g, '')
  const version = range?.startsWith('==') ? range.slice(2) : range || undefined
  return { name: m[1], ...(version ? { version } : {}), ...(scope ? { scope } : {}) }
}

export function requirementsTxt(text: string): Dependency[] {
  const deps: Dependency[] = []
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim()
    // Options (-r, -e, --hash), URLs and local paths name no package by itself.
    if (!line || line.startsWith('-') || /:\/\/|^[./]/.test(line)) continue
    try {
      deps.push(requirement(line))
    } catch (error) {
      throw new Error(`line ${i + 1}: ${(error as Error).message}`)
    }
  }
  return deps
}

const table = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

const poetry = (deps: unknown, scope?: string): Dependency[] =>
  Object.entries(table(deps))
    .filter(([name]) => name !== 'python')
    .map(([name, spec]) => {
      const version = typeof spec === 'string' ? spec : table(spec).version
      return { name, ...(typeof version === 'string' ? { version } : {}), ...(scope ? { scope } : {}) }
    })

export function pyprojectToml(text: string): Dependency[] {
  const doc = parseToml(text)
  const project = table(doc.project)
  const deps = (Array.isArray(project.dependencies) ? project.dependencies : []).map((d) => requirement(String(d)))
  for (const [group, list] of Object.entries(table(project['optional-dependencies'])))
    if (Array.isArray(list)) deps.push(...list.map((d) => requirement(String(d), group)))
  const tool = table(table(doc.tool).poetry)
  deps.push(...poetry(tool.dependencies), ...poetry(tool['dev-dependencies'], 'dev'))
  for (const [group, spec] of Object.entries(table(tool.group))) deps.push(...poetry(table(spec).dependencies, group))
  return deps
}

/** Entities are not expanded: a manifest has no need of them and expansion is a memory attack. */
const xml = new XMLParser({
  ignoreAttributes: false,
  processEntities: false,
  parseTagValue: false,
  isArray: (name) => ['dependency', 'ItemGroup', 'PackageReference'].includes(name),
})

function parseXml(text: string): Record<string, unknown> {
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new Error(`line ${valid.err.line}: ${valid.err.msg}`)
  return xml.parse(text) as Record<string, unknown>
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined)

export function pomXml(text: string): Dependency[] {
  const project = table(parseXml(text).project)
  const list = table(project.dependencies).dependency
  return (Array.isArray(list) ? list : []).map((d) => {
    const dep = table(d)
    const version = str(dep.version)
    const scope = str(dep.scope)
    return {
      name: `${str(dep.groupId) ?? ''}:${str(dep.artifactId) ?? ''}`,
      ...(version ? { version } : {}),
      ...(scope ? { scope } : {}),
    }
  })
}

export function csproj(text: string): Dependency[] {
  const groups = table(parseXml(text).Project).ItemGroup
  return (Array.isArray(groups) ? groups : []).flatMap((g) => {
    const refs = table(g).PackageReference
    return (Array.isArray(refs) ? refs : []).map((r) => {
      const ref = table(r)
      const version = str(ref['@_Version']) ?? str(ref.Version)
      return { name: str(ref['@_Include']) ?? '', ...(version ? { version } : {}) }
    })
  })
}

export function goMod(text: string): Dependency[] {
  const deps: Dependency[] = []
  let block = false
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const indirect = /\/\/\s*indirect\b/.test(raw)
    const line = raw.replace(/\/\/.*$/, '').trim()
    if (block && line === ')') block = false
    else if (/^require\s*\($/.test(line)) block = true
    else if (block || line.startsWith('require ')) {
      const m = /^(?:require\s+)?(\S+)\s+(v\S+)$/.exec(line)
      if (!m) throw new Error(`line ${i + 1}: not a requirement: ${line.slice(0, 80)}`)
      deps.push({ name: m[1], version: m[2], ...(indirect ? { scope: 'indirect' } : {}) })
    }
  }
  return deps
}

export function gemfile(text: string): Dependency[] {
  const deps: Dependency[] = []
  let group: string | undefined
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    const opened = /^group\s+:(\w+).*\bdo\b/.exec(line)
    if (opened) group = opened[1]
    else if (group && line === 'end') group = undefined
    const gem = /^gem\s+['"]([^'"]+)['"](?:\s*,\s*['"]([^'"]+)['"])?/.exec(line)
    if (gem) deps.push({ name: gem[1], ...(gem[2] ? { version: gem[2] } : {}), ...(group ? { scope: group } : {}) })
  }
  return deps
}

const GRADLE =
  /^\s*(implementation|api|compileOnly|runtimeOnly|testImplementation|testRuntimeOnly|annotationProcessor|kapt|classpath)\s*\(?\s*['"]([^'":\s]+):([^'":\s]+)(?::([^'"\s]+))?['"]/

export function buildGradle(text: string): Dependency[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const m = GRADLE.exec(line)
    return m ? [{ name: `${m[2]}:${m[3]}`, ...(m[4] ? { version: m[4] } : {}), scope: m[1] }] : []
  })
}
