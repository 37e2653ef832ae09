/**
 * What changed between two reports of a project: secrets and binaries that are new (by path and,
 * for secrets, rule and masked value, so a finding that only moved lines is not new), and a
 * licence whose SPDX id or status changed. Pure.
 */
import type { ReportChanges, SourceReport } from '../../../src/api/schemas/source-report'

type Compared = Pick<SourceReport, 'secrets' | 'licence' | 'files'>

/** The licence as one comparable label: the SPDX id when recognised, else the status. */
const licenceLabel = (licence: SourceReport['licence']) =>
  licence.status === 'recognised' ? (licence.spdxId ?? null) : licence.status === 'none' ? null : 'unrecognised'

/** Changes from `previous` to `current`. */
export function changesSince(previous: Compared, current: Compared): ReportChanges {
  const secretKey = (s: SourceReport['secrets'][number]) => `${s.rule}\u0000${s.path}\u0000${s.masked}`
  const before = new Set(previous.secrets.map(secretKey))
  const binariesBefore = new Set(previous.files.binaries.map((b) => b.path))
  const from = licenceLabel(previous.licence)
  const to = licenceLabel(current.licence)
  return {
    newSecrets: current.secrets.filter((s) => !before.has(secretKey(s))),
    licenceChanged: from === to ? null : { from, to },
    newBinaries: current.files.binaries.filter((b) => !binariesBefore.has(b.path)),
  }
}
