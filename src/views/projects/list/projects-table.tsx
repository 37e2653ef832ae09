/**
 * The projects table (SPEC.md 2 "Projects list"), virtualized with @tanstack/react-virtual: only
 * the rows in view are mounted, and the j/k focus row is scrolled into view.
 */
import type { Project } from '../../../api/schemas/projects'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { TableHeadCell } from '../../../components/table'
import { VirtualTable } from '../../../components/list/virtual-table'
import { ProjectRow } from './project-row'

/**
 * Checkbox, Project, Category, Price, Status, Verification, Created, Actions. The fixed columns
 * fit their longest content (₹99,99,999.99; 'Needs Changes'; '30 Sept 2026'; Approve, Reject and
 * two icons); Project and Category share the rest and cut with an ellipsis. Minimums add up to
 * 982 px (Table's --table-min-width), which fits the 1280 px layout.
 */
export const PROJECT_COLUMNS = '40px minmax(148px, 3fr) minmax(96px, 1.2fr) 120px 92px 150px 116px 220px'
const ROW_HEIGHT = 56

export interface ProjectsTableProps {
  projects: readonly Project[]
  focus: number
  selection: readonly string[]
  onOpen: (id: string) => void
}

const HEADER = (
  <>
    <TableHeadCell>
      <CommandCheckbox id="projects.selectAll" />
    </TableHeadCell>
    <TableHeadCell>Project</TableHeadCell>
    <TableHeadCell>Category</TableHeadCell>
    <TableHeadCell align="end">Price</TableHeadCell>
    <TableHeadCell>Status</TableHeadCell>
    <TableHeadCell>Verification</TableHeadCell>
    <TableHeadCell>Created</TableHeadCell>
    <TableHeadCell align="end">Actions</TableHeadCell>
  </>
)

export function ProjectsTable({ projects, focus, selection, onOpen }: ProjectsTableProps) {
  return (
    <VirtualTable
      rows={projects}
      rowId={(p) => p._id}
      columns={PROJECT_COLUMNS}
      rowHeight={ROW_HEIGHT}
      header={HEADER}
      focus={focus}
      selection={selection}
      bodyTestId="projects-rows"
      renderRow={(project, slot) => <ProjectRow project={project} {...slot} onOpen={onOpen} />}
    />
  )
}
