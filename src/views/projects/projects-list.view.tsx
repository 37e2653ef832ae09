/**
 * Projects list (SPEC.md 2 "Projects list", 5, 8; keyboard triage): filters in the URL,
 * a virtualized table, row and bulk actions through the list machine, and the command context
 * (focus, selection, actor) that j/k/x/a/r/e/#/'/' act on.
 */
import { CommandRetry } from '../../commands/command-retry'
import { useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { actorOptions } from '../../machines/shared/inspect'
import { ListChecks, Plus, Trash2 } from 'lucide-react'
import { useDebounce } from 'use-debounce'
import { useLocation } from 'wouter'
import { prefetchProject, projectKeys, useCategories, useProjectList } from '../../api/projects'
import { CommandButton } from '../../commands/command-button'
import type { ProjectsListHandle } from '../../commands/projects-list.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { toast } from '../../components/toast'
import { useOfferUndo } from '../layout/undo-context'
import { projectsListMachine } from '../../machines/projects-list.machine'
import { ListDialogs } from './components/list-dialogs'
import { ListFilters } from './components/list-filters'
import { ListPagination } from './components/list-pagination'
import { ProjectsTable } from './components/projects-table'
import { mergeCategories } from './list-url'
import { useListUrl } from './use-list-url'

/** Focus dwell before the focused project is prefetched, ms (holding j/k fetches nothing). */
const PREFETCH_DELAY_MS = 150

export default function ProjectsListView() {
  const { filters, searchText, setSearchText } = useListUrl()
  const { data, error, isPending, refetch } = useProjectList(filters)
  const categories = useCategories()
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()
  const searchRef = useRef<HTMLInputElement>(null)

  const actor = useActorRef(projectsListMachine, actorOptions())
  const focus = useSelector(actor, (s) => s.context.focus)
  const selection = useSelector(actor, (s) => s.context.selection)
  const rows = useSelector(actor, (s) => s.context.rows)

  useEffect(() => {
    const projects = data?.projects ?? []
    actor.send({
      type: 'rows.loaded',
      rows: projects.map((p) => ({
        id: p._id,
        title: p.title,
        isActive: p.isActive,
        verificationStatus: p.verificationStatus,
      })),
    })
  }, [data, actor])
  useEffect(() => {
    const subs = [
      actor.on('notify.success', (e) => toast.success(e.text)),
      actor.on('undo.offered', (e) => offerUndo(e.text, e.undo, 'projects')),
      actor.on('notify.error', (e) => toast.error(e.text)),
      actor.on('projects.changed', () => void queryClient.invalidateQueries({ queryKey: projectKeys.all })),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, queryClient, offerUndo])

  const focusedId = rows[focus]?.id
  // The row that keeps focus for a moment is likely opened next: load its detail page ahead.
  const [dwelled] = useDebounce(focusedId, PREFETCH_DELAY_MS)
  useEffect(() => {
    if (dwelled) void prefetchProject(queryClient, dwelled)
  }, [dwelled, queryClient])
  const totalPages = Math.max(data?.pagination.totalPages ?? 1, 1)
  const handle = useMemo<ProjectsListHandle>(
    () => ({
      actor,
      rows,
      selected: selection,
      filters,
      totalPages,
      focusSearch: () => searchRef.current?.focus(),
      about: (id) => {
        const p = data?.projects.find((x) => x._id === id)
        return p ? { owner: p.projectOwner?.name ?? null, category: p.category } : undefined
      },
    }),
    [actor, rows, selection, filters, totalPages, data],
  )
  const published = useMemo(
    () => ({
      projectsList: handle,
      selection,
      focused: focusedId ? { kind: 'project', id: focusedId } : undefined,
    }),
    [handle, selection, focusedId],
  )
  usePublishCommandContext(published)

  const open = useMemo(() => (id: string) => navigate(`/projects/${id}`), [navigate])

  const projects = data?.projects ?? []
  return (
    <div className="projects-list" data-testid="projects-list">
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
      <ListFilters
        searchText={searchText}
        onSearchText={setSearchText}
        searchRef={searchRef}
        categories={mergeCategories(categories.data ?? [])}
      />
      {isPending ? (
        <LoadingState title="Loading projects" />
      ) : error && !data ? (
        <ErrorState
          title="Failed to load projects"
          message={error.message || 'Failed to load projects'}
          action={<CommandRetry retry={() => void refetch()} />}
        />
      ) : projects.length === 0 ? (
        <EmptyState title="No projects found" description="Get started by creating your first project" />
      ) : (
        <>
          <ProjectsTable projects={projects} focus={focus} selection={selection} onOpen={open} />
          <ListPagination
            page={data!.pagination.currentPage}
            totalPages={data!.pagination.totalPages}
            total={data!.pagination.totalProjects}
            limit={filters.limit}
          />
        </>
      )}
      <ListDialogs actor={actor} />
    </div>
  )
}
