/**
 * One editable section of the project detail page: heading, the section's Edit command (disabled
 * while another section is open), and in edit mode the Save and Cancel commands with the save
 * error (line breaks kept).
 */
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Pencil } from 'lucide-react'
import type { Project } from '../../../api/schemas/projects'
import { CommandButton } from '../../../commands/command-button'
import type { SectionDraft } from '../../../machines/project-sections.machine'
import type { SectionId } from '../../../machines/section-forms'
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
  const saving = useSelector(actor, (s) => s.matches('saving') && s.context.section === section)
  const editing = draft !== null

  return (
    <section className="card detail-section" data-testid={`section-${section}`} aria-labelledby={`section-${section}-title`}>
      <header className="card__header detail-section__header">
        <h2 id={`section-${section}-title`}>{title}</h2>
        {editing ? (
          <div className="detail-section__actions">
            <CommandButton id="projects.detail.cancel" size="sm" />
            <CommandButton id="projects.detail.save" size="sm" variant="primary" loading={saving} />
          </div>
        ) : (
          <CommandButton id={`projects.detail.edit.${section}`} size="sm" variant="ghost" icon={<Pencil size={12} />}>Edit</CommandButton>
        )}
      </header>
      <div className="card__body detail-section__body">
        {editing ? edit(draft, (patch) => actor.send({ type: 'draft.change', patch })) : view(project)}
        {error ? <p className="banner banner--error detail-section__error" role="alert">{error}</p> : null}
      </div>
    </section>
  )
}

/** A label/value row of a read-only section. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt className="fact__label">{label}</dt>
      <dd className="fact__value">{children}</dd>
    </div>
  )
}
