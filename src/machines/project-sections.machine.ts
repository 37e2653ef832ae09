/**
 * Project detail (SPEC.md 2 "Project detail", 7 PUT /api/projects/{id}, 8): one section edited at a
 * time with a partial PUT, plus Activate/Deactivate and Delete. Every write sends the version the
 * page loaded (If-Match). A save refused as stale (decision 042) refetches the project and merges
 * the form with it by field: without a field both changed it saves at once (merging) and says what
 * it merged; otherwise it waits in `conflict` until the admin keeps theirs or mine. I/O in the named
 * actors, results emitted. States: docs/machines/projectSections.mmd.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import { errorText, withReason } from '../api/error-text'
import { deleteProject, fetchProject, updateProject } from '../api/projects'
import type { Project } from '../api/schemas/projects'
import { fieldWords } from '../domain/merge-edits'
import {
  draftOf,
  FIELD_LABELS,
  initialDraft,
  mergeSection,
  sectionBody,
  sectionInvalid,
  type SectionId,
} from './project-sections.form'
import { isVersionConflict } from './shared/section-conflict.rules'
import { staleSaveFailure, staleSaveRules, staleSaveStates, type StaleSaveContext } from './shared/stale-save'

/** A section's form values while editing (text inputs and checkboxes). */
export type SectionDraft = Record<string, string | boolean>

export interface ProjectSectionsContext extends StaleSaveContext<Project> {
  project: Project
  section: SectionId | null
  draft: SectionDraft
  error: string | null
}

export type ProjectSectionsEvent =
  | { type: 'section.edit'; section: SectionId }
  | { type: 'draft.change'; patch: SectionDraft }
  | { type: 'section.cancel' }
  | { type: 'section.save' }
  | { type: 'project.refresh'; project: Project }
  | { type: 'project.toggleActive' }
  | { type: 'project.delete' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }

export type ProjectSectionsEmitted =
  | { type: 'project.saved'; project: Project }
  /** A write was refused as stale outside a section (activate, delete): the page reloads the project. */
  | { type: 'project.stale' }
  | { type: 'project.deleted' }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }

/** The failure text of a section save (SPEC.md 8). */
export function saveFailureText(section: SectionId | null, error: unknown): string {
  return section === 'owner' ? withReason('Failed to update project owner', error) : errorText(error, 'Failed to save')
}

const invalidOf = (c: ProjectSectionsContext) => (c.section ? sectionInvalid(c.section, c.draft) : 'No section is open')
/** A field's label in notices and the conflict bar. */
export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? fieldWords(field)
/** The stale-save flow's rules for a section of the project (decision 042, shared/stale-save.ts). */
const stale = staleSaveRules<ProjectSectionsContext, Project>({
  name: 'projectSections',
  merge: (c, theirs) => mergeSection(c.section ?? 'description', c.project, theirs, c.draft),
  rebase: (c, theirs, values) => ({ project: theirs, draft: draftOf(values, theirs, c.draft) }),
  label: fieldLabel,
})
const saveInput = (c: ProjectSectionsContext) => ({
  id: c.project._id,
  body: c.section ? sectionBody(c.section, c.draft) : {},
  version: c.project.updatedAt,
})

const states = staleSaveStates({
  save: { src: 'saveProject', input: ({ context }: { context: ProjectSectionsContext }) => saveInput(context) },
  refetch: {
    src: 'fetchProject',
    input: ({ context }: { context: ProjectSectionsContext }) => ({ id: context.project._id }),
  },
  editing: 'editing',
  saved: {
    target: 'viewing',
    actions: [
      { type: 'assignProject', params: ({ event }: { event: { output: Project } }) => ({ project: event.output }) },
      'notifyNotice',
      'closeSection',
      { type: 'announceSaved', params: ({ event }: { event: { output: Project } }) => ({ project: event.output }) },
    ],
  },
  beforeFailure: [],
})

export const projectSectionsMachine = setup({
  types: {
    context: {} as ProjectSectionsContext,
    events: {} as ProjectSectionsEvent,
    emitted: {} as ProjectSectionsEmitted,
    input: {} as { project: Project },
  },
  actors: {
    saveProject: fromPromise<Project, { id: string; body: Record<string, unknown>; version: string }>(({ input }) =>
      updateProject(input.id, input.body, input.version),
    ),
    deleteProject: fromPromise<void, { id: string; version: string }>(({ input }) =>
      deleteProject(input.id, input.version),
    ),
    fetchProject: fromPromise<Project, { id: string }>(({ input }) => fetchProject(input.id)),
  },
  actions: {
    assignProject: assign({ project: (_, params: { project: Project }) => params.project }),
    openSection: assign(({ context }, params: { section: SectionId }) => ({
      section: params.section,
      draft: initialDraft(params.section, context.project),
      error: null,
    })),
    changeDraft: assign({
      draft: ({ context }, params: { patch: SectionDraft }) => ({ ...context.draft, ...params.patch }),
    }),
    closeSection: assign({ section: null, draft: {}, error: null, changes: [], conflict: null, notice: null }),
    keepChanges: assign((_, params: { error: unknown }) => stale.keepChanges(params.error)),
    holdConflict: assign(({ context }, params: { theirs: Project }) => stale.holdConflict(context, params.theirs)),
    adoptMerge: assign(({ context }) => stale.adoptMerge(context)),
    keepMine: assign(({ context }) => stale.keepMine(context)),
    takeTheirs: assign(({ context }) => stale.takeTheirs(context)),
    /** Cancel while settling: the page shows the project as it is now. */
    showTheirs: assign({ project: ({ context }) => stale.theirs(context) }),
    showInvalid: assign({ error: ({ context }) => invalidOf(context) }),
    showSaveError: assign({
      error: ({ context }, params: { error: unknown }) => saveFailureText(context.section, params.error),
    }),
    announceSaved: emit((_, params: { project: Project }) => ({
      type: 'project.saved' as const,
      project: params.project,
    })),
    announceDeleted: emit({ type: 'project.deleted' as const }),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notify.success' as const, text: params.text })),
    notifyError: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
    notifyNotice: emit(({ context }) => ({ type: 'notify.success' as const, text: context.notice ?? 'Saved' })),
    /** A stale activate or delete: the page reloads the project, so the next try is based on it. */
    announceStaleIf: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      if (isVersionConflict(params.error)) enqueue.emit({ type: 'project.stale' as const })
    }),
  },
  guards: {
    isDraftValid: ({ context }) => invalidOf(context) === null,
    isStale: (_, params: { error: unknown }) => isVersionConflict(params.error),
    hasFieldConflicts: ({ context }, params: { theirs: Project }) => stale.hasFieldConflicts(context, params.theirs),
  },
}).createMachine({
  id: 'projectSections',
  context: ({ input }) => ({
    project: input.project,
    section: null,
    draft: {},
    error: null,
    changes: [],
    conflict: null,
    notice: null,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'section.edit': {
          target: 'editing',
          actions: { type: 'openSection', params: ({ event }) => ({ section: event.section }) },
        },
        'project.refresh': { actions: { type: 'assignProject', params: ({ event }) => ({ project: event.project }) } },
        'project.toggleActive': 'togglingActive',
        'project.delete': 'confirmingDelete',
      },
    },
    editing: {
      on: {
        'draft.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ patch: event.patch }) } },
        'section.cancel': { target: 'viewing', actions: 'closeSection' },
        'section.save': [{ guard: 'isDraftValid', target: 'saving' }, { actions: 'showInvalid' }],
        'project.refresh': { actions: { type: 'assignProject', params: ({ event }) => ({ project: event.project }) } },
      },
    },
    saving: {
      invoke: {
        src: 'saveProject',
        id: 'saveProject',
        input: ({ context }) => saveInput(context),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignProject', params: ({ event }) => ({ project: event.output }) },
            'closeSection',
            { type: 'announceSaved', params: ({ event }) => ({ project: event.output }) },
          ],
        },
        onError: [
          staleSaveFailure,
          { target: 'editing', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ...states,
    conflict: {
      on: {
        ...states.conflict.on,
        'section.cancel': {
          target: 'viewing',
          actions: [
            'showTheirs',
            'closeSection',
            { type: 'announceSaved', params: ({ context }) => ({ project: context.project }) },
          ],
        },
      },
    },
    togglingActive: {
      invoke: {
        src: 'saveProject',
        id: 'saveProject',
        input: ({ context }) => ({
          id: context.project._id,
          body: { isActive: !context.project.isActive },
          version: context.project.updatedAt,
        }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignProject', params: ({ event }) => ({ project: event.output }) },
            { type: 'announceSaved', params: ({ event }) => ({ project: event.output }) },
            {
              type: 'notifySuccess',
              params: ({ event }) => ({
                text: event.output.isActive ? 'Project activated successfully' : 'Project deactivated successfully',
              }),
            },
          ],
        },
        onError: {
          target: 'viewing',
          actions: [
            {
              type: 'notifyError',
              params: ({ event }) => ({ text: withReason('Failed to update project status', event.error) }),
            },
            { type: 'announceStaleIf', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    confirmingDelete: {
      on: { 'confirm.accept': 'deleting', 'confirm.cancel': 'viewing' },
    },
    deleting: {
      invoke: {
        src: 'deleteProject',
        id: 'deleteProject',
        input: ({ context }) => ({ id: context.project._id, version: context.project.updatedAt }),
        onDone: {
          target: 'deleted',
          actions: [{ type: 'notifySuccess', params: { text: 'Project deleted successfully' } }, 'announceDeleted'],
        },
        onError: {
          target: 'viewing',
          actions: [
            {
              type: 'notifyError',
              params: ({ event }) => ({ text: withReason('Failed to delete project', event.error) }),
            },
            { type: 'announceStaleIf', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    deleted: { type: 'final' },
  },
})
