/**
 * The dependency manifests of a report as a CycloneDX 1.6 SBOM (JSON), built with
 * @cyclonedx/cyclonedx-library's models and serializer; package URLs from packageurl-js.
 */
import * as CDX from '@cyclonedx/cyclonedx-library'
import { PackageURL } from 'packageurl-js'
import type { Dependency, Ecosystem, Manifest, SourceReport } from '../../../src/api/schemas/source-report'

const PURL_TYPE: Record<Ecosystem, string> = {
  npm: 'npm',
  pypi: 'pypi',
  maven: 'maven',
  golang: 'golang',
  composer: 'composer',
  gem: 'gem',
  nuget: 'nuget',
}

const EXACT = /^v?\d[\w.+-]*$/

/** Split a name into group (purl namespace) and name: '@scope/x', 'group:artifact', 'vendor/x', 'host/path/x'. */
function split(ecosystem: Ecosystem, full: string): { group?: string; name: string } {
  const at = ecosystem === 'maven' ? full.lastIndexOf(':') : full.lastIndexOf('/')
  return at > 0 ? { group: full.slice(0, at), name: full.slice(at + 1) } : { name: full }
}

function purlOf(ecosystem: Ecosystem, dep: Dependency): PackageURL | undefined {
  const { group: namespace, name } = split(ecosystem, dep.name)
  // A range ('^4.1.0', '>=2.31') names no one version: the purl then has none.
  const version = dep.version && EXACT.test(dep.version) ? dep.version : undefined
  try {
    return new PackageURL(PURL_TYPE[ecosystem], namespace, name, version)
  } catch {
    // A name packageurl-js refuses (empty, or not valid for its type) gets a component without a purl.
    return undefined
  }
}

function scopeOf(scope: string | undefined): CDX.Enums.ComponentScope | undefined {
  if (!scope) return CDX.Enums.ComponentScope.Required
  if (/^(dev|development|test)$/i.test(scope)) return CDX.Enums.ComponentScope.Excluded
  if (/^(optional|peer)$/i.test(scope)) return CDX.Enums.ComponentScope.Optional
  return undefined
}

const serializer = new CDX.Serialize.JsonSerializer(new CDX.Serialize.JSON.Normalize.Factory(CDX.Spec.Spec1dot6))

/**
 * The CycloneDX 1.6 JSON document (as a plain object) of the parsed manifests of `report`: one
 * library component per distinct package URL (or ecosystem, name and version when there is no
 * purl), all dependencies of the root component `name` (default 'source') at the report's commit.
 * Unparseable manifests contribute nothing. Never throws for a report that passed the contract.
 */
export function sbomOf(report: Pick<SourceReport, 'commit' | 'generatedAt' | 'manifests'>, name = 'source'): object {
  const bom = new CDX.Models.Bom()
  const root = new CDX.Models.Component(CDX.Enums.ComponentType.Application, name, {
    version: report.commit,
    bomRef: `root:${report.commit}`,
  })
  bom.metadata.component = root
  bom.metadata.timestamp = new Date(report.generatedAt)
  const seen = new Set<string>()
  for (const manifest of report.manifests.filter((m: Manifest) => m.status === 'parsed')) {
    for (const dep of manifest.dependencies) {
      const purl = purlOf(manifest.ecosystem, dep)
      const ref = purl?.toString() ?? `${manifest.ecosystem}:${dep.name}@${dep.version ?? ''}`
      if (seen.has(ref)) continue
      seen.add(ref)
      const { group, name } = split(manifest.ecosystem, dep.name)
      const component = new CDX.Models.Component(CDX.Enums.ComponentType.Library, name, {
        group,
        bomRef: ref,
        version: dep.version,
        purl: purl?.toString(),
        scope: scopeOf(dep.scope),
      })
      bom.components.add(component)
      root.dependencies.add(component.bomRef)
    }
  }
  return JSON.parse(serializer.serialize(bom, { sortLists: true })) as object
}
