/**
 * One editable section of the project detail page: heading, the section's Edit command (disabled
 * while another section is open), and in edit mode the Save and Cancel commands with the save
 * error (line breaks kept), or the conflict bar in place of the form while a stale save waits for
 * Keep mine / Take theirs: the shared SectionCardFrame over the project sections machine.
 */
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { Project } from '../../../api/schemas/projects'
import { ConflictBar } from '../../../components/sections/conflict-bar'
import { conflictRows } from '../../../components/sections/conflict-rows'
import { Fact, SectionCardFrame } from '../../../components/sections/section-card-frame'
import { fieldLabel, type SectionDraft } from '../../../machines/project-sections.machine'
import { MONEY_FIELDS, type SectionId } from '../../../machines/project-sections.form'
import { useSectionsActor } from './sections-context'

export interface SectionCardProps {
  section: SectionId
  title: string
  /** Read-only rendering of the loaded project. */
  view: (project: Project) => ReactNode
  /** The form: current draft and a patcher for its text fields. */
  edit: (draft: SectionDraft, change: (patch: SectionDraft) => void) => ReactNode
}

export function SectionCard({ section, title, view, edit }: SectionCardProps) {
  const actor = useSectionsActor()
  const project = useSelector(actor, (s) => s.context.project)
  const draft = useSelector(actor, (s) => (s.context.section === section ? s.context.draft : null))
  const error = useSelector(actor, (s) => (s.context.section === section ? s.context.error : null))
  const saving = useSelector(
    actor,
    (s) => (s.matches('saving') || s.matches('refetching') || s.matches('merging')) && s.context.section === section,
  )
  const conflict = useSelector(actor, (s) =>
    s.matches('conflict') && s.context.section === section ? s.context.conflict : null,
  )
  const editing = draft !== null

  return (
    <SectionCardFrame
      section={section}
      title={title}
      editing={editing}
      saving={saving}
      error={error}
      commandPrefix="projects.detail"
    >
      {conflict ? (
        <ConflictBar
          rows={conflictRows(conflict, { label: fieldLabel, money: (f) => MONEY_FIELDS.has(f) })}
          commandPrefix="projects.detail"
        />
      ) : editing ? (
        edit(draft, (patch) => actor.send({ type: 'draft.change', patch }))
      ) : (
        view(project)
      )}
    </SectionCardFrame>
  )
}

export { Fact }
