/**
 * Project detail and Verification History commands (SPEC.md 2 "Project detail"): back,
 * activate/deactivate (e), delete (#), edit a section, save (mod+enter) / cancel (escape) the open
 * section, and set a verification status (asks for the required notes). They read what the
 * detail view publishes (`projectDetail`) and send events or navigate.
 */
import type { ActorRefFrom } from 'xstate'
import { VERIFICATION_STATUSES, type VerificationStatus } from '../api/schemas/projects'
import type { projectSectionsMachine } from '../machines/project-sections.machine'
import type { SectionId } from '../views/projects/section-forms'
import type { Command, CommandContext } from './registry'

/** What the project detail view publishes for its commands. */
export interface ProjectDetailHandle {
  actor: ActorRefFrom<typeof projectSectionsMachine>
  isActive: boolean
  /** Open section or null. */
  editing: SectionId | null
  edit: (section: SectionId) => void
  save: () => void
  /** Opens the notes prompt for a status change (Quick Status Change). */
  requestStatus: (status: VerificationStatus) => void
}

declare module './registry' {
  interface ViewCommandContext {
    projectDetail?: ProjectDetailHandle
  }
}

const onDetail = (ctx: CommandContext) => !!ctx.view.projectDetail
const busyEditing = (ctx: CommandContext) => (ctx.view.projectDetail?.editing ? 'Save or cancel the open section first' : null)

const SECTIONS: Array<[SectionId, string]> = [
  ['description', 'Description'], ['technologies', 'Technologies'], ['features', 'Features'], ['tags', 'Tags'],
  ['links', 'Links'], ['status', 'Status'], ['owner', 'Owner'], ['support', 'Support and Services'], ['details', 'Project Details'],
]
const statusLabel = (s: VerificationStatus) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())

export const verificationCommands: Command[] = [
  { id: 'project.back', title: 'Back to projects', group: 'Project', shortcut: 'u', when: onDetail, run: (ctx) => ctx.navigate('/projects') },
  {
    id: 'project.toggleActive', title: 'Activate / deactivate project', group: 'Project', shortcut: 'e', when: onDetail,
    label: (ctx) => (ctx.view.projectDetail?.isActive ? 'Deactivate project' : 'Activate project'), disabledReason: busyEditing,
    run: (ctx) => ctx.view.projectDetail?.actor.send({ type: 'project.toggleActive' }),
  },
  {
    id: 'project.delete', title: 'Delete project', group: 'Project', shortcut: '#', when: onDetail, disabledReason: busyEditing,
    run: (ctx) => ctx.view.projectDetail?.actor.send({ type: 'project.delete' }),
  },
  {
    id: 'project.save', title: 'Save section', group: 'Project', shortcut: 'mod+enter', when: (ctx) => !!ctx.view.projectDetail?.editing,
    run: (ctx) => ctx.view.projectDetail?.save(),
  },
  {
    id: 'project.cancel', title: 'Cancel editing', group: 'Project', shortcut: 'escape', when: (ctx) => !!ctx.view.projectDetail?.editing,
    run: (ctx) => ctx.view.projectDetail?.actor.send({ type: 'section.cancel' }),
  },
  ...SECTIONS.map(([section, title]): Command => ({
    id: `project.edit.${section}`, title: `Edit ${title}`, group: 'Project', keywords: ['edit', 'section'], when: onDetail,
    disabledReason: busyEditing, run: (ctx) => ctx.view.projectDetail?.edit(section),
  })),
  ...VERIFICATION_STATUSES.map((status): Command => ({
    id: `verification.set.${status}`, title: `Set verification status: ${statusLabel(status)}`, group: 'Verification',
    keywords: ['verify', 'status', status.replace(/_/g, ' ')], when: onDetail,
    run: (ctx) => ctx.view.projectDetail?.requestStatus(status),
  })),
]
