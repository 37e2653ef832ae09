/** One projects table row: image, title, 50-character description, figures, badges and actions. */
import { memo } from 'react'
import { Check, ImageOff, Power, Trash2, X } from 'lucide-react'
import type { Project } from '../../../api/schemas/projects'
import { Badge } from '../../../components/badge'
import { Checkbox } from '../../../components/checkbox'
import { IconButton } from '../../../components/icon-button'
import { TableCell, TableRow } from '../../../components/table'
import { formatDate, formatINR } from '../../../lib/format'
import { VerificationBadge } from './verification-badge'

/** SPEC.md 9: description preview length. */
export const PREVIEW_CHARS = 50

export interface RowActions {
  onOpen: (id: string) => void
  onToggle: (id: string) => void
  onApprove: (id: string) => void
  onReject: (id: string) => void
  onSetActive: (id: string, isActive: boolean) => void
  onDelete: (id: string) => void
}

interface ProjectRowProps extends RowActions {
  project: Project
  index: number
  start: number
  height: number
  active: boolean
  selected: boolean
}

const stop = (fn: () => void) => (e: React.MouseEvent) => {
  e.stopPropagation()
  fn()
}

export const ProjectRow = memo(function ProjectRow({ project: p, index, start, height, active, selected, ...a }: ProjectRowProps) {
  const image = p.images[0]?.url || p.images[0]?.filePath
  const preview = p.description.length > PREVIEW_CHARS ? `${p.description.slice(0, PREVIEW_CHARS)}…` : p.description
  return (
    <TableRow
      active={active}
      selected={selected}
      aria-rowindex={index + 1}
      data-testid="project-row"
      data-id={p._id}
      className="projects-row"
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${start}px)` }}
      onClick={() => a.onOpen(p._id)}
    >
      <TableCell><Checkbox aria-label={`Select ${p.title}`} checked={selected} onCheckedChange={() => a.onToggle(p._id)} /></TableCell>
      <TableCell className="projects-row__project">
        {image ? <img className="projects-row__thumb" src={image} alt="" loading="lazy" /> : <span className="projects-row__thumb projects-row__thumb--empty"><ImageOff size={14} /></span>}
        <span className="projects-row__text">
          <span className="projects-row__title">{p.title}</span>
          <span className="projects-row__desc faint">{preview}</span>
        </span>
      </TableCell>
      <TableCell className="muted">{p.category}</TableCell>
      <TableCell align="end" className="num">{formatINR(p.price)}</TableCell>
      <TableCell><Badge tone={p.isActive ? 'success' : 'neutral'}>{p.isActive ? 'Active' : 'Inactive'}</Badge></TableCell>
      <TableCell><VerificationBadge status={p.verificationStatus} /></TableCell>
      <TableCell className="muted">{formatDate(p.createdAt)}</TableCell>
      <TableCell align="end" className="projects-row__actions">
        {p.verificationStatus !== 'approved' ? <button type="button" className="link-button projects-row__approve" onClick={stop(() => a.onApprove(p._id))}><Check size={12} />Approve</button> : null}
        {p.verificationStatus !== 'rejected' ? <button type="button" className="link-button projects-row__reject" onClick={stop(() => a.onReject(p._id))}><X size={12} />Reject</button> : null}
        <IconButton size="sm" label={p.isActive ? 'Deactivate' : 'Activate'} icon={<Power size={14} />} className={p.isActive ? 'projects-row__power--on' : ''} onClick={stop(() => a.onSetActive(p._id, !p.isActive))} />
        <IconButton size="sm" label="Delete" icon={<Trash2 size={14} />} className="projects-row__delete" onClick={stop(() => a.onDelete(p._id))} />
      </TableCell>
    </TableRow>
  )
})
