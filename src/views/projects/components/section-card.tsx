/**
 * One editable section of the project detail page: heading, Edit toggle (disabled while another
 * section is open), and in edit mode Save and Cancel with the save error (line breaks kept).
 */
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Pencil } from 'lucide-react'
import type { Project } from '../../../api/schemas/projects'
import { Button } from '../../../components/button'
import type { SectionDraft } from '../../../machines/project-sections.machine'
import { initialDraft, sectionBody, sectionInvalid, type SectionId } from '../section-forms'
import { useSectionsActor } from './sections-context'

export interface SectionCardProps {
  section: SectionId
  title: string
  /** Read-only rendering of the loaded project. */
  view: (project: Project) => ReactNode
  /** The form: current draft and a patcher. */
  edit: (draft: SectionDraft, change: (patch: SectionDraft) => void) => ReactNode
}

export function SectionCard({ section, title, view, edit }: SectionCardProps) {
  const actor = useSectionsActor()
  const project = useSelector(actor, (s) => s.context.project)
  const open = useSelector(actor, (s) => s.context.section)
  const draft = useSelector(actor, (s) => (s.context.section === section ? s.context.draft : null))
  const error = useSelector(actor, (s) => (s.context.section === section ? s.context.error : null))
  const saving = useSelector(actor, (s) => s.matches('saving') && s.context.section === section)
  const busy = useSelector(actor, (s) => !s.matches('viewing') && !s.matches('editing'))
  const editing = open === section && draft !== null

  const save = () => actor.send({ type: 'section.save', body: sectionBody(section, draft ?? {}), invalid: sectionInvalid(section, draft ?? {}) })
  return (
    <section className="card detail-section" data-testid={`section-${section}`} aria-labelledby={`section-${section}-title`}>
      <header className="card__header detail-section__header">
        <h2 id={`section-${section}-title`}>{title}</h2>
        {editing ? (
          <div className="detail-section__actions">
            <Button size="sm" onClick={() => actor.send({ type: 'section.cancel' })} disabled={saving}>Cancel</Button>
            <Button size="sm" variant="primary" onClick={save} loading={saving}>Save</Button>
          </div>
        ) : (
          <Button size="sm" variant="ghost" icon={<Pencil size={12} />} aria-label={`Edit ${title}`} disabled={open !== null || busy}
            onClick={() => actor.send({ type: 'section.edit', section, draft: initialDraft(section, project) })}>
            Edit
          </Button>
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
