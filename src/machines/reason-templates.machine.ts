/**
 * The reason-templates editor of Settings: the admin's saved verification notes
 * (src/api/schemas/preferences.ts), edited in place and saved whole after every change.
 * States: docs/machines/reasonTemplates.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import * as v from 'valibot'
import { errorText } from '../api/error-text'
import { updatePreferences } from '../api/preferences'
import {
  REASON_TEMPLATE_LIMIT,
  ReasonTemplateSchema,
  type ReasonTemplate,
  type TemplateDecision,
} from '../api/schemas/preferences'

/** The form's template and whether it is a new one. */
export type TemplateForm = { template: ReasonTemplate; isNew: boolean }

export interface ReasonTemplatesContext {
  templates: ReasonTemplate[]
  focus: number
  form: TemplateForm | null
  error: string | null
}

export type ReasonTemplatesEvent =
  | { type: 'templates.loaded'; templates: ReasonTemplate[] }
  | { type: 'focus.next' }
  | { type: 'focus.prev' }
  | { type: 'focus.set'; index: number }
  | { type: 'add'; id: string }
  | { type: 'edit' }
  | { type: 'delete' }
  | { type: 'move'; by: -1 | 1 }
  | { type: 'form.change'; field: 'label' | 'text'; value: string }
  | { type: 'form.toggleDecision'; decision: TemplateDecision }
  | { type: 'form.save' }
  | { type: 'form.cancel' }

export type ReasonTemplatesEmitted = { type: 'templates.saved'; templates: ReasonTemplate[]; text: string }

/** The first problem of a template as the server would word it, or null when it is valid. */
export function templateError(template: ReasonTemplate): string | null {
  const result = v.safeParse(ReasonTemplateSchema, template)
  return result.success ? null : result.issues[0].message
}

const clamp = (n: number, length: number) => Math.max(0, Math.min(n, length - 1))

/** The list `move` saves: the focused template swapped with its neighbour. */
export function moved(templates: readonly ReasonTemplate[], index: number, by: -1 | 1): ReasonTemplate[] {
  const to = index + by
  if (to < 0 || to >= templates.length) return [...templates]
  const list = [...templates]
  ;[list[index], list[to]] = [list[to], list[index]]
  return list
}

/** The list a saved form makes: a new template appended, an edited one replaced in place. */
export function withForm(templates: readonly ReasonTemplate[], form: TemplateForm): ReasonTemplate[] {
  const template = { ...form.template, label: form.template.label.trim(), text: form.template.text.trim() }
  return form.isNew ? [...templates, template] : templates.map((t) => (t.id === template.id ? template : t))
}

type Pending = { list: ReasonTemplate[]; text: string; focus: number }

export const reasonTemplatesMachine = setup({
  types: {
    context: {} as ReasonTemplatesContext & { pending: Pending | null },
    events: {} as ReasonTemplatesEvent,
    emitted: {} as ReasonTemplatesEmitted,
  },
  actors: {
    save: fromPromise<ReasonTemplate[], { templates: ReasonTemplate[] }>(
      async ({ input }) => (await updatePreferences({ reasonTemplates: input.templates })).reasonTemplates,
    ),
  },
  actions: {
    setTemplates: assign(({ context }, params: { templates: ReasonTemplate[] }) => ({
      templates: params.templates,
      focus: clamp(context.focus, params.templates.length),
    })),
    moveFocus: assign(({ context }, params: { by: number }) => ({
      focus: clamp(context.focus + params.by, context.templates.length),
    })),
    openNew: assign(
      (_, params: { id: string }) =>
        ({
          form: { isNew: true, template: { id: params.id, label: '', text: '', decisions: ['needs_changes'] } },
          error: null,
        }) as Partial<ReasonTemplatesContext>,
    ),
    openFocused: assign(({ context }) => ({
      form: { isNew: false, template: { ...context.templates[context.focus] } },
      error: null,
    })),
    changeField: assign(({ context }, params: { field: 'label' | 'text'; value: string }) => ({
      form: context.form && { ...context.form, template: { ...context.form.template, [params.field]: params.value } },
    })),
    toggleDecision: assign(({ context }, params: { decision: TemplateDecision }) => {
      if (!context.form) return {}
      const has = context.form.template.decisions.includes(params.decision)
      const decisions = has
        ? context.form.template.decisions.filter((d) => d !== params.decision)
        : [...context.form.template.decisions, params.decision]
      return { form: { ...context.form, template: { ...context.form.template, decisions } } }
    }),
    closeForm: assign({ form: null, error: null }),
    holdSave: assign((_, params: Pending) => ({ pending: params, error: null })),
    finishSave: assign(({ context }, params: { templates: ReasonTemplate[] }) => ({
      templates: params.templates,
      form: null,
      pending: null,
      focus: clamp(context.pending?.focus ?? context.focus, params.templates.length),
    })),
    announce: emit(({ context }, params: { templates: ReasonTemplate[] }) => ({
      type: 'templates.saved' as const,
      templates: params.templates,
      text: context.pending?.text ?? 'Templates saved',
    })),
    setError: assign((_, params: { error: unknown }) => ({
      error: errorText(params.error, 'Request failed'),
      pending: null,
    })),
  },
  guards: {
    hasFocused: ({ context }) => context.templates.length > 0,
    hasRoom: ({ context }) => context.templates.length < REASON_TEMPLATE_LIMIT,
    formValid: ({ context }) => !!context.form && templateError(context.form.template) === null,
    canMove: ({ context }, params: { by: -1 | 1 }) => {
      const to = context.focus + params.by
      return context.templates.length > 0 && to >= 0 && to < context.templates.length
    },
    hasForm: ({ context }) => !!context.form,
  },
}).createMachine({
  id: 'reasonTemplates',
  context: { templates: [], focus: 0, form: null, error: null, pending: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'templates.loaded': {
          actions: { type: 'setTemplates', params: ({ event }) => ({ templates: event.templates }) },
        },
        'focus.next': { actions: { type: 'moveFocus', params: { by: 1 } } },
        'focus.prev': { actions: { type: 'moveFocus', params: { by: -1 } } },
        'focus.set': {
          actions: assign(({ context, event }) => ({ focus: clamp(event.index, context.templates.length) })),
        },
        add: {
          guard: 'hasRoom',
          target: 'editing',
          actions: { type: 'openNew', params: ({ event }) => ({ id: event.id }) },
        },
        edit: { guard: 'hasFocused', target: 'editing', actions: 'openFocused' },
        delete: {
          guard: 'hasFocused',
          target: 'saving',
          actions: {
            type: 'holdSave',
            params: ({ context }) => ({
              list: context.templates.filter((_, i) => i !== context.focus),
              text: `Template deleted: ${context.templates[context.focus].label}`,
              focus: context.focus,
            }),
          },
        },
        move: {
          guard: { type: 'canMove', params: ({ event }) => ({ by: event.by }) },
          target: 'saving',
          actions: {
            type: 'holdSave',
            params: ({ context, event }) => ({
              list: moved(context.templates, context.focus, event.by),
              text: 'Templates reordered',
              focus: context.focus + event.by,
            }),
          },
        },
      },
    },
    editing: {
      on: {
        'form.change': {
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.toggleDecision': {
          actions: { type: 'toggleDecision', params: ({ event }) => ({ decision: event.decision }) },
        },
        'form.save': {
          guard: 'formValid',
          target: 'saving',
          actions: {
            type: 'holdSave',
            params: ({ context }) => {
              const list = withForm(context.templates, context.form!)
              return {
                list,
                text: context.form!.isNew ? 'Template added' : 'Template saved',
                focus: context.form!.isNew ? list.length - 1 : context.focus,
              }
            },
          },
        },
        'form.cancel': { target: 'idle', actions: 'closeForm' },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ templates: context.pending?.list ?? context.templates }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'announce', params: ({ event }) => ({ templates: event.output }) },
            { type: 'finishSave', params: ({ event }) => ({ templates: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'hasForm',
            target: 'editing',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
})
