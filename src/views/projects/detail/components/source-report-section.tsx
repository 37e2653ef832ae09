/**
 * Source report on the detail page (decision 046): the full report of the latest commit (or of
 * a commit chosen from the history beside it), where the newest commit's analysis stands
 * ('Analysing…' while queued, polled; failed; none), and the `projects.sourceReport.*` commands
 * (re-run, SBOM). Opened at `#source-report` (the Projects list's shift+s) it scrolls into view.
 */
import { useEffect, useRef } from 'react'
import { Download, RefreshCw } from 'lucide-react'
import { useSelector } from '@xstate/react'
import { CommandButton } from '../../../../commands/command-button'
import { SOURCE_REPORT_ANCHOR } from '../../../../commands/source-report.commands'
import { Badge } from '../../../../components/badge'
import { ErrorState, LoadingState } from '../../../../components/states'
import { CommandRetry } from '../../../../commands/command-retry'
import { formatDate } from '../../../../lib/format'
import { FullReport } from '../../../source-report/full-report'
import { ReportStateNote } from '../../../source-report/source-report'
import { riskTone, shortCommit } from '../../../source-report/report-format'
import { useSourceReportSurface } from '../../../source-report/use-source-report'
import { useSectionsActor } from '../sections-context'

/** The Source report card. */
export function SourceReportSection() {
  const projectId = useSelector(useSectionsActor(), (s) => s.context.project._id)
  const { query, report, state, chosen, step } = useSourceReportSurface(projectId, 'detail')
  const data = query.data
  const history = data?.history ?? []
  const latest = history[0]?.commit ?? null

  const revealed = useRef(false)
  const loaded = !query.isPending
  useEffect(() => {
    // Opened at #source-report (the Projects list's shift+s): show this section, not the page's
    // top, once its report is in (while it loads the section is too short to scroll to).
    if (!loaded || revealed.current || window.location.hash !== `#${SOURCE_REPORT_ANCHOR}`) return
    revealed.current = true
    document.getElementById(SOURCE_REPORT_ANCHOR)?.scrollIntoView({ block: 'start' })
  }, [loaded])

  return (
    <section
      className="card detail-section sr-section"
      id={SOURCE_REPORT_ANCHOR}
      data-testid="section-source-report"
      data-state={state}
      aria-labelledby="source-report-title"
    >
      <header className="card__header detail-section__header">
        <h2 id="source-report-title" className="detail-section__title">
          Source report
          {report && chosen && chosen !== latest ? <Badge tone="info">Earlier commit</Badge> : null}
        </h2>
        <div className="sr-actions">
          <CommandButton
            id="projects.sourceReport.rerun"
            size="sm"
            icon={<RefreshCw size={14} />}
            loading={step === 'rerunning'}
          />
          <CommandButton
            id="projects.sourceReport.sbom"
            size="sm"
            icon={<Download size={14} />}
            loading={step === 'downloading'}
          />
        </div>
      </header>
      <div className="card__body">
        {query.isPending ? (
          <LoadingState title="Loading the source report" />
        ) : query.error && !data ? (
          <ErrorState
            title="Failed to load the source report"
            message={query.error.message}
            action={<CommandRetry retry={() => void query.refetch()} />}
          />
        ) : (
          <div className="sr-section__layout">
            <nav aria-label="Reports by commit" className="sr-history-nav">
              <h4 className="sr-block__title">History</h4>
              {history.length ? (
                <ul className="sr-history" data-testid="source-report-history">
                  {history.map((entry) => (
                    <li key={entry.commit}>
                      <CommandButton
                        id="projects.sourceReport.commit"
                        target={{ kind: 'sourceCommit', id: entry.commit }}
                        variant="ghost"
                        size="sm"
                        aria-current={report?.commit === entry.commit}
                        title={`${entry.commit} · ${formatDate(entry.createdAt)}`}
                      >
                        <span>{shortCommit(entry.commit)}</span>
                        <span className="muted">{formatDate(entry.createdAt)}</span>
                        <Badge tone={riskTone(entry.riskWeight)}>{entry.riskWeight}</Badge>
                      </CommandButton>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted sr-text">No reports yet.</p>
              )}
            </nav>
            <div className="sr-section__report">
              {state && state !== 'ready' && !chosen ? <ReportStateNote state={state} /> : null}
              {report ? <FullReport report={report} /> : null}
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
