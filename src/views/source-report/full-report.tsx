/**
 * The full source report (decision 046): the compact parts, then files (largest, binaries,
 * should-not-ship, not examined), README, manifests with their dependency counts, analyser
 * errors and the changes since the previous report. Dense lists over source-report.css.
 */
import type { ReactNode } from 'react'
import type { SourceReport } from '../../api/schemas/source-report'
import { formatBytes, formatCount, formatDateTime, formatQuantity } from '../../lib/format'
import { dependencyCounts, hasChanges, licenceName, shortCommit, shouldNotShipText } from './report-format'
import { LanguageBar, LicenceLine, RiskWeight, SecretsList } from './source-report'

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="sr-block" data-testid={testId}>
      <h4 className="sr-block__title">{title}</h4>
      {children}
    </section>
  )
}

function PathList({ items }: { items: readonly { path: string; bytes?: number; note?: string }[] }) {
  return (
    <ul className="sr-paths">
      {items.map((item) => (
        <li key={item.path}>
          <code className="sr-path">{item.path}</code>
          {item.note ? <span className="muted">{item.note}</span> : null}
          {item.bytes === undefined ? null : <span className="sr-paths__size">{formatBytes(item.bytes)}</span>}
        </li>
      ))}
    </ul>
  )
}

/** Every part of one report, densely: the compact parts, then files, README, manifests, errors and changes. */
export function FullReport({ report }: { report: SourceReport }) {
  const { files } = report
  const deps = dependencyCounts(report)
  return (
    <div
      className="sr-full"
      data-testid="source-report-full"
      data-commit={report.commit}
      data-generated-at={report.generatedAt}
    >
      <p className="sr-meta muted">
        Commit <code>{shortCommit(report.commit)}</code> · analysed {formatDateTime(report.generatedAt)} in{' '}
        {formatCount(report.durationMs)} ms
      </p>
      <div className="sr-full__grid">
        <Block title="Languages">
          <LanguageBar languages={report.languages} />
        </Block>
        <Block title="Risk">
          <RiskWeight risk={report.risk} />
        </Block>
        <Block title="Licence">
          <LicenceLine licence={report.licence} />
        </Block>
        <Block title="README">
          {report.readme ? (
            <p className="sr-line">
              <code className="sr-path">{report.readme.path}</code>
              <span className="muted">
                {report.readme.firstHeading ? `“${report.readme.firstHeading}” · ` : ''}
                {formatBytes(report.readme.bytes)}
              </span>
            </p>
          ) : (
            <p className="muted sr-text">No README.</p>
          )}
        </Block>
      </div>
      <Block title={`Secrets (${report.secrets.length})`}>
        <SecretsList secrets={report.secrets} />
      </Block>
      <Block title="Files" testId="source-files">
        <p className="sr-text">
          {formatQuantity(files.count, 'file')} · {formatBytes(files.totalBytes)}
          {files.truncated ? <span className="sr-warn"> · listing cut at its limit</span> : null}
        </p>
        <div className="sr-full__grid">
          <div>
            <h5 className="sr-sub">Largest</h5>
            <PathList items={files.largest} />
          </div>
          <div>
            <h5 className="sr-sub">Binaries ({files.binaries.length})</h5>
            {files.binaries.length ? <PathList items={files.binaries} /> : <p className="muted sr-text">None.</p>}
          </div>
        </div>
        {files.shouldNotShip.length ? (
          <>
            <h5 className="sr-sub sr-warn">Should not ship ({files.shouldNotShip.length})</h5>
            <PathList items={files.shouldNotShip.map((f) => ({ path: f.path, note: shouldNotShipText(f.reason) }))} />
          </>
        ) : null}
        {files.notExamined.length ? (
          <>
            <h5 className="sr-sub">Not fully examined ({files.notExamined.length})</h5>
            <PathList
              items={files.notExamined.map((f) => ({
                path: f.path,
                bytes: f.bytes,
                note: f.reason === 'too-large' ? 'too large: its start only' : 'budget spent: names only',
              }))}
            />
          </>
        ) : null}
      </Block>
      <Block title={`Dependencies (${formatCount(deps.total)})`} testId="source-manifests">
        {report.manifests.length === 0 ? (
          <p className="muted sr-text">No dependency manifests.</p>
        ) : (
          <ul className="sr-paths">
            {report.manifests.map((m) => (
              <li key={m.path}>
                <code className="sr-path">{m.path}</code>
                <span className="muted">{m.ecosystem}</span>
                {m.status === 'parsed' ? (
                  <span className="sr-paths__size">
                    {formatQuantity(m.dependencies.length, 'dependency', 'dependencies')}
                  </span>
                ) : (
                  <span className="sr-warn" title={m.error}>
                    unparseable{m.error ? `: ${m.error}` : ''}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Block>
      {report.analyserErrors.length ? (
        <Block title="Analyser errors">
          <ul className="sr-paths">
            {report.analyserErrors.map((e) => (
              <li key={e.analyser}>
                <strong>{e.analyser}</strong>
                <span className="sr-warn">{e.message}</span>
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      <Block title="Changes since the previous report" testId="source-changes">
        {!report.changes ? (
          <p className="muted sr-text">No earlier report to compare with.</p>
        ) : !hasChanges(report.changes) ? (
          <p className="muted sr-text">No new secrets or binaries, same licence.</p>
        ) : (
          <>
            {report.changes.licenceChanged ? (
              <p className="sr-text">
                Licence: {licenceName(report.changes.licenceChanged.from)} →{' '}
                {licenceName(report.changes.licenceChanged.to)}
              </p>
            ) : null}
            {report.changes.newSecrets.length ? (
              <>
                <h5 className="sr-sub">New secrets</h5>
                <SecretsList secrets={report.changes.newSecrets} />
              </>
            ) : null}
            {report.changes.newBinaries.length ? (
              <>
                <h5 className="sr-sub">New binaries</h5>
                <PathList items={report.changes.newBinaries} />
              </>
            ) : null}
          </>
        )}
      </Block>
    </div>
  )
}
