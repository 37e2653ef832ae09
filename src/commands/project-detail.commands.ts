/**
 * Project detail commands (SPEC.md 2 "Project detail"): back (u), activate/deactivate (e), delete
 * (#), edit a section, save (mod+enter) / cancel (escape) the open section, settle a stale save
 * (keep mine: m, take theirs: t; decision 042), and the draft's checkboxes and selects
 * (`projects.detail.field.*`). They read what the detail view publishes
 * (`projectDetail`) and send typed events to its sections actor, or navigate.
 */
import type { ActorRefFrom } from 'xstate'
import { DIFFICULTIES } from '../api/schemas/projects'
import type { projectSectionsMachine, SectionDraft } from '../machines/project-sections.machine'
import type { SectionId } from '../machines/project-sections.form'
import type { Command, CommandContext } from './registry'
import { conflictCommands } from './conflict.commands'

/** What the project detail view publishes for its commands. */
export interface ProjectDetailHandle {
  actor: ActorRefFrom<typeof projectSectionsMachine>
  isActive: boolean
  /** Open section or null. */
  editing: SectionId | null
  /** The open section's draft. */
  draft: SectionDraft
  /** Whether a save, toggle or delete is under way. */
  busy: boolean
  /** Whether the open section's save was refused as stale and waits for Keep mine / Take theirs. */
  conflict?: boolean
  /** The project's title, owner's name and category (reason templates fill them in). */
  about?: { title: string; owner: string | null; category: string }
}

declare module './registry' {
  interface ViewCommandContext {
    projectDetail?: ProjectDetailHandle
  }
}

const detail = (ctx: CommandContext) => ctx.view.projectDetail
const onDetail = (ctx: CommandContext) => !!detail(ctx)
const busyEditing = (ctx: CommandContext) => {
  if (detail(ctx)?.editing) return 'Save or cancel the open section first'
  return detail(ctx)?.busy ? 'Wait for the current change to finish' : null
}
const send = (ctx: CommandContext, event: Parameters<ProjectDetailHandle['actor']['send']>[0]) =>
  detail(ctx)?.actor.send(event)

/** The editable sections and their titles, in page order. */
export const SECTIONS: Array<[SectionId, string]> = [
  ['description', 'Description'],
  ['technologies', 'Technologies'],
  ['features', 'Features'],
  ['tags', 'Tags'],
  ['links', 'Links'],
  ['status', 'Status'],
  ['owner', 'Owner'],
  ['support', 'Support and Services'],
  ['details', 'Project Details'],
]

/** The draft's yes/no fields: section, field and label. */
export const DRAFT_CHECKBOXES: Array<[SectionId, string, string]> = [
  ['status', 'isActive', 'Active'],
  ['status', 'isFeatured', 'Featured'],
  ['status', 'isInStock', 'In stock'],
  ['support', 'allowsCustomization', 'Allows customization'],
  ['support', 'includesInstallationSupport', 'Includes installation support'],
  ['support', 'hasReport', 'Has report'],
]

const editingIn = (section: SectionId) => (ctx: CommandContext) => detail(ctx)?.editing === section

/** A select option of the draft: `field` takes the option's `target.id` (a category or a difficulty). */
function draftOption(field: 'category' | 'difficulty', title: string): Command {
  return {
    id: `projects.detail.field.${field}`,
    title,
    group: 'Project',
    label: (ctx) => ctx.view.focused?.id ?? title,
    // Runs with the value as target (the select's options); not a palette entry of its own.
    when: (ctx) => editingIn('details')(ctx) && ctx.view.focused?.kind === field,
    checked: (ctx) => detail(ctx)?.draft[field] === ctx.view.focused?.id,
    run: (ctx) => send(ctx, { type: 'draft.change', patch: { [field]: ctx.view.focused?.id ?? '' } }),
  }
}

export const projectDetailCommands: Command[] = [
  {
    id: 'projects.detail.back',
    title: 'Back to projects',
    group: 'Project',
    shortcut: 'u',
    when: onDetail,
    run: (ctx) => ctx.navigate('/projects'),
  },
  {
    id: 'projects.detail.toggleActive',
    title: 'Activate / deactivate project',
    group: 'Project',
    shortcut: 'e',
    when: onDetail,
    label: (ctx) => (detail(ctx)?.isActive ? 'Deactivate project' : 'Activate project'),
    disabledReason: busyEditing,
    run: (ctx) => send(ctx, { type: 'project.toggleActive' }),
  },
  {
    id: 'projects.detail.delete',
    title: 'Delete project',
    group: 'Project',
    shortcut: '#',
    when: onDetail,
    disabledReason: busyEditing,
    run: (ctx) => send(ctx, { type: 'project.delete' }),
  },
  {
    id: 'projects.detail.save',
    title: 'Save section',
    group: 'Project',
    shortcut: 'mod+enter',
    when: (ctx) => !!detail(ctx)?.editing && !detail(ctx)?.conflict,
    label: () => 'Save',
    disabledReason: (ctx) => (detail(ctx)?.busy ? 'Saving…' : null),
    run: (ctx) => send(ctx, { type: 'section.save' }),
  },
  {
    id: 'projects.detail.cancel',
    title: 'Cancel editing',
    group: 'Project',
    shortcut: 'escape',
    when: (ctx) => !!detail(ctx)?.editing,
    label: () => 'Cancel',
    disabledReason: (ctx) => (detail(ctx)?.busy ? 'Saving…' : null),
    run: (ctx) => send(ctx, { type: 'section.cancel' }),
  },
  ...conflictCommands({
    prefix: 'projects.detail',
    group: 'Project',
    noun: 'values',
    shortcuts: { keepMine: 'm', takeTheirs: 't' },
    when: (ctx) => !!detail(ctx)?.conflict,
    send,
  }),
  ...SECTIONS.map(([section, title]): Command => ({
    id: `projects.detail.edit.${section}`,
    title: `Edit ${title}`,
    group: 'Project',
    keywords: ['edit', 'section'],
    when: (ctx) => onDetail(ctx) && detail(ctx)?.editing !== section,
    disabledReason: busyEditing,
    run: (ctx) => send(ctx, { type: 'section.edit', section }),
  })),
  ...DRAFT_CHECKBOXES.map(([section, field, label]): Command => ({
    id: `projects.detail.field.${field}`,
    title: `Toggle ${label}`,
    group: 'Project',
    keywords: ['edit', label.toLowerCase()],
    label: () => label,
    when: editingIn(section),
    checked: (ctx) => detail(ctx)?.draft[field] === true,
    run: (ctx) => send(ctx, { type: 'draft.change', patch: { [field]: detail(ctx)?.draft[field] !== true } }),
  })),
  draftOption('category', 'Set the category'),
  draftOption('difficulty', 'Set the difficulty'),
]

/** The difficulty options of the details section (SPEC.md 9). */
export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((d) => ({
  id: 'projects.detail.field.difficulty',
  target: { kind: 'difficulty', id: d },
}))
