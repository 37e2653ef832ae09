/**
 * The create modal's project picker (SPEC.md 2, 3 picker item, 5 'A project must be chosen'):
 * a search box whose text is searched on the server 300 ms after typing stops (loading the first
 * 1,000 projects would miss most of 100,000), the first 20 matches as rows, each
 * the `commission.form.pickProject` command with the project as target. A project that already has
 * a configuration is marked 'Has a configuration' and cannot be chosen.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { withReason } from '../../../api/error-text'
import type { CommissionProjectOption } from '../../../api/schemas/commission'
import { CommandLink } from '../../../commands/command-link'
import { HAS_CONFIGURATION } from '../../../commands/commission-form.commands'
import { Badge } from '../../../components/badge'
import { Field, Input } from '../../../components/field'
import { Spinner } from '../../../components/spinner'
import { formatINR } from '../../../lib/format'
import type { PickedProject } from '../../../machines/commission-config.form'

export interface ProjectPickerProps {
  search: string
  onSearch: (text: string) => void
  query: UseQueryResult<CommissionProjectOption[]>
  picked: PickedProject | null
  error?: string
}

export function ProjectPicker({ search, onSearch, query, picked, error }: ProjectPickerProps) {
  const projects = query.data ?? []
  return (
    <div className="project-picker" data-testid="project-picker">
      <Field label="Project" error={error}>
        {(id) => (
          <Input
            id={id}
            type="search"
            autoFocus
            autoComplete="off"
            placeholder="Search projects by title..."
            value={search}
            aria-describedby={`${id}-picked`}
            onChange={(e) => onSearch(e.target.value)}
          />
        )}
      </Field>
      <p className="project-picker__picked" data-testid="picked-project">
        {picked ? (
          <>
            Selected: <strong>{picked.title}</strong> <span className="muted num">{formatINR(picked.price)}</span>
          </>
        ) : (
          <span className="muted">No project selected</span>
        )}
      </p>
      <div
        className="project-picker__list"
        role="group"
        aria-label="Matching projects"
        aria-busy={query.isFetching || undefined}
      >
        {query.isPending && query.fetchStatus !== 'idle' ? (
          <Spinner size={14} label="Searching projects" />
        ) : query.error ? (
          <p className="field__error" role="alert">
            {withReason('Failed to load projects', query.error)}
          </p>
        ) : projects.length === 0 ? (
          <p className="muted project-picker__none">No projects found</p>
        ) : (
          projects.map((p) => (
            <CommandLink
              key={p._id}
              id="commission.form.pickProject"
              target={{ kind: 'commissionProject', id: p._id }}
              plain
              className="project-picker__item"
              data-testid="project-option"
            >
              <span className="project-picker__title">
                {picked?._id === p._id ? <Check size={13} aria-label="Selected" /> : null}
                {p.title}
              </span>
              <span className="project-picker__meta">
                {p.configId ? <Badge tone="neutral">{HAS_CONFIGURATION}</Badge> : null}
                <span className="muted num">{formatINR(p.price)}</span>
              </span>
            </CommandLink>
          ))
        )}
      </div>
    </div>
  )
}
