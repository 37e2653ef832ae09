/**
 * A project's source report on screen (decision 046; project detail's Source report section and
 * triage's compact report): which commit's report is shown (`commit`, null = the latest), the
 * full report's dialog (triage; on the detail page 'report.open' asks the view to scroll to the
 * section: 'section.reveal'), a re-run of the head commit's analysis (POST → 'report.queued',
 * the view refetches and polls while queued, and after it until a report made since shows:
 * `awaitingAfter`) and the SBOM download (the blob is emitted as
 * 'file.save'; the view saves it). Success says so with 'notify.success', a failure with
 * 'notify.error' and `error`. 'project.set' follows triage to the next project.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { fetchSbom, rerunSourceReport } from '../api/source-report'

/** The project, the chosen commit, whether the full report's dialog is open, the last failure. */
export interface SourceReportContext {
  projectId: string
  /** 'detail' shows the full report in its section (open scrolls there), 'triage' in a dialog. */
  surface: 'detail' | 'triage'
  /** A 40-hex commit of the history, or null for the latest report. */
  commit: string | null
  dialogOpen: boolean
  error: string | null
  /** `generatedAt` of the report on screen ('' for none), told by the view with 'report.shown'. */
  shown: string
  /**
   * After a re-run: the `generatedAt` that was on screen, until a report made since shows (the
   * server answers the old report of the head while its analysis runs again); null otherwise.
   */
  awaitingAfter: string | null
}

export type SourceReportEvent =
  | { type: 'project.set'; projectId: string }
  | { type: 'commit.select'; commit: string | null }
  | { type: 'report.rerun' }
  | { type: 'sbom.download' }
  | { type: 'report.open' }
  | { type: 'report.shown'; generatedAt: string | null; failed: boolean }
  | { type: 'dialog.close' }

export type SourceReportEmitted =
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  | { type: 'report.queued'; projectId: string }
  | { type: 'file.save'; blob: Blob; fileName: string }
  | { type: 'section.reveal' }

const BUSY = 'Wait for the current source report action to finish.'

/** The source report controls of one project (input { projectId }). */
export const sourceReportMachine = setup({
  types: {
    context: {} as SourceReportContext,
    events: {} as SourceReportEvent,
    emitted: {} as SourceReportEmitted,
    input: {} as { projectId: string; surface: 'detail' | 'triage' },
  },
  actors: {
    rerun: fromPromise<{ message: string }, { projectId: string }>(({ input }) => rerunSourceReport(input.projectId)),
    fetchSbom: fromPromise<{ fileName: string; blob: Blob }, { projectId: string; commit: string | null }>(
      ({ input }) => fetchSbom(input.projectId, input.commit),
    ),
  },
  actions: {
    refuse: emit({ type: 'notify.error' as const, text: BUSY }),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notify.success' as const, text: params.text })),
    notifyError: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
    announceQueued: emit(({ context }) => ({ type: 'report.queued' as const, projectId: context.projectId })),
    saveFile: emit((_, params: { blob: Blob; fileName: string }) => ({ type: 'file.save' as const, ...params })),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
    clearError: assign({ error: null }),
    takeProject: assign(({ event }) => {
      assertEvent(event, 'project.set')
      return {
        projectId: event.projectId,
        commit: null,
        dialogOpen: false,
        error: null,
        shown: '',
        awaitingAfter: null,
      }
    }),
    takeShown: assign(({ context, event }) => {
      assertEvent(event, 'report.shown')
      const shown = event.generatedAt ?? ''
      // A report made since the re-run, or the re-run's analysis failed: nothing more to wait for.
      const settled = event.failed || shown !== context.awaitingAfter
      return { shown, awaitingAfter: settled ? null : context.awaitingAfter }
    }),
    awaitFresh: assign({ awaitingAfter: ({ context }) => context.shown }),
    takeCommit: assign({ commit: ({ event }) => (assertEvent(event, 'commit.select'), event.commit) }),
    openDialog: assign({ dialogOpen: true }),
    revealSection: emit({ type: 'section.reveal' as const }),
    closeDialog: assign({ dialogOpen: false }),
  },
  guards: {
    inDialog: ({ context }) => context.surface === 'triage',
    otherProject: ({ context, event }) => (assertEvent(event, 'project.set'), event.projectId !== context.projectId),
  },
}).createMachine({
  id: 'sourceReport',
  initial: 'idle',
  context: ({ input }) => ({ ...input, commit: null, dialogOpen: false, error: null, shown: '', awaitingAfter: null }),
  on: {
    'commit.select': { actions: 'takeCommit' },
    'report.shown': { actions: 'takeShown' },
    'report.open': [{ guard: 'inDialog', actions: 'openDialog' }, { actions: 'revealSection' }],
    'dialog.close': { actions: 'closeDialog' },
    'report.rerun': { actions: 'refuse' },
    'sbom.download': { actions: 'refuse' },
  },
  states: {
    idle: {
      on: {
        'project.set': { guard: 'otherProject', actions: 'takeProject' },
        'report.rerun': { target: 'rerunning', actions: 'clearError' },
        'sbom.download': { target: 'downloading', actions: 'clearError' },
      },
    },
    rerunning: {
      invoke: {
        id: 'rerun',
        src: 'rerun',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: {
          target: 'idle',
          // The re-run analyses the head commit: show the latest report, which is now queued.
          actions: [
            assign({ commit: null }),
            'awaitFresh',
            'announceQueued',
            { type: 'notifySuccess', params: ({ event }) => ({ text: event.output.message }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'setError',
              params: ({ event }) => ({ text: errorText(event.error, 'Failed to re-run the analysis') }),
            },
            {
              type: 'notifyError',
              params: ({ event }) => ({ text: errorText(event.error, 'Failed to re-run the analysis') }),
            },
          ],
        },
      },
      on: { 'project.set': { guard: 'otherProject', target: 'idle', actions: 'takeProject' } },
    },
    downloading: {
      invoke: {
        id: 'fetchSbom',
        src: 'fetchSbom',
        input: ({ context }) => ({ projectId: context.projectId, commit: context.commit }),
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'setError',
              params: ({ event }) => ({ text: errorText(event.error, 'Failed to download the SBOM') }),
            },
            {
              type: 'notifyError',
              params: ({ event }) => ({ text: errorText(event.error, 'Failed to download the SBOM') }),
            },
          ],
        },
      },
      on: { 'project.set': { guard: 'otherProject', target: 'idle', actions: 'takeProject' } },
    },
  },
})

/** The server's message of an ApiError (e.g. 'The project has no uploaded source to analyse'), else `fallback`. */
function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}
