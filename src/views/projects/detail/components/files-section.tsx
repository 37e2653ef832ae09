/**
 * Project Files on the detail page (SPEC.md 2 "Project detail", 8, 9): re-upload the source as a
 * folder or ZIP with percent, done/total, the failed list and the total in MB; 'Upload completed
 * successfully!' and a reset after 2 seconds. The flow is projectFilesMachine, published as
 * `view.projectFiles` for the `projects.files.*` commands.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { actorOptions } from '../../../../machines/shared/inspect'
import { CommandButton } from '../../../../commands/command-button'
import { usePublishCommandContext } from '../../../../commands/use-command-context'
import { formatBytes } from '../../../../lib/format'
import { projectFilesMachine } from '../../../../machines/project-files.machine'
import { clickPicker, HiddenSourceInputs, SourcePicker } from '../../shared/source-picker'
import { SelectedFiles, UploadProgress } from '../../shared/upload-progress'
import { useRefetchProject } from '../use-project-patch'
import { useSectionEffects } from '../use-section-effects'
import { useSectionsActor } from '../sections-context'
import '../../shared/files.css'

/** The Project Files card. */
export function FilesSection() {
  const project = useSelector(useSectionsActor(), (s) => s.context.project)
  const actor = useActorRef(projectFilesMachine, actorOptions({ input: { projectId: project._id } }))
  const refetchProject = useRefetchProject()
  const folderRef = useRef<HTMLInputElement>(null)
  const zipRef = useRef<HTMLInputElement>(null)
  const files = useSelector(actor, (s) => s.context.files)
  const excluded = useSelector(actor, (s) => s.context.excluded)
  const done = useSelector(actor, (s) => s.context.done)
  const failed = useSelector(actor, (s) => s.context.failed)
  const error = useSelector(actor, (s) => s.context.error)
  const notice = useSelector(actor, (s) => s.context.notice)
  const uploading = useSelector(actor, (s) => s.matches('uploading'))
  const reading = useSelector(actor, (s) => s.matches('reading'))
  useSelector(actor, (s) => s.value)

  useSectionEffects(actor, { onPicker: (picker) => clickPicker({ folderRef, zipRef }, picker) })
  useEffect(() => {
    const sub = actor.on('files.uploaded', () => void refetchProject(project._id))
    return () => sub.unsubscribe()
  }, [actor, refetchProject, project._id])
  usePublishCommandContext(useMemo(() => ({ projectFiles: actor }), [actor]))

  return (
    <section className="card detail-section" data-testid="section-files">
      <header className="card__header detail-section__header">
        <h2>Project Files</h2>
      </header>
      <div className="card__body files-panel">
        <p className="muted">
          {project.hasFiles ? (
            <>
              Current source: <strong>{formatBytes(project.totalFileSize)}</strong>
              {project.githubRepo ? (
                <>
                  {' '}
                  in <code>{project.githubRepo.name}</code>
                </>
              ) : null}
            </>
          ) : (
            'No source uploaded yet.'
          )}
        </p>
        <HiddenSourceInputs
          folderRef={folderRef}
          zipRef={zipRef}
          onFolder={(entries) => actor.send({ type: 'folder.select', entries })}
          onZip={(file) => actor.send({ type: 'zip.select', file })}
        />
        <SourcePicker prefix="projects.files" uploading={uploading} reading={reading} />
        <SelectedFiles files={files} excluded={excluded} prefix="projects.files" />
        <UploadProgress done={done} total={files.length} failed={failed} active={uploading} />
        {error ? (
          <div className="banner banner--error flow-message" role="alert">
            <span>{error}</span>
            <span className="flow-message__actions">
              <CommandButton id="projects.files.retry" size="sm">
                Retry
              </CommandButton>
              <CommandButton id="projects.files.dismiss" size="sm" variant="ghost" />
            </span>
          </div>
        ) : null}
        {notice ? (
          <p className="banner banner--success" role="status">
            {notice}
          </p>
        ) : null}
      </div>
    </section>
  )
}
