/**
 * Palette commands for everything issue 4 adds (SPEC.md 2 "Add Project", "Project detail"): the
 * Add Project flow, project files, images, repository and report. The screens publish small
 * handles (`view.addProject`, `view.projectFiles`...) whose functions send an event or open a
 * picker/dialog; commands only call them, they never fetch.
 */
import type { Command, CommandContext } from './registry'

/** A handle a files section publishes: `open` actions by name, and why the section is busy (or null). */
export interface SectionHandle<A extends string> {
  run: (action: A) => void
  /** Per action: why it cannot run now, or null. */
  disabled?: Partial<Record<A, string | null>>
}

declare module './registry' {
  interface ViewCommandContext {
    addProject?: SectionHandle<'submit' | 'upload' | 'chooseFolder' | 'chooseZip' | 'chooseImages' | 'clear'> & { submitLabel: string }
    projectFiles?: SectionHandle<'chooseFolder' | 'chooseZip' | 'upload'>
    projectImages?: SectionHandle<'add'>
    repository?: SectionHandle<'addCollaborator' | 'createBranch' | 'archive' | 'togglePrivate' | 'delete'>
    report?: SectionHandle<'upload' | 'download' | 'delete' | 'price'>
  }
}

type Key = 'addProject' | 'projectFiles' | 'projectImages' | 'repository' | 'report'

/** One command over `ctx.view[key].run(action)`, shown only while that section is on screen. */
function sectionCommand(key: Key, action: string, id: string, title: string, keywords: string[], extra: Partial<Command> = {}): Command {
  const handle = (ctx: CommandContext) => ctx.view[key] as SectionHandle<string> | undefined
  return {
    id, title, group: key === 'addProject' ? 'Add Project' : 'Project files', keywords,
    when: (ctx) => !!handle(ctx),
    disabledReason: (ctx) => handle(ctx)?.disabled?.[action] ?? null,
    run: (ctx) => handle(ctx)?.run(action),
    ...extra,
  }
}

export const filesCommands: Command[] = [
  sectionCommand('addProject', 'submit', 'addProject.submit', 'Create Project / Publish Project', ['create', 'publish', 'save'], {
    label: (ctx) => ctx.view.addProject?.submitLabel ?? 'Create Project',
  }),
  sectionCommand('addProject', 'upload', 'addProject.upload', 'Upload project files', ['upload', 'source', 'files']),
  sectionCommand('addProject', 'chooseFolder', 'addProject.chooseFolder', 'Select source folder', ['folder', 'source']),
  sectionCommand('addProject', 'chooseZip', 'addProject.chooseZip', 'Select source ZIP', ['zip', 'archive', 'source']),
  sectionCommand('addProject', 'chooseImages', 'addProject.chooseImages', 'Add images', ['images', 'media', 'pictures']),
  sectionCommand('addProject', 'clear', 'addProject.clear', 'Clear selected files', ['clear', 'remove']),
  sectionCommand('projectFiles', 'chooseFolder', 'projectFiles.chooseFolder', 'Select folder to re-upload', ['folder', 'source']),
  sectionCommand('projectFiles', 'chooseZip', 'projectFiles.chooseZip', 'Select ZIP to re-upload', ['zip', 'archive']),
  sectionCommand('projectFiles', 'upload', 'projectFiles.upload', 'Upload project files', ['upload', 'source', 'files']),
  sectionCommand('projectImages', 'add', 'projectImages.add', 'Add images', ['images', 'media', 'pictures']),
  sectionCommand('repository', 'addCollaborator', 'repository.addCollaborator', 'Add collaborator', ['github', 'user', 'access']),
  sectionCommand('repository', 'createBranch', 'repository.createBranch', 'Create branch', ['github', 'git', 'branch']),
  sectionCommand('repository', 'archive', 'repository.archive', 'Download repository archive', ['zip', 'archive', 'git']),
  sectionCommand('repository', 'togglePrivate', 'repository.togglePrivate', 'Toggle repository privacy', ['private', 'public']),
  sectionCommand('repository', 'delete', 'repository.delete', 'Delete repository', ['github', 'remove']),
  sectionCommand('report', 'upload', 'report.upload', 'Upload report', ['report', 'docx', 'word']),
  sectionCommand('report', 'download', 'report.download', 'Download report', ['report']),
  sectionCommand('report', 'delete', 'report.delete', 'Delete report', ['report', 'remove']),
  sectionCommand('report', 'price', 'report.price', 'Set report price', ['report', 'price']),
]
