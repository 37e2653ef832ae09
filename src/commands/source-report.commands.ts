/**
 * Source report commands (`projects.sourceReport.*`, decision 046): open a project's source
 * report (shift+s: from the Projects list the focused project's detail at its Source report
 * section, on the detail page that section, in triage the full report's dialog), re-run the
 * analysis of the head commit (shift+a), download the SBOM of the report shown (shift+b), and
 * show one commit of the history (per item, target `{ kind: 'sourceCommit', id }`). The detail
 * section and triage publish `sourceReport`; commands send events to its actor or navigate.
 */
import type { ActorRefFrom } from 'xstate'
import type { SourceReportEvent, sourceReportMachine } from '../machines/source-report.machine'
import type { Command, CommandContext } from './registry'

/** The id of the detail page's Source report section, the fragment that opens the page there. */
export const SOURCE_REPORT_ANCHOR = 'source-report'

/** The address of project `id`'s Source report section. */
export const sourceReportPath = (id: string) => `/projects/${id}#${SOURCE_REPORT_ANCHOR}`

/** What a source report surface (detail section, triage) publishes for its commands. */
export interface SourceReportHandle {
  actor: Pick<ActorRefFrom<typeof sourceReportMachine>, 'send'>
  /** Where the report is shown: the detail section opens in place, triage in a dialog. */
  surface: 'detail' | 'triage'
  /** Whether a report is shown (the SBOM needs one). */
  hasReport: boolean
  /** The commit whose report is shown (null before any), and the latest one of the history. */
  commit: string | null
  /** A re-run or download under way. */
  busy: boolean
  /** Whether the full report's dialog is open (triage). */
  dialogOpen: boolean
}

declare module './registry' {
  interface ViewCommandContext {
    sourceReport?: SourceReportHandle
  }
}

const G = 'Source report'
const handle = (ctx: CommandContext) => ctx.view.sourceReport
const send = (ctx: CommandContext, event: SourceReportEvent) => handle(ctx)?.actor.send(event)
const busy = (ctx: CommandContext) => (handle(ctx)?.busy ? 'Wait for the current source report action to finish' : null)
/** The focused project of the Projects list. */
const listProject = (ctx: CommandContext) =>
  ctx.view.projectsList && ctx.view.focused?.kind === 'project' ? ctx.view.focused.id : null

/** `projects.sourceReport.*`. */
export const sourceReportCommands: Command[] = [
  {
    id: 'projects.sourceReport.open',
    title: 'Open source report',
    group: G,
    shortcut: 'shift+s',
    keywords: ['source', 'report', 'secrets', 'licence', 'languages', 'risk', 'analysis', 'sbom'],
    label: (ctx) => (handle(ctx)?.surface === 'triage' ? 'Full report' : 'Open source report'),
    when: (ctx) => !!handle(ctx) || !!listProject(ctx),
    disabledReason: (ctx) => (handle(ctx)?.surface === 'triage' && !handle(ctx)?.hasReport ? 'No report yet' : null),
    run: (ctx) => {
      if (handle(ctx)) return send(ctx, { type: 'report.open' })
      const id = listProject(ctx)
      if (id) ctx.navigate(sourceReportPath(id))
    },
  },
  {
    id: 'projects.sourceReport.rerun',
    title: 'Re-run the source analysis',
    group: G,
    shortcut: 'shift+a',
    keywords: ['source', 'report', 'analyse', 'analyze', 'again', 'refresh', 'rerun'],
    label: () => 'Re-run analysis',
    when: (ctx) => !!handle(ctx),
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'report.rerun' }),
  },
  {
    id: 'projects.sourceReport.sbom',
    title: 'Download SBOM (CycloneDX)',
    group: G,
    shortcut: 'shift+b',
    keywords: ['sbom', 'cyclonedx', 'dependencies', 'bill of materials', 'download'],
    label: () => 'Download SBOM',
    when: (ctx) => !!handle(ctx),
    disabledReason: (ctx) => (handle(ctx)?.hasReport ? busy(ctx) : 'No source report yet'),
    run: (ctx) => send(ctx, { type: 'sbom.download' }),
  },
  {
    // Per item: the history's rows run it with the commit as target; not a palette entry of its own.
    id: 'projects.sourceReport.commit',
    title: 'Show the report of a commit',
    group: G,
    label: (ctx) => ctx.view.focused?.id.slice(0, 7) ?? 'Commit',
    when: (ctx) => !!handle(ctx) && ctx.view.focused?.kind === 'sourceCommit',
    checked: (ctx) => handle(ctx)?.commit === ctx.view.focused?.id,
    run: (ctx) => ctx.view.focused && send(ctx, { type: 'commit.select', commit: ctx.view.focused.id }),
  },
  {
    id: 'projects.sourceReport.close',
    title: 'Close the source report',
    group: G,
    label: () => 'Close',
    when: (ctx) => !!handle(ctx)?.dialogOpen,
    run: (ctx) => send(ctx, { type: 'dialog.close' }),
  },
]
