/**
 * Projects list (SPEC.md 2 "Projects list", 5, 8): filters in the URL, numbered pages (a paged
 * list, decision 029) in a virtualized table, row and bulk actions through the list machine, and
 * the command context (focus, selection, actor) that j/k/x/a/r/e/#/'/' act on.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import { ListChecks, Plus, Trash2 } from 'lucide-react'
import { useLocation } from 'wouter'
import {
  prefetchProject,
  projectKeys,
  useCategories,
  useProjectList,
  type ProjectListFilters,
} from '../../../api/projects'
import type { Project, ProjectListResponse } from '../../../api/schemas/projects'
import { CommandButton } from '../../../commands/command-button'
import type { ProjectsListHandle } from '../../../commands/projects-list.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { ListScreenBody, type ListTexts } from '../../../components/list/list-screen-body'
import { useListScreen, type PagedListConfig } from '../../../components/list/use-list-screen'
import { PageHeader } from '../../../components/page-header'
import { toast } from '../../../components/toast'
import { useOfferUndo } from '../../layout/undo-context'
import { projectsListMachine, type ListRow } from '../../../machines/projects-list.machine'
import { useOthersClaims } from '../shared/claim-badge'
import { ListDialogs } from './list-dialogs'
import { ProjectsFilters } from './projects-filters'
import { ProjectsTable } from './projects-table'
import { mergeCategories, parseListSearch, toListSearch } from './projects-url'
import './projects-list.css'

const LIST: PagedListConfig<
  ProjectListFilters,
  ProjectListFilters,
  ProjectListResponse,
  Project,
  ListRow,
  typeof projectsListMachine
> = {
  shape: 'paged',
  kind: 'project',
  machine: projectsListMachine,
  url: { parse: parseListSearch, serialise: toListSearch, keep: ['limit'] },
  useQuery: useProjectList,
  items: (data) => data.projects,
  pagination: (data) => ({
    page: data.pagination.currentPage,
    totalPages: data.pagination.totalPages,
    total: data.pagination.totalProjects,
  }),
  limit: (filters) => filters.limit,
  row: (p) => ({
    id: p._id,
    title: p.title,
    isActive: p.isActive,
    verificationStatus: p.verificationStatus,
    updatedAt: p.updatedAt,
  }),
  prefetch: (id, queryClient) => prefetchProject(queryClient, id),
  detailRoute: '/projects/:id',
}

const NO_NAMES: readonly string[] = []
/** The moderators the machine asks about ('Decide anyway?'), else null; stable while it asks. */
function askingClaimOfList(s: SnapshotFrom<typeof projectsListMachine>): readonly string[] | null {
  const pending = s.context.pending
  if (!s.matches('confirmingClaim') || pending?.kind !== 'verify') return null
  return pending.claimedBy ?? NO_NAMES
}

const TEXTS: ListTexts = {
  loading: 'Loading projects',
  errorTitle: 'Failed to load projects',
  errorFallback: 'Failed to load projects',
  empty: 'No projects found',
  emptyDescription: 'Get started by creating your first project',
  noun: ['project', 'projects'],
}

export default function ProjectsListView() {
  const screen = useListScreen(LIST)
  const { url: filters, actor, rows, selection, items: projects } = screen
  const categories = useCategories()
  const claims = useOthersClaims()
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()

  useEffect(() => {
    const subs = [
      actor.on('notify.success', (e) => toast.success(e.text)),
      actor.on('undo.offered', (e) => offerUndo(e.text, e.undo, 'projects')),
      actor.on('notify.error', (e) => toast.error(e.text)),
      actor.on('projects.changed', () => void queryClient.invalidateQueries({ queryKey: projectKeys.all })),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, queryClient, offerUndo])

  const askingClaimOf = useSelector(actor, askingClaimOfList)
  const totalPages = Math.max(screen.paging?.totalPages ?? 1, 1)
  const handle = useMemo<ProjectsListHandle>(
    () => ({
      actor,
      rows,
      selected: selection,
      filters,
      totalPages,
      focusSearch: screen.focusSearch,
      filtered: screen.filtered,
      clearFilters: screen.clearFilters,
      about: (id) => {
        const p = projects.find((x) => x._id === id)
        return p ? { owner: p.projectOwner?.name ?? null, category: p.category } : undefined
      },
      claimedBy: (id) => claims.get(id)?.moderator.name ?? null,
      askingClaimOf,
    }),
    [
      actor,
      rows,
      selection,
      filters,
      totalPages,
      projects,
      claims,
      askingClaimOf,
      screen.focusSearch,
      screen.filtered,
      screen.clearFilters,
    ],
  )
  usePublishCommandContext(useMemo(() => ({ projectsList: handle, ...screen.published }), [handle, screen.published]))

  const open = useMemo(() => (id: string) => navigate(`/projects/${id}`), [navigate])

  return (
    <div className="list-screen" data-testid="projects-list">
      <PageHeader
        title="Projects"
        description="Review, verify and manage the marketplace's projects. J/K to move, X to select, A approve, R reject, E toggle active, # delete, T triage the queue."
        actions={
          <>
            <CommandButton id="projects.deleteSelected" variant="danger" icon={<Trash2 size={14} />} />
            <CommandButton id="projects.triage" icon={<ListChecks size={14} />} showShortcut />
            <CommandButton id="projects.add" variant="primary" icon={<Plus size={14} />} />
          </>
        }
      />
      <ProjectsFilters
        searchText={screen.searchText}
        onSearchText={screen.setSearchText}
        searchRef={screen.searchRef}
        categories={mergeCategories(categories.data ?? [])}
      />
      <ListScreenBody screen={screen} texts={TEXTS} scope="projects">
        {() => <ProjectsTable projects={projects} focus={screen.focus} selection={selection} onOpen={open} />}
      </ListScreenBody>
      <ListDialogs actor={actor} />
    </div>
  )
}
