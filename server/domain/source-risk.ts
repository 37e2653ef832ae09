/**
 * The risk weight of a source report (decision 046), in the manner of AMO's auto-approval weight:
 * each rule that applies adds points and says why; the weight is their sum. A moderator sorts the
 * queue by it, lowest first. Pure.
 */
import type { RiskReason, SourceReport } from '../../src/api/schemas/source-report'
import { inByteUnits } from '../../src/domain/byte-units'

const MiB = 1024 * 1024
/** A file from this size counts as huge (bytes). */
export const HUGE_FILE_BYTES = 10 * MiB

/** Points per rule; 'each' rules add per finding up to 'max'. */
export const RISK_POINTS = {
  secretFirst: 50,
  secretEach: 10,
  secretMax: 100,
  privateKey: 40,
  keystore: 30,
  envFile: 25,
  executableEach: 10,
  executableMax: 30,
  nodeModules: 10,
  gitMetadata: 5,
  binaryEach: 3,
  binaryMax: 30,
  noLicence: 20,
  unrecognisedLicence: 10,
  noReadme: 10,
  hugeFileEach: 10,
  hugeFileMax: 30,
  sizeOutOfBand: 15,
  unparseableManifestEach: 5,
  unparseableManifestMax: 15,
  analyserFailedEach: 10,
  truncated: 10,
} as const

/** Expected total source size per category (bytes), outside which a project is worth a look. */
export const SIZE_BANDS: Record<string, { min: number; max: number }> = {
  'Web Development': { min: 20 * 1024, max: 200 * MiB },
  'Mobile Development': { min: 20 * 1024, max: 300 * MiB },
  'AI/ML': { min: 5 * 1024, max: 500 * MiB },
  SaaS: { min: 20 * 1024, max: 300 * MiB },
  'Desktop App': { min: 20 * 1024, max: 300 * MiB },
  'Game Development': { min: 20 * 1024, max: 1024 * MiB },
  'Security Tools': { min: 5 * 1024, max: 200 * MiB },
}
const DEFAULT_BAND = { min: 5 * 1024, max: 500 * MiB }

/** Images, fonts, media and documents: binary by nature, no risk in themselves. */
const MEDIA = /\.(png|jpe?g|gif|webp|avif|bmp|ico|icns|tiff?|woff2?|ttf|otf|eot|mp3|mp4|wav|ogg|webm|mov|pdf)$/i

type RiskInput = Pick<SourceReport, 'files' | 'readme' | 'licence' | 'secrets' | 'manifests' | 'analyserErrors'>

const SIZE_NUMBER = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 })
/** A size in words, 1 KB = 1024 bytes as the console shows sizes: 419430400 → '400 MB'. */
function sizeText(bytes: number): string {
  const { value, unit } = inByteUnits(bytes)
  return `${SIZE_NUMBER.format(value)} ${unit}`
}

const capped = (count: number, each: number, max: number) => Math.min(count * each, max)
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * The weight and its reasons for `report`, judged against `category`'s size band (a category
 * without a band uses a wide default). Reasons come in a fixed order; points are integers ≥ 1.
 */
export function riskOf(report: RiskInput, category?: string): { weight: number; reasons: RiskReason[] } {
  const P = RISK_POINTS
  const reasons: RiskReason[] = []
  const add = (code: string, points: number, detail: string) => {
    if (points > 0) reasons.push({ code, points, detail })
  }
  const { files, secrets } = report
  if (secrets.length) {
    const points = Math.min(P.secretFirst + (secrets.length - 1) * P.secretEach, P.secretMax)
    add('secrets', points, `${plural(secrets.length, 'secret')}, first at ${secrets[0].path}:${secrets[0].line}`)
  }
  const of = (reason: string) => files.shouldNotShip.filter((f) => f.reason === reason)
  const first = (list: { path: string }[]) => list[0]?.path ?? ''
  if (of('private-key').length) add('private-key', P.privateKey, `private key ${first(of('private-key'))}`)
  if (of('keystore').length) add('keystore', P.keystore, `keystore ${first(of('keystore'))}`)
  if (of('env-file').length) add('env-file', P.envFile, `environment file ${first(of('env-file'))}`)
  const exes = of('executable')
  add('executables', capped(exes.length, P.executableEach, P.executableMax), `${plural(exes.length, 'executable')}`)
  if (of('node-modules').length)
    add('node-modules', P.nodeModules, `installed packages in ${first(of('node-modules'))}`)
  if (of('git-metadata').length) add('git-metadata', P.gitMetadata, `git metadata in ${first(of('git-metadata'))}`)
  const binaries = files.binaries.filter((b) => !MEDIA.test(b.path) && !exes.some((e) => e.path === b.path))
  add('binaries', capped(binaries.length, P.binaryEach, P.binaryMax), `${plural(binaries.length, 'binary file')}`)
  if (report.licence.status === 'none') add('no-licence', P.noLicence, 'no licence file')
  if (report.licence.status === 'unrecognised')
    add('unrecognised-licence', P.unrecognisedLicence, `${report.licence.path ?? 'licence'} matches no SPDX licence`)
  if (!report.readme) add('no-readme', P.noReadme, 'no README at the root')
  const huge = files.largest.filter((f) => f.bytes >= HUGE_FILE_BYTES)
  add(
    'huge-files',
    capped(huge.length, P.hugeFileEach, P.hugeFileMax),
    `${plural(huge.length, 'file')} of 10 MiB or more`,
  )
  const band = (category && SIZE_BANDS[category]) || DEFAULT_BAND
  if (files.totalBytes < band.min || files.totalBytes > band.max)
    add(
      'size-out-of-band',
      P.sizeOutOfBand,
      `${sizeText(files.totalBytes)} in all, expected ${sizeText(band.min)}–${sizeText(band.max)}`,
    )
  const bad = report.manifests.filter((m) => m.status === 'unparseable')
  add(
    'unparseable-manifests',
    capped(bad.length, P.unparseableManifestEach, P.unparseableManifestMax),
    `${plural(bad.length, 'manifest')} not parseable`,
  )
  const failed = report.analyserErrors.length
  add('analyser-failed', failed * P.analyserFailedEach, `${plural(failed, 'analyser')} failed`)
  if (files.truncated) add('truncated', P.truncated, 'the tree exceeded the report limits')
  return { weight: reasons.reduce((sum, r) => sum + r.points, 0), reasons }
}
