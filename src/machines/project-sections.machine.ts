/**
 * Project detail (SPEC.md 2 "Project detail", 7 PUT /api/projects/{id}, 8): sections edited one
 * at a time — viewing → editing(section) → saving → viewing; Cancel drops the draft so the loaded
 * values show again; a failed save stays in editing with the server's errors joined by line
 * breaks (else 'Failed to save'). Also the page actions: Activate/Deactivate and Delete
 * (confirming → deleting → deleted). I/O is in the named actors; results are emitted.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText, withReason } from '../api/error-text'
import { deleteProject, updateProject } from '../api/projects'
import type { Project } from '../api/schemas/projects'

/** A section's form values while editing (text inputs and checkboxes). */
export type SectionDraft = Record<string, string | boolean>

export interface ProjectSectionsContext {
  project: Project
  section: string | null
  draft: SectionDraft
  error: string | null
}

export type ProjectSectionsEvent =
  | { type: 'section.edit'; section: string; draft: SectionDraft }
  | { type: 'draft.change'; patch: SectionDraft }
  | { type: 'section.cancel' }
  /** `body` is the partial PUT built from the draft; `invalid` a client-side rule it breaks. */
  | { type: 'section.save'; body: Record<string, unknown>; invalid?: string | null }
  | { type: 'project.refresh'; project: Project }
  | { type: 'project.toggleActive' }
  | { type: 'project.delete' } | { type: 'confirm.accept' } | { type: 'confirm.cancel' }

export type ProjectSectionsEmitted =
  | { type: 'saved'; project: Project }
  | { type: 'notify'; tone: 'success' | 'error'; text: string }
  | { type: 'deleted' }


export const projectSectionsMachine = setup({
  types: {
    context: {} as ProjectSectionsContext,
    events: {} as ProjectSectionsEvent,
    emitted: {} as ProjectSectionsEmitted,
    input: {} as { project: Project },
  },
  actors: {
    saveProject: fromPromise<Project, { id: string; body: Record<string, unknown> }>(({ input }) => updateProject(input.id, input.body)),
    deleteProject: fromPromise<void, { id: string }>(({ input }) => deleteProject(input.id)),
  },
  actions: {
    assignProject: assign({ project: (_, params: { project: Project }) => params.project }),
    closeSection: assign({ section: null, draft: {}, error: null }),
  },
  guards: {
    isSaveValid: ({ event }) => event.type === 'section.save' && !event.invalid,
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
          actions: assign({ section: ({ event }) => event.section, draft: ({ event }) => event.draft, error: null }),
        },
        'project.refresh': { actions: { type: 'assignProject', params: ({ event }) => ({ project: event.project }) } },
        'project.toggleActive': 'togglingActive',
        'project.delete': 'confirmingDelete',
      },
    },
    editing: {
      on: {
        'draft.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }) }) },
        'section.cancel': { target: 'viewing', actions: 'closeSection' },
        'section.save': [
          { guard: 'isSaveValid', target: 'saving' },
          { actions: assign({ error: ({ event }) => event.invalid ?? null }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveProject',
        input: ({ context, event }) => ({ id: context.project._id, body: (event as Extract<ProjectSectionsEvent, { type: 'section.save' }>).body }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignProject', params: ({ event }) => ({ project: event.output }) },
            'closeSection',
            emit(({ event }) => ({ type: 'saved' as const, project: event.output })),
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error, 'Failed to save') }) },
      },
    },
    togglingActive: {
      invoke: {
        src: 'saveProject',
        input: ({ context }) => ({ id: context.project._id, body: { isActive: !context.project.isActive } }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignProject', params: ({ event }) => ({ project: event.output }) },
            emit(({ event }) => ({ type: 'saved' as const, project: event.output })),
            emit(({ event }) => ({
              type: 'notify' as const, tone: 'success' as const,
              text: event.output.isActive ? 'Project activated successfully' : 'Project deactivated successfully',
            })),
          ],
        },
        onError: {
          target: 'viewing',
          actions: emit(({ event }) => ({ type: 'notify' as const, tone: 'error' as const, text: withReason('Failed to update project status', event.error) })),
        },
      },
    },
    confirmingDelete: {
      on: { 'confirm.accept': 'deleting', 'confirm.cancel': 'viewing' },
    },
    deleting: {
      invoke: {
        src: 'deleteProject',
        input: ({ context }) => ({ id: context.project._id }),
        onDone: {
          target: 'deleted',
          actions: [emit({ type: 'notify' as const, tone: 'success' as const, text: 'Project deleted successfully' }), emit({ type: 'deleted' as const })],
        },
        onError: {
          target: 'viewing',
          actions: emit(({ event }) => ({ type: 'notify' as const, tone: 'error' as const, text: withReason('Failed to delete project', event.error) })),
        },
      },
    },
    deleted: { type: 'final' },
  },
})
