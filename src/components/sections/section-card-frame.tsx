/**
 * The frame of one editable section of a detail page (project detail, user detail; SPEC.md 2):
 * the heading, then either the section's Edit command (with `extra` controls beside it) or, while
 * editing, the Cancel and Save commands; the body; and the save error as an alert (the server's
 * messages, line breaks kept by the CSS). The detail's own card reads its sections machine and
 * renders this frame, so ids, roles and class names are the same on every detail page. Beside the
 * heading, who else is editing the section (decision 045).
 */
import { useRef, type ReactNode } from 'react'
import { Pencil } from 'lucide-react'
import { CommandButton } from '../../commands/command-button'
import { useFocusFirstInvalid } from '../focus-first-invalid'
import { SectionEditors } from '../presence/presence'
import './sections.css'

export interface SectionCardFrameProps {
  /** The section id: data-testid `section-{id}` and the heading id. */
  section: string
  title: string
  editing: boolean
  saving: boolean
  error: string | null
  /** Changes with each refused Save (the section's error, or its errors by field): focus goes to the first invalid field. */
  errors?: unknown
  /** Command ids: `{prefix}.cancel`, `{prefix}.save`, `{prefix}.edit.{section}`, e.g. 'users.detail'. */
  commandPrefix: string
  /** Controls shown beside Edit while viewing; without them Edit stands alone. */
  extra?: ReactNode
  /** The read-only view or the form. */
  children: ReactNode
}

export function SectionCardFrame({
  section,
  title,
  editing,
  saving,
  error,
  errors = error,
  commandPrefix,
  extra,
  children,
}: SectionCardFrameProps) {
  const ref = useRef<HTMLElement>(null)
  useFocusFirstInvalid(errors, ref)
  const edit = (
    <CommandButton id={`${commandPrefix}.edit.${section}`} size="sm" variant="ghost" icon={<Pencil size={12} />}>
      Edit
    </CommandButton>
  )
  return (
    <section
      ref={ref}
      className="card detail-section"
      data-testid={`section-${section}`}
      aria-labelledby={`section-${section}-title`}
    >
      <header className="card__header detail-section__header">
        <div className="detail-section__title">
          <h2 id={`section-${section}-title`}>{title}</h2>
          <SectionEditors section={section} />
        </div>
        {editing ? (
          <div className="detail-section__actions">
            <CommandButton id={`${commandPrefix}.cancel`} size="sm" />
            <CommandButton id={`${commandPrefix}.save`} size="sm" variant="primary" loading={saving} />
          </div>
        ) : extra === undefined ? (
          edit
        ) : (
          <div className="detail-section__actions">
            {extra}
            {edit}
          </div>
        )}
      </header>
      <div className="card__body detail-section__body">
        {children}
        {error ? (
          <p className="banner banner--error detail-section__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  )
}

/** A label/value row of a read-only section; `empty` stands in for an empty value ('' / null / undefined) when given. */
export function Fact({ label, children, empty }: { label: string; children: ReactNode; empty?: ReactNode }) {
  const blank = children === '' || children === null || children === undefined
  return (
    <div className="fact">
      <dt className="fact__label">{label}</dt>
      <dd className="fact__value">{blank && empty !== undefined ? empty : children}</dd>
    </div>
  )
}
