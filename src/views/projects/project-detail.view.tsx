/**
 * Project detail (SPEC.md 2 "Project detail", 8): back, Activate/Deactivate, Delete; editable
 * sections one at a time (project-sections machine); the Verification History panel
 * (verification machine); 'Project not found' for a 404 and 'Error Loading Project' otherwise.
 */
import { useEffect, useMemo, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { ArrowLeft, Power, Trash2 } from 'lucide-react'
import { useLocation, useParams } from 'wouter'
import { ApiError } from '../../api/client'
import { projectKeys, useCategories, useProject } from '../../api/projects'
import type { Project, VerificationStatus } from '../../api/schemas/projects'
import { CommandButton } from '../../commands/command-button'
import type { ProjectDetailHandle } from '../../commands/verification.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { Badge } from '../../components/badge'
import { ConfirmDialog, PromptDialog } from '../../components/dialog'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { toast } from '../../components/toast'
import { projectSectionsMachine } from '../../machines/project-sections.machine'
import { verificationMachine } from '../../machines/verification.machine'
import { DetailSections } from './components/detail-sections'
import { SectionsActorContext } from './components/sections-context'
import { statusTitle, VerificationBadge } from './components/verification-badge'
import { VerificationPanel } from './components/verification-panel'
import { initialDraft, sectionBody, sectionInvalid, type SectionId } from './section-forms'
import { mergeCategories } from './list-url'

export default function ProjectDetailView() {
  const { id } = useParams<{ id: string }>()
  const { data, error, isPending, refetch } = useProject(id)
  if (isPending) return <LoadingState title="Loading project" />
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <EmptyState title="Project not found" description="It may have been deleted." action={<CommandButton id="project.back" />} />
  }
  if (error || !data) return <ErrorState title="Error Loading Project" message={error?.message || 'Failed to load project'} onRetry={() => void refetch()} />
  return <ProjectDetail key={data._id} project={data} />
}

function ProjectDetail({ project: loaded }: { project: Project }) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const categories = useCategories()
  const sections = useActorRef(projectSectionsMachine, { input: { project: loaded } })
  const verification = useActorRef(verificationMachine, { input: { projectId: loaded._id, currentStatus: loaded.verificationStatus } })
  const project = useSelector(sections, (s) => s.context.project)
  const editing = useSelector(sections, (s) => s.context.section as SectionId | null)
  const confirmingDelete = useSelector(sections, (s) => s.matches('confirmingDelete') || s.matches('deleting'))
  const deleting = useSelector(sections, (s) => s.matches('deleting'))
  const [requested, setRequested] = useState<VerificationStatus | null>(null)

  useEffect(() => {
    const subs = [
      sections.on('notify', (e) => (e.tone === 'success' ? toast.success(e.text) : toast.error(e.text))),
      sections.on('saved', (e) => {
        queryClient.setQueryData(projectKeys.detail(e.project._id), e.project)
        void queryClient.invalidateQueries({ queryKey: ['projects', 'list'] })
      }),
      sections.on('deleted', () => {
        void queryClient.invalidateQueries({ queryKey: projectKeys.all })
        navigate('/projects')
      }),
      verification.on('notify', (e) => toast.success(e.text)),
      verification.on('statusChanged', async () => {
        void queryClient.invalidateQueries({ queryKey: ['projects', 'list'] })
        const fresh = await queryClient.fetchQuery({ queryKey: projectKeys.detail(loaded._id), staleTime: 0 }).catch(() => null)
        if (fresh) sections.send({ type: 'project.refresh', project: fresh as Project })
      }),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [sections, verification, queryClient, navigate, loaded._id])

  const handle = useMemo<ProjectDetailHandle>(() => ({
    actor: sections,
    isActive: project.isActive,
    editing,
    edit: (section) => sections.send({ type: 'section.edit', section, draft: initialDraft(section, sections.getSnapshot().context.project) }),
    save: () => {
      const { section, draft } = sections.getSnapshot().context
      if (section) sections.send({ type: 'section.save', body: sectionBody(section as SectionId, draft), invalid: sectionInvalid(section as SectionId, draft) })
    },
    requestStatus: setRequested,
  }), [sections, project.isActive, editing])
  const published = useMemo(() => ({ projectDetail: handle, focused: { kind: 'project', id: project._id } }), [handle, project._id])
  usePublishCommandContext(published)

  return (
    <SectionsActorContext.Provider value={sections}>
      <div className="project-detail" data-testid="project-detail">
        <div className="project-detail__top">
          <CommandButton id="project.back" variant="ghost" size="sm" icon={<ArrowLeft size={14} />} />
          <div className="project-detail__actions">
            <CommandButton id="project.toggleActive" icon={<Power size={14} />} />
            <CommandButton id="project.delete" variant="danger" icon={<Trash2 size={14} />}>Delete</CommandButton>
          </div>
        </div>
        <div className="project-detail__heading">
          <h1>{project.title}</h1>
          <Badge tone={project.isActive ? 'success' : 'neutral'}>{project.isActive ? 'Active' : 'Inactive'}</Badge>
          <VerificationBadge status={project.verificationStatus} />
        </div>
        <div className="project-detail__grid">
          <DetailSections project={project} categories={mergeCategories(categories.data ?? [])} />
          <aside className="project-detail__aside">
            <VerificationPanel actor={verification} updatedAt={project.updatedAt} />
          </aside>
        </div>
      </div>
      <ConfirmDialog open={confirmingDelete} onOpenChange={(open) => !open && sections.send({ type: 'confirm.cancel' })} title="Delete project"
        description="Are you sure you want to delete this project?" confirmLabel="Delete" tone="danger"
        busy={deleting} onConfirm={() => sections.send({ type: 'confirm.accept' })} />
      <PromptDialog open={requested !== null} onOpenChange={(open) => !open && setRequested(null)} required
        title={`Set status to ${requested ? statusTitle(requested) : ''}`} label="Notes" confirmLabel="Update Status"
        onSubmit={(notes) => { if (requested) verification.send({ type: 'status.submit', status: requested, notes }); setRequested(null) }} />
    </SectionsActorContext.Provider>
  )
}
