/**
 * The reason-templates editor's commands (Settings → Reason templates): j/k focus a
 * template, n adds one, e (or Enter) edits the focused one, # deletes it, Shift+K / Shift+J move it
 * up or down (each change is saved at once); in the form the decision checkboxes, Ctrl/Cmd+Enter
 * saves and Escape cancels. They read what the tab publishes (`reasonTemplates`) and only send
 * events to its actor.
 */
import type { ActorRefFrom } from 'xstate'
import { REASON_TEMPLATE_LIMIT, TEMPLATE_DECISIONS, type TemplateDecision } from '../api/schemas/preferences'
import type { reasonTemplatesMachine } from '../machines/reason-templates.machine'
import { statusTitle } from '../lib/status-title'
import type { Command, CommandContext } from './registry'

/** What the Reason templates tab publishes for its commands. */
export interface ReasonTemplatesHandle {
  actor: Pick<ActorRefFrom<typeof reasonTemplatesMachine>, 'send'>
  /** The form is open. */
  editing: boolean
  /** A save is under way. */
  busy: boolean
  count: number
  focus: number
  /** The form's decisions (empty without a form). */
  decisions: readonly TemplateDecision[]
  /** Why the form cannot be saved, or null. */
  formError: string | null
}

declare module './registry' {
  interface ViewCommandContext {
    reasonTemplates?: ReasonTemplatesHandle
  }
}

const GROUP = 'Reason templates'
const tab = (ctx: CommandContext) => ctx.view.reasonTemplates
const send = (ctx: CommandContext, event: Parameters<ReasonTemplatesHandle['actor']['send']>[0]) =>
  tab(ctx)?.actor.send(event)
const onList = (ctx: CommandContext) => !!tab(ctx) && !tab(ctx)!.editing
const inForm = (ctx: CommandContext) => !!tab(ctx)?.editing
const busy = (ctx: CommandContext) => (tab(ctx)?.busy ? 'Wait for the save to finish' : null)
const needsFocus = (ctx: CommandContext) => busy(ctx) ?? (tab(ctx)?.count ? null : 'No template yet: add one with N')

/** A new template id (unique in the list: random). */
const newId = () => `t-${globalThis.crypto.randomUUID()}`

export const reasonTemplatesCommands: Command[] = [
  {
    id: 'settings.templates.focusNext',
    title: 'Next template',
    group: GROUP,
    shortcut: 'j',
    when: onList,
    run: (ctx) => send(ctx, { type: 'focus.next' }),
  },
  {
    id: 'settings.templates.focusPrev',
    title: 'Previous template',
    group: GROUP,
    shortcut: 'k',
    when: onList,
    run: (ctx) => send(ctx, { type: 'focus.prev' }),
  },
  {
    id: 'settings.templates.add',
    title: 'Add a reason template',
    label: () => 'New template',
    group: GROUP,
    shortcut: 'n',
    keywords: ['template', 'reason', 'add', 'new'],
    when: onList,
    disabledReason: (ctx) =>
      busy(ctx) ??
      ((tab(ctx)?.count ?? 0) >= REASON_TEMPLATE_LIMIT ? `At most ${REASON_TEMPLATE_LIMIT} templates` : null),
    run: (ctx) => send(ctx, { type: 'add', id: newId() }),
  },
  {
    id: 'settings.templates.edit',
    title: 'Edit the focused template',
    label: () => 'Edit',
    group: GROUP,
    shortcut: 'e',
    altShortcuts: ['enter'],
    when: onList,
    disabledReason: needsFocus,
    run: (ctx) => send(ctx, { type: 'edit' }),
  },
  {
    id: 'settings.templates.delete',
    title: 'Delete the focused template',
    label: () => 'Delete',
    group: GROUP,
    shortcut: '#',
    when: onList,
    disabledReason: needsFocus,
    run: (ctx) => send(ctx, { type: 'delete' }),
  },
  {
    id: 'settings.templates.moveUp',
    title: 'Move the focused template up',
    label: () => 'Move up',
    group: GROUP,
    shortcut: 'shift+k',
    when: onList,
    disabledReason: (ctx) => needsFocus(ctx) ?? (tab(ctx)?.focus ? null : 'Already first'),
    run: (ctx) => send(ctx, { type: 'move', by: -1 }),
  },
  {
    id: 'settings.templates.moveDown',
    title: 'Move the focused template down',
    label: () => 'Move down',
    group: GROUP,
    shortcut: 'shift+j',
    when: onList,
    disabledReason: (ctx) =>
      needsFocus(ctx) ?? ((tab(ctx)?.focus ?? 0) < (tab(ctx)?.count ?? 0) - 1 ? null : 'Already last'),
    run: (ctx) => send(ctx, { type: 'move', by: 1 }),
  },
  ...TEMPLATE_DECISIONS.map((decision): Command => ({
    id: `settings.templates.decision.${decision}`,
    title: `Offer the template for: ${statusTitle(decision)}`,
    label: () => statusTitle(decision),
    group: GROUP,
    when: inForm,
    checked: (ctx) => !!tab(ctx)?.decisions.includes(decision),
    run: (ctx) => send(ctx, { type: 'form.toggleDecision', decision }),
  })),
  {
    id: 'settings.templates.save',
    title: 'Save the template',
    label: () => 'Save template',
    group: GROUP,
    shortcut: 'mod+enter',
    when: inForm,
    disabledReason: (ctx) => busy(ctx) ?? tab(ctx)?.formError ?? null,
    run: (ctx) => send(ctx, { type: 'form.save' }),
  },
  {
    id: 'settings.templates.cancel',
    title: 'Cancel editing the template',
    label: () => 'Cancel',
    group: GROUP,
    shortcut: 'escape',
    when: inForm,
    run: (ctx) => send(ctx, { type: 'form.cancel' }),
  },
]
