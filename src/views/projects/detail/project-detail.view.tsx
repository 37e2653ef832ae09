/**
 * Project detail (SPEC.md 2 "Project detail", 8): back, Activate/Deactivate, Delete; editable
 * sections one at a time (project-sections machine); the Verification History panel
 * (verification machine); 'Project not found' for a 404 and 'Error Loading Project' otherwise.
 */
import { CommandRetry } from '../../../commands/command-retry'
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { actorOptions } from '../../../machines/shared/inspect'
import { ArrowLeft, Power, Trash2 } from 'lucide-react'
import { useLocation, useParams } from 'wouter'
import { ApiError } from '../../../api/client'
import { projectKeys, useCategories, useProject } from '../../../api/projects'
import { useRecordOpened } from '../../../api/preferences'
import type { Project } from '../../../api/schemas/projects'
import { CommandButton } from '../../../commands/command-button'
import type { ProjectDetailHandle } from '../../../commands/project-detail.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { Badge } from '../../../components/badge'
import { ConfirmDialog } from '../../../components/dialog'
import { PresenceBar, PresenceContext } from '../../../components/presence/presence'
import { usePresence } from '../../../components/presence/use-presence'
import { EmptyState, ErrorState, LoadingState } from '../../../components/states'
import { toast } from '../../../components/toast'
import { useOfferUndo, useUndoDone } from '../../layout/undo-context'
import { projectSectionsMachine } from '../../../machines/project-sections.machine'
import { statusUpdatedText, verificationMachine } from '../../../machines/verification.machine'
import { AuditTrail } from '../../audit/audit-trail'
import { DetailSections } from './detail-sections'
import { SectionsActorContext } from './sections-context'
import { VerificationBadge } from '../shared/verification-badge'
import { ClaimBadge, useOthersClaims } from '../shared/claim-badge'
import { VerificationPanel } from '../shared/verification-panel'
import { mergeCategories } from '../list/projects-url'
import '../../../components/sections/sections.css'
import './project-detail.css'

/** The sections' titles by id, for 'Asha is editing Project Details' (detail-sections.tsx). */
const SECTION_TITLES: Readonly<Record<string, string>> = {
  description: 'Description',
  technologies: 'Technologies',
  features: 'Features',
  tags: 'Tags',
  links: 'Links',
  status: 'Status',
  owner: 'Owner',
  support: 'Support and Services',
  details: 'Project Details',
}

export default function ProjectDetailView() {
  const { id } = useParams<{ id: string }>()
  const { data, error, isPending, refetch } = useProject(id)
  useRecordOpened('project', data?._id, data?.title)
  if (isPending) return <LoadingState title="Loading project" />
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState
        title="Project not found"
        description="It may have been deleted."
        action={<CommandButton id="projects.detail.back" />}
      />
    )
  }
  if (error || !data)
    return (
      <ErrorState
        title="Error Loading Project"
        message={error?.message || 'Failed to load project'}
        action={<CommandRetry retry={() => void refetch()} />}
      />
    )
  return <ProjectDetail key={data._id} project={data} />
}

function ProjectDetail({ project: loaded }: { project: Project }) {
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()
  const categories = useCategories()
  const sections = useActorRef(projectSectionsMachine, actorOptions({ input: { project: loaded } }))
  const verification = useActorRef(
    verificationMachine,
    actorOptions({ input: { projectId: loaded._id, currentStatus: loaded.verificationStatus } }),
  )
  const project = useSelector(sections, (s) => s.context.project)
  const editing = useSelector(sections, (s) => s.context.section)
  const draft = useSelector(sections, (s) => s.context.draft)
  const busy = useSelector(sections, (s) => !s.matches('viewing') && !s.matches('editing') && !s.matches('conflict'))
  const conflict = useSelector(sections, (s) => s.matches('conflict'))
  const confirmingDelete = useSelector(sections, (s) => s.matches('confirmingDelete') || s.matches('deleting'))
  const deleting = useSelector(sections, (s) => s.matches('deleting'))
  const viewers = usePresence('project', loaded._id, editing)

  useEffect(() => {
    const subs = [
      sections.on('notify.success', (e) => toast.success(e.text)),
      sections.on('notify.error', (e) => toast.error(e.text)),
      sections.on('project.saved', (e) => {
        queryClient.setQueryData(projectKeys.detail(e.project._id), e.project)
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists })
      }),
      sections.on('project.stale', async () => {
        const fresh = await queryClient
          .fetchQuery({ queryKey: projectKeys.detail(loaded._id), staleTime: 0 })
          .catch(() => null)
        if (fresh) sections.send({ type: 'project.refresh', project: fresh as Project })
      }),
      sections.on('project.deleted', () => {
        void queryClient.invalidateQueries({ queryKey: projectKeys.all })
        navigate('/projects')
      }),
      verification.on('notify.success', (e) => toast.success(e.text)),
      verification.on('project.statusChanged', async (e) => {
        if (e.undo) offerUndo(statusUpdatedText(e.status), e.undo, 'projects')
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists })
        const fresh = await queryClient
          .fetchQuery({ queryKey: projectKeys.detail(loaded._id), staleTime: 0 })
          .catch(() => null)
        if (fresh) sections.send({ type: 'project.refresh', project: fresh as Project })
      }),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [sections, verification, queryClient, navigate, loaded._id, offerUndo])
  // An undo of a decision (here or elsewhere) put the project back: show it, its status and history.
  useUndoDone('projects', async () => {
    const fresh = await queryClient
      .fetchQuery({ queryKey: projectKeys.detail(loaded._id), staleTime: 0 })
      .catch(() => null)
    if (!fresh) return
    sections.send({ type: 'project.refresh', project: fresh as Project })
    verification.send({ type: 'status.sync', status: (fresh as Project).verificationStatus })
    verification.send({ type: 'history.reload' })
  })

  // Another moderator reviewing it in triage: the badge, and a decision here asks first.
  const claim = useOthersClaims().get(loaded._id)
  const claimedBy = claim?.moderator.name ?? null
  useEffect(() => {
    verification.send({ type: 'claim.sync', claimedBy })
  }, [verification, claimedBy])

  const ownerName = project.projectOwner?.name ?? null
  const handle = useMemo<ProjectDetailHandle>(
    () => ({
      actor: sections,
      isActive: project.isActive,
      editing,
      draft,
      busy,
      conflict,
      about: { title: project.title, owner: ownerName, category: project.category },
    }),
    [sections, project.isActive, editing, draft, busy, conflict, project.title, ownerName, project.category],
  )
  const published = useMemo(
    () => ({ projectDetail: handle, focused: { kind: 'project', id: project._id } }),
    [handle, project._id],
  )
  usePublishCommandContext(published)

  return (
    <SectionsActorContext.Provider value={sections}>
      <PresenceContext.Provider value={viewers}>
        <div className="project-detail" data-testid="project-detail">
          <div className="project-detail__top">
            <CommandButton id="projects.detail.back" variant="ghost" size="sm" icon={<ArrowLeft size={14} />} />
            <div className="project-detail__actions">
              <CommandButton id="projects.detail.toggleActive" icon={<Power size={14} />} />
              <CommandButton id="projects.detail.delete" variant="danger" icon={<Trash2 size={14} />}>
                Delete
              </CommandButton>
            </div>
          </div>
          <div className="project-detail__heading">
            <h1>{project.title}</h1>
            <Badge tone={project.isActive ? 'success' : 'neutral'}>{project.isActive ? 'Active' : 'Inactive'}</Badge>
            <VerificationBadge status={project.verificationStatus} />
            <ClaimBadge claim={claim} />
            <PresenceBar titles={SECTION_TITLES} />
          </div>
          <div className="project-detail__grid">
            <DetailSections project={project} categories={mergeCategories(categories.data ?? [])} />
            <aside className="project-detail__aside">
              <VerificationPanel actor={verification} updatedAt={project.updatedAt} />
            </aside>
          </div>
          <AuditTrail entityType="project" entityId={project._id} version={project.updatedAt} />
        </div>
      </PresenceContext.Provider>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => !open && sections.send({ type: 'confirm.cancel' })}
        title="Delete project"
        description="Are you sure you want to delete this project?"
        confirmLabel="Delete"
        tone="danger"
        busy={deleting}
        onConfirm={() => sections.send({ type: 'confirm.accept' })}
      />
    </SectionsActorContext.Provider>
  )
}
