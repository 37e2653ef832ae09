/**
 * sbomOf: the manifests of a report as CycloneDX 1.6 JSON that passes the CycloneDX JSON schema
 * (the library's strict validator, ajv), one component per distinct package URL.
 */
import * as CDX from '@cyclonedx/cyclonedx-library'
import { describe, expect, it } from 'vitest'
import type { Manifest } from '../../../../src/api/schemas/source-report'
import { sbomOf } from '../../../../server/services/source-report/sbom'

const COMMIT = 'a'.repeat(40)
const MANIFESTS: Manifest[] = [
  {
    path: 'package.json',
    ecosystem: 'npm',
    status: 'parsed',
    dependencies: [
      { name: 'express', version: '4.21.2' },
      { name: '@types/node', version: '^20.0.0', scope: 'dev' },
    ],
  },
  {
    path: 'web/package.json',
    ecosystem: 'npm',
    status: 'parsed',
    dependencies: [{ name: 'express', version: '4.21.2' }],
  },
  {
    path: 'requirements.txt',
    ecosystem: 'pypi',
    status: 'parsed',
    dependencies: [{ name: 'django', version: '4.2.7' }],
  },
  {
    path: 'pom.xml',
    ecosystem: 'maven',
    status: 'parsed',
    dependencies: [{ name: 'org.slf4j:slf4j-api', version: '2.0.9', scope: 'test' }],
  },
  {
    path: 'go.mod',
    ecosystem: 'golang',
    status: 'parsed',
    dependencies: [{ name: 'github.com/gin-gonic/gin', version: 'v1.9.1' }],
  },
  { path: 'bad/package.json', ecosystem: 'npm', status: 'unparseable', error: 'x', dependencies: [] },
]

describe('sbomOf', () => {
  const sbom = sbomOf({ commit: COMMIT, generatedAt: '2026-11-28T10:00:00.000Z', manifests: MANIFESTS }, 'shop')

  it('validates against the CycloneDX 1.6 JSON schema', async () => {
    const validator = new CDX.Validation.JsonStrictValidator(CDX.Spec.Version.v1dot6)
    expect(await validator.validate(JSON.stringify(sbom))).toBeNull()
  })

  it('lists each package once with its purl and scope', () => {
    const doc = sbom as { components: Record<string, unknown>[]; metadata: { component: Record<string, unknown> } }
    expect(doc.metadata.component).toMatchObject({ type: 'application', name: 'shop', version: COMMIT })
    // The serializer orders components its own way; compared here in purl order.
    const rows = doc.components.map((c) => [c.purl, c.group, c.name, c.version, c.scope] as string[])
    expect(rows.sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ['pkg:golang/github.com/gin-gonic/gin@v1.9.1', 'github.com/gin-gonic', 'gin', 'v1.9.1', 'required'],
      ['pkg:maven/org.slf4j/slf4j-api@2.0.9', 'org.slf4j', 'slf4j-api', '2.0.9', 'excluded'],
      ['pkg:npm/%40types/node', '@types', 'node', '^20.0.0', 'excluded'],
      ['pkg:npm/express@4.21.2', undefined, 'express', '4.21.2', 'required'],
      ['pkg:pypi/django@4.2.7', undefined, 'django', '4.2.7', 'required'],
    ])
  })
})
