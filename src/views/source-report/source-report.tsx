/**
 * The source report's pieces (decision 046), shared by project detail's Source report section
 * and triage: the language bar, the licence line, secrets (red, path:line, masked value), the
 * risk weight with its reasons, the compact report (those four) and the note on a report's
 * state. The full report is full-report.tsx. They render; fetching and actions are the caller's.
 */
import { KeyRound } from 'lucide-react'
import type {
  Languages,
  Licence,
  SecretFinding,
  SourceReport,
  SourceReportResponse,
} from '../../api/schemas/source-report'
import { Badge } from '../../components/badge'
import { Spinner } from '../../components/spinner'
import { formatBytes, formatCount, formatQuantity } from '../../lib/format'
import { formatShare, languageSegments, licenceText, licenceTone, riskTone, ruleName } from './report-format'
import './source-report.css'

type Risk = SourceReport['risk']

/** Stacked bar of the languages' shares with a legend (name and percent); vendored files noted apart. */
export function LanguageBar({ languages }: { languages: Languages }) {
  const segments = languageSegments(languages)
  if (segments.length === 0) return <p className="muted sr-text">No programming or markup languages found.</p>
  return (
    <div className="sr-langs" data-testid="source-languages">
      <div
        className="sr-langs__bar"
        role="img"
        aria-label={segments.map((s) => `${s.name} ${formatShare(s.share)}`).join(', ')}
      >
        {segments.map((s) => (
          <span
            key={s.name}
            className={`sr-langs__seg sr-slot-${s.slot}`}
            style={{ flexGrow: s.share, flexBasis: 0 }}
            title={`${s.name}: ${formatShare(s.share)} · ${formatBytes(s.bytes)}`}
          />
        ))}
      </div>
      <ul className="sr-langs__legend">
        {segments.map((s) => (
          <li key={s.name}>
            <span className={`sr-langs__dot sr-slot-${s.slot}`} aria-hidden />
            {s.name} <span className="muted">{formatShare(s.share)}</span>
          </li>
        ))}
        {languages.vendored.count ? (
          <li className="muted">
            + {formatQuantity(languages.vendored.count, 'vendored or generated file')} (
            {formatBytes(languages.vendored.bytes)})
          </li>
        ) : null}
      </ul>
    </div>
  )
}

/** 'MIT (98%)', 'No licence' or 'Unrecognised licence — closest: X (61%)', with the file's path. */
export function LicenceLine({ licence }: { licence: Licence }) {
  return (
    <p className="sr-line" data-testid="source-licence">
      <span className={`sr-licence sr-licence--${licenceTone(licence)}`}>
        <span className="sr-licence__dot" aria-hidden />
        {licenceText(licence)}
      </span>
      {licence.path ? <code className="sr-path muted">{licence.path}</code> : null}
    </p>
  )
}

/** Secrets found, in red: rule, path:line and the masked value; 'No secrets found' when none. */
export function SecretsList({ secrets, limit }: { secrets: readonly SecretFinding[]; limit?: number }) {
  if (secrets.length === 0)
    return (
      <p className="muted sr-text" data-testid="source-secrets">
        No secrets found.
      </p>
    )
  const shown = limit === undefined ? secrets : secrets.slice(0, limit)
  return (
    <div data-testid="source-secrets">
      <ul className="sr-secrets" aria-label={formatQuantity(secrets.length, 'secret')}>
        {shown.map((s) => (
          <li key={`${s.rule}:${s.path}:${s.line}:${s.masked}`} className="sr-secret">
            <KeyRound size={12} aria-hidden />
            <code className="sr-secret__where">
              {s.path}:{s.line}
            </code>
            <span className="sr-secret__rule">{ruleName(s.rule)}</span>
            <code className="sr-secret__value">{s.masked}</code>
          </li>
        ))}
      </ul>
      {shown.length < secrets.length ? (
        <p className="muted sr-text">and {formatQuantity(secrets.length - shown.length, 'more secret')}</p>
      ) : null}
    </div>
  )
}

/** The risk weight as a badge and its reasons with their points, largest first. */
export function RiskWeight({ risk }: { risk: Risk }) {
  const reasons = [...risk.reasons].sort((a, b) => b.points - a.points)
  return (
    <div className="sr-risk" data-testid="source-risk">
      <p className="sr-line">
        <Badge tone={riskTone(risk.weight)}>Risk {formatCount(risk.weight)}</Badge>
        {reasons.length === 0 ? <span className="muted">Nothing to flag.</span> : null}
      </p>
      {reasons.length ? (
        <ul className="sr-reasons">
          {reasons.map((r) => (
            <li key={`${r.code}:${r.detail}`}>
              <span className="sr-reasons__points">+{r.points}</span>
              <span>{r.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Where a report's state stands when no report is shown: queued (with a spinner), failed, none. */
export function ReportStateNote({ state }: { state: SourceReportResponse['state'] }) {
  if (state === 'queued')
    return (
      <p className="sr-state" role="status" data-testid="source-report-state" data-state="queued">
        <Spinner size={14} label="Analysing" /> Analysing… the report appears here when the analysis is done.
      </p>
    )
  if (state === 'failed')
    return (
      <p className="sr-state sr-state--failed" role="alert" data-testid="source-report-state" data-state="failed">
        The analysis of the newest commit failed. Re-run it, or upload the source again.
      </p>
    )
  return (
    <p className="sr-state muted" data-testid="source-report-state" data-state="none">
      No source report: the project has no uploaded source yet.
    </p>
  )
}

/** Triage's compact report: language bar, licence, secrets in red with path:line, risk with reasons. */
export function CompactReport({ report }: { report: SourceReport }) {
  return (
    <div className="sr-compact" data-testid="source-report-compact" data-commit={report.commit}>
      <LanguageBar languages={report.languages} />
      <LicenceLine licence={report.licence} />
      <SecretsList secrets={report.secrets} limit={8} />
      <RiskWeight risk={report.risk} />
    </div>
  )
}
