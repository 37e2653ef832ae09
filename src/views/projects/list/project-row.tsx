/**
 * One projects table row: image, title, 50-character description, figures, badges, the risk
 * weight of its newest source report (red when high, '—' without one) and actions.
 * Its checkbox and actions are the list's commands with this row as `target`, so they act on
 * this row only and follow the commands' rules (Approve hidden once approved, and so on). Approve
 * and Reject are icon buttons (their tooltip names them and their key): the title keeps the room.
 */
import { memo } from 'react'
import { Check, ImageOff, Power, Trash2, X } from 'lucide-react'
import type { ProjectListRow } from '../../../api/schemas/projects'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { Badge } from '../../../components/badge'
import { RiskWeight } from '../../../components/risk-weight'
import { TableCell } from '../../../components/table'
import { VirtualRow, type VirtualRowSlot } from '../../../components/list/virtual-table'
import { formatDate, formatINR } from '../../../lib/format'
import { VerificationBadge } from '../shared/verification-badge'
import { ClaimBadge } from '../shared/claim-badge'
import type { Claim } from '../../../api/schemas/live'

/** SPEC.md 9: description preview length. */
export const PREVIEW_CHARS = 50

interface ProjectRowProps extends VirtualRowSlot {
  project: ProjectListRow
  /** Another moderator's triage claim of the project (decision 043), shown beside the title. */
  claim?: Claim
  onOpen: (id: string) => void
}

export const ProjectRow = memo(function ProjectRow({
  project: p,
  claim,
  index,
  start,
  height,
  active,
  selected,
  onOpen,
}: ProjectRowProps) {
  const image = p.images[0]?.url || p.images[0]?.filePath
  const preview = p.description.length > PREVIEW_CHARS ? `${p.description.slice(0, PREVIEW_CHARS)}…` : p.description
  const target = { kind: 'project', id: p._id }
  return (
    <VirtualRow
      id={p._id}
      index={index}
      start={start}
      height={height}
      active={active}
      selected={selected}
      onOpen={onOpen}
      data-testid="project-row"
    >
      <TableCell>
        <CommandCheckbox id="projects.toggleSelect" target={target} />
      </TableCell>
      <TableCell className="projects-row__project">
        {image ? (
          <img className="projects-row__thumb" src={image} alt="" loading="lazy" />
        ) : (
          <span className="projects-row__thumb projects-row__thumb--empty">
            <ImageOff size={14} />
          </span>
        )}
        <span className="list-row__text">
          <span className="list-row__title">{p.title}</span>
          {claim ? (
            // The title keeps its room: the badge takes the description's line.
            <span className="projects-row__claim-line">
              <ClaimBadge claim={claim} />
              <span className="list-row__desc faint">{preview}</span>
            </span>
          ) : (
            <span className="list-row__desc faint">{preview}</span>
          )}
        </span>
      </TableCell>
      <TableCell className="muted projects-row__category">{p.category}</TableCell>
      <TableCell align="end" className="num" data-fit>
        {formatINR(p.price)}
      </TableCell>
      <TableCell>
        {p.isDraft ? (
          <Badge tone="warning">Draft</Badge>
        ) : (
          <Badge tone={p.isActive ? 'success' : 'neutral'}>{p.isActive ? 'Active' : 'Inactive'}</Badge>
        )}
      </TableCell>
      <TableCell>
        <VerificationBadge status={p.verificationStatus} />
      </TableCell>
      <TableCell align="end" className="num" data-testid="risk-cell">
        <RiskWeight weight={p.riskWeight} />
      </TableCell>
      <TableCell className="muted num" data-fit data-testid="created-cell">
        {formatDate(p.createdAt)}
      </TableCell>
      <TableCell align="end" className="list-row__actions">
        <CommandIconButton
          id="projects.approve"
          target={target}
          size="sm"
          icon={<Check size={14} />}
          className="projects-row__approve"
        />
        <CommandIconButton
          id="projects.reject"
          target={target}
          size="sm"
          icon={<X size={14} />}
          className="projects-row__reject"
        />
        <CommandIconButton
          id="projects.toggleActive"
          target={target}
          size="sm"
          icon={<Power size={14} />}
          className={p.isActive ? 'list-row__power--on' : ''}
        />
        <CommandIconButton
          id="projects.delete"
          target={target}
          size="sm"
          icon={<Trash2 size={14} />}
          className="projects-row__delete"
        />
      </TableCell>
    </VirtualRow>
  )
})
