/**
 * The projects table (SPEC.md 2 "Projects list"), virtualized with @tanstack/react-virtual: only
 * the rows in view are mounted, and the j/k focus row is scrolled into view.
 */
import type { ProjectListRow } from '../../../api/schemas/projects'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { TableHeadCell } from '../../../components/table'
import { VirtualTable } from '../../../components/list/virtual-table'
import { ProjectRow } from './project-row'
import { useOthersClaims } from '../shared/claim-badge'

/**
 * Checkbox, Project, Category, Price, Status, Verification, Risk, Created, Actions. The fixed
 * columns fit their longest content (₹99,99,999.99; 'Needs Changes'; '100'; '30 Sept 2026'; four
 * icon buttons); Project and Category share the rest, Project four parts to one, and cut with an
 * ellipsis. Minimums add up to 978 px (Table's --table-min-width): at 1280 px the table fits and
 * the Project column shows a title of 24 characters beside its thumbnail.
 */
export const PROJECT_COLUMNS = '36px minmax(236px, 4fr) minmax(70px, 1fr) 120px 88px 136px 48px 108px 136px'
const ROW_HEIGHT = 56

export interface ProjectsTableProps {
  projects: readonly ProjectListRow[]
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
    <TableHeadCell align="end">Risk</TableHeadCell>
    <TableHeadCell>Created</TableHeadCell>
    <TableHeadCell align="end">Actions</TableHeadCell>
  </>
)

export function ProjectsTable({ projects, focus, selection, onOpen }: ProjectsTableProps) {
  const claims = useOthersClaims()
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
      renderRow={(project, slot) => (
        <ProjectRow project={project} claim={claims.get(project._id)} {...slot} onOpen={onOpen} />
      )}
    />
  )
}
