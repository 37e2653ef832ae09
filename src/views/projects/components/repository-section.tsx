/**
 * Repository panel on the detail page (SPEC.md 2, 5 "Repository", 7, 8): info, private flag,
 * collaborators (add with permission, default push; remove), branches (create from a base,
 * default main), archive link, delete with 'Delete GitHub repository? This cannot be undone.'.
 * Failures show as red lines with the texts of SPEC.md 8.
 */
import { useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { Download, Trash2 } from 'lucide-react'
import * as repo from '../../../api/repository'
import { Button, Checkbox, ConfirmDialog, Field, Input, Select, toast } from '../../../components'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { formatDateTime } from '../../../lib/format'
import { formatMB } from '../../../lib/format'
import { useProjectAction } from '../new/use-project-action'
import { useSectionsActor } from './sections-context'
import '../new/files.css'

function loadRepo(name: string) {
  return Promise.all([repo.fetchRepo(name), repo.fetchCollaborators(name), repo.fetchBranches(name)])
    .then(([info, collaborators, branches]) => ({ info, collaborators, branches }))
}

export function RepositorySection() {
  const project = useSelector(useSectionsActor(), (s) => s.context.project)
  const name = project.githubRepo?.name ?? null
  return (
    <section className="card detail-section" data-testid="section-repository">
      <header className="card__header detail-section__header"><h2>Repository</h2></header>
      <div className="card__body files-panel">
        {name ? <RepositoryPanel name={name} projectId={project._id} /> : <p className="faint">No repository yet. Upload the project files to create one.</p>}
      </div>
    </section>
  )
}

function RepositoryPanel({ name, projectId }: { name: string; projectId: string }) {
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: ['repository', name], queryFn: () => loadRepo(name), retry: false })
  const { busy, error, setError, run, refresh } = useProjectAction()
  const [username, setUsername] = useState('')
  const [permission, setPermission] = useState<repo.Permission>('push')
  const [branchName, setBranchName] = useState('')
  const [baseBranch, setBaseBranch] = useState('main')
  const [confirmDelete, setConfirmDelete] = useState(false)
  const reload = () => queryClient.invalidateQueries({ queryKey: ['repository', name] })

  const act = async (key: string, failure: string, task: () => Promise<unknown>) => {
    if (await run(key, failure, task)) await reload()
  }
  const addCollaborator = () => {
    if (!username.trim()) return setError('Username is required')
    void act('collaborator', 'Failed to add collaborator', () => repo.addCollaborator(name, username.trim(), permission)).then(() => setUsername(''))
  }
  const createBranch = () => {
    if (!branchName.trim()) return setError('Branch name is required')
    void act('branch', 'Failed to create branch', () => repo.createBranch(name, branchName.trim(), baseBranch.trim() || 'main')).then(() => setBranchName(''))
  }
  const openArchive = () => void run('archive', 'Failed to get archive link', async () => window.open(await repo.fetchArchiveUrl(name, 'main'), '_blank', 'noopener'))
  const togglePrivate = () => query.data && void act('private', 'Failed to update privacy', () => repo.setRepoPrivate(name, !query.data.info.private))
  const remove = async () => {
    setConfirmDelete(false)
    if (await run('delete', 'Failed to delete repository', () => repo.deleteRepo(name))) {
      toast.success('Repository deleted.')
      await refresh(projectId)
    }
  }

  const handle = useMemo(() => ({
    repository: {
      run: (action: string) => {
        if (action === 'addCollaborator') document.querySelector<HTMLInputElement>('[data-focus="collaborator"]')?.focus()
        else if (action === 'createBranch') document.querySelector<HTMLInputElement>('[data-focus="branch"]')?.focus()
        else if (action === 'archive') openArchive()
        else if (action === 'togglePrivate') togglePrivate()
        else setConfirmDelete(true)
      },
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [name, query.data])
  usePublishCommandContext(handle)

  if (query.isPending) return <p className="faint">Loading repository…</p>
  if (query.error || !query.data) return <p className="files-panel__error" role="alert">Failed to load GitHub info</p>
  const { info, collaborators, branches } = query.data
  return (
    <>
      <dl className="files-panel__facts" data-testid="repo-info">
        <dt>Name</dt><dd>{info.name}</dd>
        <dt>Clone URL</dt><dd><code data-testid="clone-url">{info.cloneUrl}</code></dd>
        <dt>Default branch</dt><dd>{info.defaultBranch}</dd>
        <dt>Size</dt><dd>{formatMB(info.size)} · {info.commitCount} commits</dd>
        {info.latestCommit ? <><dt>Latest commit</dt><dd>{info.latestCommit.message} · {formatDateTime(info.latestCommit.date)}</dd></> : null}
      </dl>
      <div className="files-panel__row">
        <label className="check-field">
          <Checkbox checked={info.private} disabled={!!busy} onCheckedChange={togglePrivate} aria-label="Private repository" />
          <span>Private</span>
        </label>
        <Button size="sm" icon={<Download size={14} />} onClick={openArchive} loading={busy === 'archive'}>Download archive (main)</Button>
        <Button size="sm" variant="danger" icon={<Trash2 size={14} />} onClick={() => setConfirmDelete(true)} loading={busy === 'delete'}>Delete repository</Button>
      </div>
      <h3 className="files-panel__heading">Collaborators</h3>
      <ul className="files-panel__list" data-testid="collaborators">
        {collaborators.length === 0 ? <li className="faint">No collaborators</li> : collaborators.map((c) => (
          <li key={c.username}><span><strong>{c.username}</strong> · {c.permission}</span>
            <Button size="sm" variant="ghost" onClick={() => void act('remove', 'Failed to remove collaborator', () => repo.removeCollaborator(name, c.username))}>Remove</Button></li>
        ))}
      </ul>
      <div className="files-panel__row">
        <Field label="Username">{(id) => <Input id={id} data-focus="collaborator" value={username} onChange={(e) => setUsername(e.target.value)} />}</Field>
        <Field label="Permission">{(id) => <Select id={id} value={permission} onValueChange={(p) => setPermission(p as repo.Permission)} options={repo.PERMISSIONS.map((p) => ({ value: p, label: p }))} />}</Field>
        <Button data-command="repository.addCollaborator" onClick={addCollaborator} loading={busy === 'collaborator'}>Add collaborator</Button>
      </div>
      <h3 className="files-panel__heading">Branches</h3>
      <ul className="files-panel__list" data-testid="branches">{branches.map((b) => <li key={b}><code>{b}</code></li>)}</ul>
      <div className="files-panel__row">
        <Field label="Branch name">{(id) => <Input id={id} data-focus="branch" value={branchName} onChange={(e) => setBranchName(e.target.value)} />}</Field>
        <Field label="Base branch">{(id) => <Input id={id} value={baseBranch} onChange={(e) => setBaseBranch(e.target.value)} />}</Field>
        <Button data-command="repository.createBranch" onClick={createBranch} loading={busy === 'branch'}>Create branch</Button>
      </div>
      {error ? <p className="files-panel__error" role="alert">{error}</p> : null}
      <ConfirmDialog open={confirmDelete} onOpenChange={setConfirmDelete} title="Delete repository" description="Delete GitHub repository? This cannot be undone."
        confirmLabel="Delete" tone="danger" onConfirm={() => void remove()} />
    </>
  )
}
