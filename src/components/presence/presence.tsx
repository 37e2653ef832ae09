/**
 * Who else is on this record (decision 045): `PresenceBar` in a detail header (initials of the
 * others, each with a tooltip, and a line such as 'Asha is viewing' or 'Asha is editing Project
 * Details'), and `SectionEditors` on a section card another admin is editing ('Asha is editing').
 * The detail page provides its viewers once through `PresenceContext`; section titles name the
 * sections the viewers' `section` ids refer to.
 */
import { createContext, useContext } from 'react'
import type { Viewer } from '../../api/schemas/live'
import { Tooltip } from '../tooltip'
import './presence.css'

/** The other viewers of the record on screen; empty outside a detail page. */
export const PresenceContext = createContext<Viewer[]>([])

/** 'Asha' of 'Asha Rao': how a short line names an admin. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] || name

/** Up to two initials of a name ('Asha Rao' → 'AR'). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return letters.map((p) => p[0]?.toUpperCase() ?? '').join('') || '?'
}

/** 'Asha is viewing' / 'Asha is editing Project Details' (the section's title, else its id). */
export function viewerText(
  viewer: Viewer,
  titles: Readonly<Record<string, string>>,
  name = firstName(viewer.admin.name),
) {
  if (viewer.section === null) return `${name} is viewing`
  return `${name} is editing ${titles[viewer.section] ?? viewer.section}`
}

/** The header line: the one viewer's text, or the first and how many more are here. */
export function presenceSummary(viewers: readonly Viewer[], titles: Readonly<Record<string, string>>): string {
  if (viewers.length === 0) return ''
  if (viewers.length === 1) return viewerText(viewers[0], titles)
  const others = viewers.length - 1
  return `${viewerText(viewers[0], titles)}, ${others} other${others === 1 ? '' : 's'} here`
}

/** Initials of the others on the record, with a line saying what they do; nothing when alone. */
export function PresenceBar({ titles }: { titles: Readonly<Record<string, string>> }) {
  const viewers = useContext(PresenceContext)
  if (viewers.length === 0) return null
  return (
    <div className="presence" data-testid="presence">
      <ul className="presence__avatars" aria-label="Also on this record">
        {viewers.map((viewer) => (
          <li key={viewer.admin.id}>
            <Tooltip content={viewerText(viewer, titles, viewer.admin.name)}>
              <span
                className={`presence__avatar${viewer.section === null ? '' : ' presence__avatar--editing'}`}
                tabIndex={0}
                aria-label={viewerText(viewer, titles, viewer.admin.name)}
              >
                {initials(viewer.admin.name)}
              </span>
            </Tooltip>
          </li>
        ))}
      </ul>
      <span className="presence__text" role="status">
        {presenceSummary(viewers, titles)}
      </span>
    </div>
  )
}

/** On a section card: who else is editing this section ('Asha is editing'); nothing when nobody is. */
export function SectionEditors({ section }: { section: string }) {
  const editors = useContext(PresenceContext).filter((viewer) => viewer.section === section)
  if (editors.length === 0) return null
  const names = editors.map((viewer) => firstName(viewer.admin.name)).join(', ')
  return (
    <span className="presence-marker" data-testid={`section-${section}-editors`}>
      <span className="presence-marker__dot" aria-hidden="true" />
      {names} {editors.length === 1 ? 'is' : 'are'} editing
    </span>
  )
}
