/**
 * The source report's transport helpers: the SBOM's file name as the server names it, and the
 * report keys nested under the project's detail key so a live change of the project refreshes them.
 */
import { describe, expect, it } from 'vitest'
import { projectKeys } from '../../../src/api/projects'
import { sbomFileName, sourceReportKeys } from '../../../src/api/source-report'

describe('source report transport', () => {
  it("names the SBOM after the commit's first 12 characters", () => {
    expect(sbomFileName('0123456789abcdef'.repeat(2) + '01234567')).toBe('sbom-0123456789ab.cdx.json')
    expect(sbomFileName(undefined)).toBe('sbom.cdx.json')
  })

  it("keys every report of a project under the project's detail key", () => {
    const detail = projectKeys.detail('p1')
    for (const key of [
      sourceReportKeys.all('p1'),
      sourceReportKeys.report('p1', null),
      sourceReportKeys.report('p1', 'c'),
    ])
      expect(key.slice(0, detail.length)).toEqual([...detail])
    expect(sourceReportKeys.report('p1', null)).not.toEqual(sourceReportKeys.report('p1', 'c'))
  })
})
