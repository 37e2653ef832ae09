/**
 * Repository panel on the detail page (SPEC.md 2, 5 "Repository", 7, 8): info, private flag,
 * collaborators (add with permission, default push; remove), branches (create from a base,
 * default main), archive link, delete with 'Delete GitHub repository? This cannot be undone.'.
 * The flow is projectRepositoryMachine, published as `view.projectRepository`; every control is a
 * `projects.repository.*` command. Failures show as the red line of SPEC.md 8.
 */
import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { actorOptions } from '../../../../machines/shared/inspect'
import { Download, GitBranchPlus, Trash2, UserPlus, X } from 'lucide-react'
import { ConfirmDialog } from '../../../../components/dialog'
import { Field, Input } from '../../../../components/field'
import { CommandButton } from '../../../../commands/command-button'
import { usePublishCommandContext } from '../../../../commands/use-command-context'
import { formatBytes, formatDateTime, formatQuantity } from '../../../../lib/format'
import { projectRepositoryMachine } from '../../../../machines/project-repository.machine'
import { CommandCheckbox } from '../../../../commands/command-checkbox'
import { CommandSelect } from '../../../../commands/command-select'
import { PERMISSION_OPTIONS } from '../../../../commands/project-repository.commands'
import { useSectionEffects } from '../use-section-effects'
import { useSectionsActor } from '../sections-context'
import '../../shared/files.css'

/** The Repository card; the panel mounts once the project has a repository. */
export function RepositorySection() {
  const name = useSelector(useSectionsActor(), (s) => s.context.project.githubRepo?.name ?? null)
  return (
    <section className="card detail-section" data-testid="section-repository">
      <header className="card__header detail-section__header">
        <h2>Repository</h2>
      </header>
      <div className="card__body files-panel">
        {name ? (
          <RepositoryPanel key={name} name={name} />
        ) : (
          <p className="faint">No repository yet. Upload the project files to create one.</p>
        )}
      </div>
    </section>
  )
}

function RepositoryPanel({ name }: { name: string }) {
  const actor = useActorRef(projectRepositoryMachine, actorOptions({ input: { name } }))
  const data = useSelector(actor, (s) => s.context.data)
  const form = useSelector(actor, (s) => s.context.form)
  const error = useSelector(actor, (s) => s.context.error)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const step = useSelector(actor, (s) =>
    s.matches('ready') && typeof s.value === 'object' ? String(Object.values(s.value)[0]) : null,
  )
  const edit = (patch: Partial<typeof form>) => actor.send({ type: 'form.change', patch })

  useSectionEffects(actor)
  usePublishCommandContext(useMemo(() => ({ projectRepository: actor }), [actor]))

  if (loadFailed)
    return (
      <p className="files-panel__error" role="alert">
        Failed to load GitHub info
      </p>
    )
  if (!data) return <p className="faint">Loading repository…</p>
  const { info, collaborators, branches } = data
  return (
    <>
      <dl className="files-panel__facts" data-testid="repo-info">
        <dt>Name</dt>
        <dd>{info.name}</dd>
        <dt>Clone URL</dt>
        <dd>
          <code data-testid="clone-url">{info.cloneUrl}</code>
        </dd>
        <dt>Default branch</dt>
        <dd>{info.defaultBranch}</dd>
        <dt>Size</dt>
        <dd>
          {formatBytes(info.size)} · {formatQuantity(info.commitCount, 'commit')}
        </dd>
        {info.latestCommit ? (
          <>
            <dt>Latest commit</dt>
            <dd>
              {info.latestCommit.message} · {formatDateTime(info.latestCommit.date)}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="files-panel__row">
        <CommandCheckbox id="projects.repository.togglePrivate" labelled />
        <CommandButton
          id="projects.repository.archive"
          size="sm"
          icon={<Download size={14} />}
          loading={step === 'openingArchive'}
        />
        <CommandButton
          id="projects.repository.delete"
          size="sm"
          variant="danger"
          icon={<Trash2 size={14} />}
          loading={step === 'deleting'}
        />
      </div>
      <h3 className="files-panel__heading">Collaborators</h3>
      <ul className="files-panel__list" data-testid="collaborators">
        {collaborators.length === 0 ? (
          <li className="faint">No collaborators</li>
        ) : (
          collaborators.map((c) => (
            <li key={c.username}>
              <span>
                <strong>{c.username}</strong> · {c.permission}
              </span>
              <CommandButton
                id="projects.repository.removeCollaborator"
                target={{ kind: 'collaborator', id: c.username }}
                size="sm"
                variant="ghost"
                icon={<X size={12} />}
              />
            </li>
          ))
        )}
      </ul>
      <div className="files-panel__row">
        <Field label="Username">
          {(id) => <Input id={id} value={form.username} onChange={(e) => edit({ username: e.target.value })} />}
        </Field>
        <Field label="Permission">
          {(id) => <CommandSelect id={id} aria-label="Permission" options={PERMISSION_OPTIONS} />}
        </Field>
        <CommandButton
          id="projects.repository.addCollaborator"
          icon={<UserPlus size={14} />}
          loading={step === 'addingCollaborator'}
        />
      </div>
      <h3 className="files-panel__heading">Branches</h3>
      <ul className="files-panel__list" data-testid="branches">
        {branches.map((b) => (
          <li key={b}>
            <code>{b}</code>
          </li>
        ))}
      </ul>
      <div className="files-panel__row">
        <Field label="Branch name">
          {(id) => <Input id={id} value={form.branchName} onChange={(e) => edit({ branchName: e.target.value })} />}
        </Field>
        <Field label="Base branch">
          {(id) => <Input id={id} value={form.baseBranch} onChange={(e) => edit({ baseBranch: e.target.value })} />}
        </Field>
        <CommandButton
          id="projects.repository.createBranch"
          icon={<GitBranchPlus size={14} />}
          loading={step === 'creatingBranch'}
        />
      </div>
      {error ? (
        <p className="files-panel__error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={step === 'confirmingDelete' || step === 'deleting'}
        onOpenChange={(open) => !open && actor.send({ type: 'confirm.cancel' })}
        title="Delete repository"
        description="Delete GitHub repository? This cannot be undone."
        confirmLabel="Delete"
        tone="danger"
        busy={step === 'deleting'}
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
      />
    </>
  )
}
