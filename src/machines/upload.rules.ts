/**
 * The texts and small rules of the Add Project flow (SPEC.md 5 "Add Project", 8 "Projects",
 * "Success messages"), kept apart from upload.machine.ts so the machine reads as states only.
 */
import { errorReason } from '../api/error-text'
import type { Project } from '../api/schemas/projects'
import type { UploadGithubSchema } from '../api/schemas/upload'
import type { InferOutput } from 'valibot'
import { acceptImages, MAX_IMAGES, type Selection } from './shared/upload-files.rules'

/** The I/O steps that can fail and be retried. */
export type UploadStep = 'draft' | 'source' | 'images' | 'create' | 'publish'
/** The banner of the flow: a SPEC.md title and the server's reason, if any. */
export type FlowError = { title: string; detail?: string }

/** The alert of each failed step (SPEC.md 8). */
export const STEP_TITLES: Record<UploadStep, string> = {
  draft: 'Draft project creation failed',
  source: 'Upload failed',
  images: 'Failed to upload images',
  create: 'Create project failed',
  publish: 'Update failed',
}

/** Visible refusals: an input the current state cannot take is answered, never dropped. */
export const REFUSALS = {
  submitting: 'The project is being saved with these images; wait for it to finish.',
  imagesUploading: 'The images are being uploaded; add or remove images once the upload is done.',
  imagesUploaded: 'The images were uploaded with the draft; change them on the project page after publishing.',
  sourceBusy: 'Wait for the upload to finish before changing the files.',
  retryFirst: 'Retry or dismiss the failed step first.',
  stepRunning: 'Wait for the current step to finish.',
  nothingToRetry: 'There is no failed step to retry.',
  draftOpen: 'A draft is already open here; publish it, or leave Add Project to open another.',
} as const

/** `{ title, detail }` of a failed step, with the server's reason as the detail. */
export const stepError = (step: UploadStep, error: unknown): FlowError => ({
  title: STEP_TITLES[step],
  detail: errorReason(error),
})

/** SPEC.md 5: a ZIP that cannot be read on Add Project, with the reader's own text as the detail. */
export const zipError = (error: unknown): FlowError => ({ title: 'Failed to process ZIP', detail: errorReason(error) })

/** Context after a new selection (folder or ZIP): repository details of an older upload no longer apply. */
export const newSelection = (selection: Selection) => ({
  files: selection.files,
  excluded: selection.excluded,
  github: null,
  notice: null,
  error: selection.files.length === 0 ? { title: 'No valid files to upload' } : null,
})

/** Images after adding `files` to `current`: jpeg/png/webp only, at most 5; the error says what was left out. */
export function addImages(
  current: readonly File[],
  files: readonly File[],
): { images: File[]; error: FlowError | null } {
  const { kept, overflow, wrongType } = acceptImages(files, MAX_IMAGES - current.length)
  const error =
    overflow > 0
      ? { title: 'Maximum 5 images allowed.' }
      : wrongType > 0
        ? { title: 'Images must be JPEG, PNG or WebP' }
        : null
  return { images: [...current, ...kept], error }
}

/**
 * The notice after Upload Files (SPEC.md 8): failures first, then what was really sent. Images
 * are named only when this upload sent some.
 */
export function uploadNotice(failedCount: number, imagesSent: number): string {
  if (failedCount > 0) return `Upload completed with ${failedCount} failed files`
  return imagesSent > 0 ? 'Files and images uploaded successfully' : 'Upload completed successfully!'
}

/** The notice of a resumed upload: how many of its chunks the server already had. */
export const resumeText = (skipped: number, total: number) => `Resuming: ${skipped} of ${total} chunks already uploaded`

/** What Add Project says of an opened draft's staged upload before the user re-picks the files. */
export function draftNotice(upload: { totalChunks: number; chunks: readonly { files: number }[] } | null): string {
  if (!upload || upload.chunks.length === 0)
    return 'Draft opened. Select the folder or ZIP again and Upload Files to send it.'
  const files = upload.chunks.reduce((sum, c) => sum + c.files, 0)
  return (
    `Draft opened: the server holds ${upload.chunks.length} of ${upload.totalChunks} chunks (${files} files). ` +
    'Select the same folder or ZIP again and Upload Files to send the rest.'
  )
}

/** A project's repository as the chunk response names it (a draft whose upload was committed). */
export function githubOf(project: Project): InferOutput<typeof UploadGithubSchema> | null {
  const repo = project.githubRepo
  if (!project.hasFiles || !repo) return null
  return {
    repoName: repo.name,
    repoUrl: repo.url,
    cloneUrl: repo.cloneUrl,
    sshUrl: repo.sshUrl,
    private: repo.private,
    createdAt: repo.createdAt,
  }
}

/** True while leaving would lose work: a step runs, or files are picked but not yet on the server. */
export const leavingLosesWork = (busy: boolean, context: { files: readonly unknown[]; github: unknown }) =>
  busy || (context.files.length > 0 && context.github === null)
