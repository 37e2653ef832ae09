/**
 * Report Management on the detail page (SPEC.md 2, 5 "Reports", 7 "Reports", 8): upload a
 * .doc/.docx (asking first when one exists: confirmingReplace), download through a signed link
 * (emits 'tab.open'; the view reports a blocked tab as 'download.blocked' → 'Failed to download
 * report'), delete after confirmingDelete, and the price prompt (editingPrice, a number) →
 * PUT {reportPrice}. Success emits 'notify.success' and 'project.patch'; failures set `error`.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { updateProject } from '../api/projects'
import { deleteReport, fetchReportDownloadUrl, isReportFileName, uploadReport } from '../api/reports'
import type { Project } from '../api/schemas/projects'
import { required } from './shared/required.rules'

/** SPEC.md 5 'Reports': the question before a report is replaced. */
export const REPLACE_TEXT =
  'A report already exists for this project. Uploading a new file will replace the existing report. Do you want to continue?'

/** Whether a report exists, its price, the file or price being saved, and the red line. */
export interface ProjectReportContext {
  projectId: string
  hasReport: boolean
  /** Rupees. */
  reportPrice: number
  file: File | null
  price: number | null
  error: string | null
}

/** Upload (choose, then the picked file), download, delete, price, confirmations, dismiss. */
export type ProjectReportEvent =
  | { type: 'report.choose' }
  | { type: 'report.file'; file: File }
  | { type: 'report.download' }
  | { type: 'download.blocked' }
  | { type: 'report.delete' }
  | { type: 'report.price' }
  | { type: 'price.submit'; text: string }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'error.dismiss' }

/** Open the picker or a tab, toasts, the project's new report fields. */
export type ProjectReportEmitted =
  | { type: 'picker.open' }
  | { type: 'tab.open'; url: string }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  | { type: 'project.patch'; patch: Partial<Project> }

const BUSY = 'Wait for the current report action to finish.'
const refuse = (text: string) => ({ type: 'refuse' as const, params: { text } })
const fail = (text: string) => ({ target: 'idle' as const, actions: { type: 'setError' as const, params: { text } } })
type Patch = Pick<Project, 'hasReport' | 'reportPrice'>
/** onDone of a successful change: record it, tell the page (project.patch) and the person (notify.success). */
const succeed = (text: string, patch: (context: ProjectReportContext) => Patch) => {
  const params = ({ context }: { context: ProjectReportContext }) => ({ patch: patch(context) })
  return {
    target: 'idle' as const,
    actions: [
      { type: 'assignPatch' as const, params },
      { type: 'announcePatch' as const, params },
      { type: 'notifySuccess' as const, params: { text } },
    ],
  }
}

/** The report of one project (input { projectId, hasReport, reportPrice }). */
export const projectReportMachine = setup({
  types: {
    context: {} as ProjectReportContext,
    events: {} as ProjectReportEvent,
    emitted: {} as ProjectReportEmitted,
    input: {} as { projectId: string; hasReport: boolean; reportPrice: number },
  },
  actors: {
    uploadReport: fromPromise<string, { projectId: string; file: File }>(({ input }) =>
      uploadReport(input.projectId, input.file),
    ),
    fetchDownloadUrl: fromPromise<string, { projectId: string }>(({ input }) =>
      fetchReportDownloadUrl(input.projectId),
    ),
    deleteReport: fromPromise<void, { projectId: string }>(({ input }) => deleteReport(input.projectId)),
    savePrice: fromPromise<unknown, { projectId: string; price: number }>(({ input }) =>
      updateProject(input.projectId, { reportPrice: input.price }),
    ),
  },
  actions: {
    refuse: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notify.success' as const, text: params.text })),
    openPicker: emit({ type: 'picker.open' as const }),
    openTab: emit((_, params: { url: string }) => ({ type: 'tab.open' as const, url: params.url })),
    takeFile: assign({ file: ({ event }) => (assertEvent(event, 'report.file'), event.file), error: null }),
    takePrice: assign({ price: ({ event }) => (assertEvent(event, 'price.submit'), Number(event.text)), error: null }),
    assignPatch: assign((_, params: { patch: Pick<Project, 'hasReport' | 'reportPrice'> }) => ({
      ...params.patch,
      file: null,
      price: null,
    })),
    announcePatch: emit((_, params: { patch: Partial<Project> }) => ({
      type: 'project.patch' as const,
      patch: params.patch,
    })),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
    clearError: assign({ error: null }),
  },
  guards: {
    hasReport: ({ context }) => context.hasReport,
    notWordFile: ({ event }) => (assertEvent(event, 'report.file'), !isReportFileName(event.file.name)),
    notANumber: ({ event }) => {
      assertEvent(event, 'price.submit')
      const price = Number(event.text)
      return event.text.trim() === '' || !Number.isFinite(price) || price < 0
    },
  },
}).createMachine({
  id: 'projectReport',
  initial: 'idle',
  context: ({ input }) => ({ ...input, file: null, price: null, error: null }),
  on: {
    'report.choose': { actions: refuse(BUSY) },
    'report.file': { actions: refuse(BUSY) },
    'report.download': { actions: refuse(BUSY) },
    'report.delete': { actions: refuse(BUSY) },
    'report.price': { actions: refuse(BUSY) },
    'price.submit': { actions: refuse(BUSY) },
    'confirm.accept': { actions: refuse(BUSY) },
    'confirm.cancel': { actions: refuse(BUSY) },
    'download.blocked': { actions: { type: 'setError', params: { text: 'Failed to download report' } } },
    'error.dismiss': { actions: 'clearError' },
  },
  states: {
    idle: {
      on: {
        'report.choose': [{ guard: 'hasReport', target: 'confirmingReplace' }, { actions: 'openPicker' }],
        'report.file': [
          {
            guard: 'notWordFile',
            actions: { type: 'setError', params: { text: 'Only .docx and .doc files are accepted' } },
          },
          { target: 'uploading', actions: 'takeFile' },
        ],
        'report.download': [
          { guard: 'hasReport', target: 'downloading', actions: 'clearError' },
          { actions: refuse('No report uploaded') },
        ],
        'report.delete': [
          { guard: 'hasReport', target: 'confirmingDelete' },
          { actions: refuse('No report uploaded') },
        ],
        'report.price': 'editingPrice',
        'confirm.accept': { actions: refuse('There is nothing to confirm.') },
        'confirm.cancel': {},
      },
    },
    confirmingReplace: {
      on: { 'confirm.accept': { target: 'idle', actions: 'openPicker' }, 'confirm.cancel': 'idle' },
    },
    uploading: {
      invoke: {
        id: 'uploadReport',
        src: 'uploadReport',
        input: ({ context }) => ({ projectId: context.projectId, file: required(context.file, 'The report file') }),
        onDone: succeed('Report uploaded successfully!', (c) => ({ hasReport: true, reportPrice: c.reportPrice })),
        onError: fail('Failed to upload report'),
      },
    },
    downloading: {
      invoke: {
        id: 'fetchDownloadUrl',
        src: 'fetchDownloadUrl',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'idle', actions: { type: 'openTab', params: ({ event }) => ({ url: event.output }) } },
        onError: fail('Failed to generate download link'),
      },
    },
    confirmingDelete: { on: { 'confirm.accept': 'deleting', 'confirm.cancel': 'idle' } },
    deleting: {
      invoke: {
        id: 'deleteReport',
        src: 'deleteReport',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: succeed('Report deleted successfully!', (c) => ({ hasReport: false, reportPrice: c.reportPrice })),
        onError: fail('Failed to delete report'),
      },
    },
    editingPrice: {
      on: {
        'price.submit': [
          { guard: 'notANumber', actions: { type: 'setError', params: { text: 'Report price must be a number' } } },
          { target: 'savingPrice', actions: 'takePrice' },
        ],
        'confirm.cancel': { target: 'idle', actions: 'clearError' },
      },
    },
    savingPrice: {
      invoke: {
        id: 'savePrice',
        src: 'savePrice',
        input: ({ context }) => ({ projectId: context.projectId, price: required(context.price, 'The new price') }),
        onDone: succeed('Report price updated successfully!', (c) => ({
          hasReport: c.hasReport,
          reportPrice: c.price ?? c.reportPrice,
        })),
        onError: fail('Failed to update report price'),
      },
    },
  },
})
