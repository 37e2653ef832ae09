/**
 * The projects table (SPEC.md 2 "Projects list"), virtualized with @tanstack/react-virtual: only
 * the rows in view are mounted, and the j/k focus row is scrolled into view.
 */
import { useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Project } from '../../../api/schemas/projects'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { Table, TableBody, TableHeadCell, TableHeader } from '../../../components/table'
import { ProjectRow } from './project-row'

/**
 * Checkbox, Project, Category, Price, Status, Verification, Created, Actions. The fixed columns
 * fit their longest content (₹99,99,999.99; 'Needs Changes'; '30 Sept 2026'; Approve, Reject and
 * two icons); Project and Category share the rest and cut with an ellipsis. Minimums add up to
 * 982 px (projects.css), which fits the 1280 px layout.
 */
export const PROJECT_COLUMNS = '40px minmax(148px, 3fr) minmax(96px, 1.2fr) 120px 92px 150px 116px 220px'
const ROW_HEIGHT = 56

export interface ProjectsTableProps {
  projects: Project[]
  focus: number
  selection: readonly string[]
  onOpen: (id: string) => void
}

export function ProjectsTable({ projects, focus, selection, onOpen }: ProjectsTableProps) {
  const bodyRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: projects.length,
    getScrollElement: () => bodyRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })
  useEffect(() => {
    if (focus >= 0) virtualizer.scrollToIndex(focus, { align: 'auto' })
  }, [focus, virtualizer])

  return (
    <Table columns={PROJECT_COLUMNS} className="projects-table" aria-rowcount={projects.length}>
      <TableHeader>
        <TableHeadCell><CommandCheckbox id="projects.selectAll" /></TableHeadCell>
        <TableHeadCell>Project</TableHeadCell>
        <TableHeadCell>Category</TableHeadCell>
        <TableHeadCell align="end">Price</TableHeadCell>
        <TableHeadCell>Status</TableHeadCell>
        <TableHeadCell>Verification</TableHeadCell>
        <TableHeadCell>Created</TableHeadCell>
        <TableHeadCell align="end">Actions</TableHeadCell>
      </TableHeader>
      <TableBody ref={bodyRef} className="projects-table__body" data-testid="projects-rows">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const project = projects[item.index]
            return (
              <ProjectRow
                key={project._id}
                project={project}
                index={item.index}
                start={item.start}
                height={item.size}
                active={item.index === focus}
                selected={selection.includes(project._id)}
                onOpen={onOpen}
              />
            )
          })}
        </div>
      </TableBody>
    </Table>
  )
}
