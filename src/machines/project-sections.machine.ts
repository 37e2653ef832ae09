/**
 * Project detail (SPEC.md 2 "Project detail", 7 PUT /api/projects/{id}, 8): one section edited at a
 * time with a partial PUT, plus Activate/Deactivate and Delete. I/O in the named actors, results
 * emitted. States: docs/machines/projectSections.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText, withReason } from '../api/error-text'
import { deleteProject, updateProject } from '../api/projects'
import type { Project } from '../api/schemas/projects'
import { initialDraft, sectionBody, sectionInvalid, type SectionId } from './project-sections.form'

/** A section's form values while editing (text inputs and checkboxes). */
export type SectionDraft = Record<string, string | boolean>

export interface ProjectSectionsContext {
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

export type ProjectSectionsEmitted =
  | { type: 'project.saved'; project: Project }
  | { type: 'project.deleted' }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }

/** The failure text of a section save (SPEC.md 8). */
export function saveFailureText(section: SectionId | null, error: unknown): string {
  return section === 'owner' ? withReason('Failed to update project owner', error) : errorText(error, 'Failed to save')
}

const invalidOf = (c: ProjectSectionsContext) => (c.section ? sectionInvalid(c.section, c.draft) : 'No section is open')

export const projectSectionsMachine = setup({
  types: {
    context: {} as ProjectSectionsContext,
    events: {} as ProjectSectionsEvent,
    emitted: {} as ProjectSectionsEmitted,
    input: {} as { project: Project },
  },
  actors: {
    saveProject: fromPromise<Project, { id: string; body: Record<string, unknown> }>(({ input }) =>
      updateProject(input.id, input.body),
    ),
    deleteProject: fromPromise<void, { id: string }>(({ input }) => deleteProject(input.id)),
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
    closeSection: assign({ section: null, draft: {}, error: null }),
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
  },
  guards: {
    isDraftValid: ({ context }) => invalidOf(context) === null,
  },
}).createMachine({
  id: 'projectSections',
  context: ({ input }) => ({ project: input.project, section: null, draft: {}, error: null }),
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
        input: ({ context }) => ({
          id: context.project._id,
          body: context.section ? sectionBody(context.section, context.draft) : {},
        }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignProject', params: ({ event }) => ({ project: event.output }) },
            'closeSection',
            { type: 'announceSaved', params: ({ event }) => ({ project: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    togglingActive: {
      invoke: {
        src: 'saveProject',
        id: 'saveProject',
        input: ({ context }) => ({ id: context.project._id, body: { isActive: !context.project.isActive } }),
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
          actions: {
            type: 'notifyError',
            params: ({ event }) => ({ text: withReason('Failed to update project status', event.error) }),
          },
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
        input: ({ context }) => ({ id: context.project._id }),
        onDone: {
          target: 'deleted',
          actions: [{ type: 'notifySuccess', params: { text: 'Project deleted successfully' } }, 'announceDeleted'],
        },
        onError: {
          target: 'viewing',
          actions: {
            type: 'notifyError',
            params: ({ event }) => ({ text: withReason('Failed to delete project', event.error) }),
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
})
