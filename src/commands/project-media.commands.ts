/**
 * Project files, images and report commands of the detail page (`projects.files.*`,
 * `projects.images.*`, `projects.report.*`; SPEC.md 2 "Project detail", 5, 7). The sections
 * publish their actors (`view.projectFiles`, `view.projectImages`, `view.projectReport`); commands
 * read the snapshots for their rules and send typed events. Per-item controls pass a target:
 * `{ kind: 'file', id: path }`, `{ kind: 'image', id: String(index) }`.
 */
import type { ActorRefFrom } from 'xstate'
import type { projectFilesMachine } from '../machines/project-files.machine'
import type { projectImagesMachine } from '../machines/project-images.machine'
import type { projectReportMachine } from '../machines/project-report.machine'
import { MAX_IMAGES, percentOf } from '../machines/shared/upload-files.rules'
import type { Command, CommandContext } from './registry'

declare module './registry' {
  interface ViewCommandContext {
    projectFiles?: ActorRefFrom<typeof projectFilesMachine>
    projectImages?: ActorRefFrom<typeof projectImagesMachine>
    projectReport?: ActorRefFrom<typeof projectReportMachine>
  }
}

const files = (ctx: CommandContext) => ctx.view.projectFiles?.getSnapshot()
const images = (ctx: CommandContext) => ctx.view.projectImages?.getSnapshot()
const report = (ctx: CommandContext) => ctx.view.projectReport?.getSnapshot()
const focusedOf = (ctx: CommandContext, kind: string) => (ctx.view.focused?.kind === kind ? ctx.view.focused.id : null)
const filesBusy = (ctx: CommandContext) => {
  const s = files(ctx)
  return s && (s.matches('uploading') || s.matches('reading')) ? 'Working…' : null
}
const imagesBusy = (ctx: CommandContext) => (images(ctx)?.matches('idle') === false ? 'Working…' : null)
const reportBusy = (ctx: CommandContext) => (report(ctx)?.matches('idle') === false ? 'Working…' : null)
const noReport = (ctx: CommandContext) =>
  reportBusy(ctx) ?? (report(ctx)?.context.hasReport ? null : 'No report uploaded')
/** Why image `index` cannot move one step, or null. */
const moveBlocked = (ctx: CommandContext, step: -1 | 1) => {
  const index = Number(focusedOf(ctx, 'image'))
  const count = images(ctx)?.context.images.length ?? 0
  return (
    imagesBusy(ctx) ??
    (index + step < 0 || index + step >= count
      ? step < 0
        ? 'Already the first image'
        : 'Already the last image'
      : null)
  )
}
const onImage = (ctx: CommandContext) => !!ctx.view.projectImages && focusedOf(ctx, 'image') !== null

const F = 'Project files'
const I = 'Project images'
const R = 'Report'

/** `projects.files.*`, `projects.images.*`, `projects.report.*`. */
export const projectMediaCommands: Command[] = [
  {
    id: 'projects.files.chooseFolder',
    title: 'Select Folder',
    group: F,
    keywords: ['re-upload', 'source'],
    when: (ctx) => !!ctx.view.projectFiles,
    disabledReason: filesBusy,
    run: (ctx) => ctx.view.projectFiles?.send({ type: 'folder.choose' }),
  },
  {
    id: 'projects.files.chooseZip',
    title: 'Select ZIP',
    group: F,
    keywords: ['re-upload', 'zip', 'archive'],
    when: (ctx) => !!ctx.view.projectFiles,
    disabledReason: filesBusy,
    run: (ctx) => ctx.view.projectFiles?.send({ type: 'zip.choose' }),
  },
  {
    id: 'projects.files.upload',
    title: 'Upload Files',
    group: F,
    keywords: ['re-upload', 'source'],
    when: (ctx) => !!ctx.view.projectFiles,
    label: (ctx) => {
      const s = files(ctx)
      return s?.matches('uploading')
        ? `Uploading ${percentOf(s.context.done, s.context.files.length)}%`
        : 'Upload Files'
    },
    disabledReason: (ctx) =>
      filesBusy(ctx) ?? (files(ctx)?.matches('failed') ? 'Retry or dismiss the failed upload first.' : null),
    run: (ctx) => ctx.view.projectFiles?.send({ type: 'upload.start' }),
  },
  {
    id: 'projects.files.clear',
    title: 'Clear all',
    group: F,
    when: (ctx) => !!ctx.view.projectFiles,
    disabledReason: (ctx) => filesBusy(ctx) ?? (files(ctx)?.context.files.length ? null : 'No files selected'),
    run: (ctx) => ctx.view.projectFiles?.send({ type: 'files.clear' }),
  },
  {
    id: 'projects.files.removeFile',
    title: 'Remove file',
    group: F,
    when: (ctx) => !!ctx.view.projectFiles && focusedOf(ctx, 'file') !== null,
    disabledReason: filesBusy,
    run: (ctx) => ctx.view.projectFiles?.send({ type: 'file.remove', path: focusedOf(ctx, 'file') ?? '' }),
  },
  {
    id: 'projects.files.retry',
    title: 'Retry upload',
    group: F,
    when: (ctx) => !!files(ctx)?.matches('failed'),
    run: (ctx) => ctx.view.projectFiles?.send({ type: 'step.retry' }),
  },
  {
    id: 'projects.files.dismiss',
    title: 'Dismiss',
    group: F,
    when: (ctx) => !!files(ctx)?.context.error,
    run: (ctx) => ctx.view.projectFiles?.send({ type: 'error.dismiss' }),
  },

  {
    id: 'projects.images.add',
    title: 'Add images',
    group: I,
    keywords: ['images', 'media', 'pictures'],
    when: (ctx) => !!ctx.view.projectImages,
    disabledReason: (ctx) =>
      imagesBusy(ctx) ?? ((images(ctx)?.context.images.length ?? 0) >= MAX_IMAGES ? 'Maximum 5 images allowed.' : null),
    run: (ctx) => ctx.view.projectImages?.send({ type: 'images.choose' }),
  },
  {
    id: 'projects.images.moveLeft',
    title: 'Move left',
    group: I,
    when: onImage,
    disabledReason: (ctx) => moveBlocked(ctx, -1),
    run: (ctx) =>
      ctx.view.projectImages?.send({ type: 'image.move', index: Number(focusedOf(ctx, 'image')), step: -1 }),
  },
  {
    id: 'projects.images.moveRight',
    title: 'Move right',
    group: I,
    when: onImage,
    disabledReason: (ctx) => moveBlocked(ctx, 1),
    run: (ctx) => ctx.view.projectImages?.send({ type: 'image.move', index: Number(focusedOf(ctx, 'image')), step: 1 }),
  },
  {
    id: 'projects.images.delete',
    title: 'Delete image',
    group: I,
    when: onImage,
    disabledReason: imagesBusy,
    run: (ctx) => ctx.view.projectImages?.send({ type: 'image.delete', index: Number(focusedOf(ctx, 'image')) }),
  },

  {
    id: 'projects.report.upload',
    title: 'Upload report',
    group: R,
    keywords: ['report', 'docx', 'word'],
    when: (ctx) => !!ctx.view.projectReport,
    label: (ctx) => (report(ctx)?.context.hasReport ? 'Replace report' : 'Upload report'),
    disabledReason: reportBusy,
    run: (ctx) => ctx.view.projectReport?.send({ type: 'report.choose' }),
  },
  {
    id: 'projects.report.download',
    title: 'Download report',
    group: R,
    keywords: ['report'],
    when: (ctx) => !!ctx.view.projectReport,
    disabledReason: noReport,
    run: (ctx) => ctx.view.projectReport?.send({ type: 'report.download' }),
  },
  {
    id: 'projects.report.delete',
    title: 'Delete report',
    group: R,
    keywords: ['report', 'remove'],
    when: (ctx) => !!ctx.view.projectReport,
    disabledReason: noReport,
    run: (ctx) => ctx.view.projectReport?.send({ type: 'report.delete' }),
  },
  {
    id: 'projects.report.price',
    title: 'Set report price',
    group: R,
    keywords: ['report', 'price'],
    when: (ctx) => !!ctx.view.projectReport,
    disabledReason: reportBusy,
    run: (ctx) => ctx.view.projectReport?.send({ type: 'report.price' }),
  },
]
