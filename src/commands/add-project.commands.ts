/**
 * Add Project commands (`projects.new.*`; SPEC.md 2 "Add Project", 4 "Add Project flow"): the
 * buttons, checkboxes and palette entries of /projects/new. The view publishes its upload actor
 * as `view.addProject`; every command reads that actor's snapshot for its rule and sends it a
 * typed event (pickers: '*.choose', which the machine answers with 'picker.open').
 */
import type { RowVersions } from '../api/schemas/versions'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { VerificationStatus } from '../api/schemas/projects'
import type { AddProjectValues } from '../machines/add-project.form'
import { statusTitle } from '../lib/status-title'
import { MAX_IMAGES, percentOf } from '../machines/shared/upload-files.rules'
import type { UploadEvent, uploadMachine } from '../machines/upload.machine'
import type { uploadDraftsMachine } from '../machines/upload-drafts.machine'
import type { Command, CommandContext } from './registry'

/** What the Add Project view publishes as `view.addProject`. */
export type AddProjectActor = ActorRefFrom<typeof uploadMachine>

/** What the Add Project view publishes as `view.staleDrafts`: the delete flow, the stale drafts' ids and their versions as listed. */
export type StaleDrafts = {
  actor: ActorRefFrom<typeof uploadDraftsMachine>
  ids: readonly string[]
  versions?: RowVersions
}

declare module './registry' {
  interface ViewCommandContext {
    /** The Add Project flow, while /projects/new is on screen. */
    addProject?: AddProjectActor
    /** The drafts untouched for STALE_DRAFT_DAYS, while /projects/new lists them. */
    staleDrafts?: StaleDrafts
    /** The picked files' folder tree: which folders are open, and opening or closing one. */
    sourceTree?: { isOpen: (path: string) => boolean; toggle: (path: string) => void }
  }
}

const GROUP = 'Add Project'
const snap = (ctx: CommandContext): SnapshotFrom<typeof uploadMachine> | undefined => ctx.view.addProject?.getSnapshot()
const send = (ctx: CommandContext, event: UploadEvent) => ctx.view.addProject?.send(event)
const onScreen = (ctx: CommandContext) => !!ctx.view.addProject
const uploading = (s: SnapshotFrom<typeof uploadMachine>) =>
  s.matches({ busy: 'creatingDraft' }) ||
  s.matches({ busy: 'planningResume' }) ||
  s.matches({ busy: 'uploadingSource' }) ||
  (s.matches({ busy: 'uploadingImages' }) && s.context.intent === 'upload')

/** Why the flow cannot take a new step now, or null in `editing`. */
export function addProjectBusy(ctx: CommandContext): string | null {
  const s = snap(ctx)
  if (!s || s.matches('editing')) return null
  if (s.matches('readingZip')) return 'Reading the ZIP…'
  if (s.matches('failed')) return 'Retry or dismiss the failed step first.'
  return 'Working…'
}
const focusedOf = (ctx: CommandContext, kind: string) => (ctx.view.focused?.kind === kind ? ctx.view.focused.id : null)

/** A checkbox of the form: toggles one boolean field. */
function toggle(
  field: keyof AddProjectValues &
    ('isActive' | 'isFeatured' | 'allowsCustomization' | 'includesInstallationSupport' | 'hasReport'),
  id: string,
  title: string,
): Command {
  return {
    id,
    title,
    group: GROUP,
    keywords: ['checkbox', 'toggle'],
    when: onScreen,
    checked: (ctx) => !!snap(ctx)?.context.values[field],
    run: (ctx) => {
      const values = snap(ctx)?.context.values
      if (values) send(ctx, { type: 'form.change', patch: { [field]: !values[field] } })
    },
  }
}

type OptionField = 'category' | 'difficulty' | 'verificationStatus'

/**
 * A select option of the form: `field` takes the option's `target.id` (a category, a difficulty,
 * an initial verification status). Runs with the value as target; not a palette entry of its own.
 */
function formOption(field: OptionField, title: string, labelOf: (value: string) => string = (v) => v): Command {
  return {
    id: `projects.new.field.${field}`,
    title,
    group: GROUP,
    label: (ctx) => (ctx.view.focused ? labelOf(ctx.view.focused.id) : title),
    when: (ctx) => onScreen(ctx) && ctx.view.focused?.kind === field,
    checked: (ctx) => snap(ctx)?.context.values[field] === ctx.view.focused?.id,
    disabledReason: addProjectBusy,
    run: (ctx) => ctx.view.focused && send(ctx, { type: 'form.change', patch: { [field]: ctx.view.focused.id } }),
  }
}

/** The options of an Add Project select: one command with each value as target. */
export const formOptions = (field: OptionField, values: readonly string[]) =>
  values.map((id) => ({ id: `projects.new.field.${field}`, target: { kind: field, id } }))

/** `projects.new.*`, in the order the '?' sheet lists them. */
export const addProjectCommands: Command[] = [
  {
    id: 'projects.new.submit',
    title: 'Create Project / Publish Project',
    group: GROUP,
    keywords: ['create', 'publish', 'save'],
    when: onScreen,
    label: (ctx) => (snap(ctx)?.context.projectId ? 'Publish Project' : 'Create Project'),
    disabledReason: (ctx) => {
      const s = snap(ctx)
      if (s && s.context.files.length > 0 && !s.context.projectId)
        return 'Please upload files first before publishing the project.'
      return addProjectBusy(ctx)
    },
    run: (ctx) => send(ctx, { type: 'project.submit' }),
  },
  {
    id: 'projects.new.upload',
    title: 'Upload Files',
    group: GROUP,
    keywords: ['upload', 'source', 'files'],
    when: onScreen,
    label: (ctx) => {
      const s = snap(ctx)
      return s && uploading(s) ? `Uploading ${percentOf(s.context.done, s.context.files.length)}%` : 'Upload Files'
    },
    disabledReason: addProjectBusy,
    run: (ctx) => send(ctx, { type: 'upload.start' }),
  },
  {
    id: 'projects.new.chooseFolder',
    title: 'Select Folder',
    group: GROUP,
    keywords: ['folder', 'source'],
    when: onScreen,
    disabledReason: addProjectBusy,
    run: (ctx) => send(ctx, { type: 'folder.choose' }),
  },
  {
    id: 'projects.new.chooseZip',
    title: 'Select ZIP',
    group: GROUP,
    keywords: ['zip', 'archive', 'source'],
    when: onScreen,
    disabledReason: addProjectBusy,
    run: (ctx) => send(ctx, { type: 'zip.choose' }),
  },
  {
    id: 'projects.new.chooseImages',
    title: 'Add images',
    group: GROUP,
    keywords: ['images', 'media', 'pictures'],
    when: onScreen,
    disabledReason: (ctx) => {
      const s = snap(ctx)
      if (!s) return null
      if (s.context.imagesUploaded) return 'Images were uploaded with the draft'
      if (s.matches({ busy: 'uploadingImages' })) return 'The images are being uploaded'
      return s.context.images.length >= MAX_IMAGES ? 'Maximum 5 images allowed.' : null
    },
    run: (ctx) => send(ctx, { type: 'images.choose' }),
  },
  {
    id: 'projects.new.clear',
    title: 'Clear all',
    group: GROUP,
    keywords: ['clear', 'remove', 'files'],
    when: onScreen,
    disabledReason: (ctx) => addProjectBusy(ctx) ?? (snap(ctx)?.context.files.length ? null : 'No files selected'),
    run: (ctx) => send(ctx, { type: 'files.clear' }),
  },
  {
    id: 'projects.new.removeFile',
    title: 'Remove file',
    group: GROUP,
    when: (ctx) => onScreen(ctx) && focusedOf(ctx, 'file') !== null,
    disabledReason: addProjectBusy,
    run: (ctx) => send(ctx, { type: 'file.remove', path: focusedOf(ctx, 'file') ?? '' }),
  },
  {
    id: 'projects.new.removeImage',
    title: 'Remove image',
    group: GROUP,
    when: (ctx) => onScreen(ctx) && focusedOf(ctx, 'image') !== null,
    disabledReason: (ctx) => (snap(ctx)?.context.imagesUploaded ? 'Images were uploaded with the draft' : null),
    run: (ctx) => send(ctx, { type: 'image.remove', index: Number(focusedOf(ctx, 'image')) }),
  },
  {
    id: 'projects.new.toggleFolder',
    title: 'Open or close a folder of the selected files',
    group: GROUP,
    keywords: ['folder', 'expand', 'collapse', 'tree'],
    when: (ctx) => onScreen(ctx) && !!ctx.view.sourceTree && focusedOf(ctx, 'folder') !== null,
    label: (ctx) => (ctx.view.sourceTree?.isOpen(focusedOf(ctx, 'folder') ?? '') ? 'Close folder' : 'Open folder'),
    checked: (ctx) => !!ctx.view.sourceTree?.isOpen(focusedOf(ctx, 'folder') ?? ''),
    run: (ctx) => ctx.view.sourceTree?.toggle(focusedOf(ctx, 'folder') ?? ''),
  },
  {
    id: 'projects.new.resumeDraft',
    title: 'Resume draft',
    group: GROUP,
    keywords: ['draft', 'resume', 'continue', 'unfinished'],
    when: (ctx) => onScreen(ctx) && focusedOf(ctx, 'draft') !== null,
    disabledReason: (ctx) => (snap(ctx)?.context.projectId ? 'A draft is already open here' : addProjectBusy(ctx)),
    run: (ctx) => send(ctx, { type: 'draft.open', projectId: focusedOf(ctx, 'draft') ?? '' }),
  },
  {
    id: 'projects.new.deleteStaleDrafts',
    title: 'Delete stale drafts',
    group: GROUP,
    keywords: ['draft', 'stale', 'delete', 'clean up'],
    when: (ctx) => onScreen(ctx) && (ctx.view.staleDrafts?.ids.length ?? 0) > 0,
    label: (ctx) => `Delete stale drafts (${ctx.view.staleDrafts?.ids.length ?? 0})`,
    disabledReason: (ctx) => (ctx.view.staleDrafts?.actor.getSnapshot().matches('idle') === false ? 'Deleting…' : null),
    run: (ctx) => {
      const stale = ctx.view.staleDrafts
      stale?.actor.send({ type: 'stale.delete', ids: [...stale.ids], versions: stale.versions })
    },
  },
  {
    id: 'projects.new.retry',
    title: 'Retry failed step',
    group: GROUP,
    when: (ctx) => !!snap(ctx)?.matches('failed'),
    run: (ctx) => send(ctx, { type: 'step.retry' }),
  },
  {
    id: 'projects.new.dismiss',
    title: 'Dismiss',
    group: GROUP,
    when: (ctx) => !!snap(ctx)?.context.error,
    run: (ctx) => send(ctx, { type: 'error.dismiss' }),
  },
  {
    id: 'projects.new.cancel',
    title: 'Cancel',
    group: GROUP,
    keywords: ['back', 'projects'],
    when: onScreen,
    disabledReason: (ctx) => (snap(ctx)?.matches('busy') ? 'Working…' : null),
    run: (ctx) => ctx.navigate('/projects'),
  },
  toggle('isActive', 'projects.new.toggleActive', 'Active'),
  toggle('isFeatured', 'projects.new.toggleFeatured', 'Featured'),
  toggle('allowsCustomization', 'projects.new.toggleCustomization', 'Allows customization'),
  toggle('includesInstallationSupport', 'projects.new.toggleInstallation', 'Includes installation support'),
  toggle('hasReport', 'projects.new.toggleReport', 'Has report'),
  formOption('category', 'Set the category'),
  formOption('difficulty', 'Set the difficulty'),
  formOption('verificationStatus', 'Set the initial verification status', (s) => statusTitle(s as VerificationStatus)),
]
