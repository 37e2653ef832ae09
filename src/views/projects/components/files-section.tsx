/**
 * Project Files on the detail page (SPEC.md 2 "Project detail", 8, 9): re-upload the source as a
 * folder or ZIP with percent, done/total, the failed list and the total in MB; 'Upload completed
 * successfully!' and a reset after 2 seconds. The flow is projectFilesMachine.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Button } from '../../../components/button'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { projectFilesMachine } from '../../../machines/project-files.machine'
import { percentOf } from '../../../machines/upload-files'
import { formatMB } from '../../../lib/format'
import { HiddenSourceInputs, SourcePicker } from '../new/components/source-picker'
import { SelectedFiles, UploadProgress } from '../new/components/upload-progress'
import { useProjectAction } from '../new/use-project-action'
import { useSectionsActor } from './sections-context'
import '../new/files.css'

export function FilesSection() {
  const project = useSelector(useSectionsActor(), (s) => s.context.project)
  const actor = useActorRef(projectFilesMachine, { input: { projectId: project._id } })
  const { refresh } = useProjectAction()
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
  const canRetry = useSelector(actor, (s) => s.matches('failed'))

  useEffect(() => {
    const sub = actor.on('files.uploaded', () => void refresh(project._id))
    return () => sub.unsubscribe()
  }, [actor, refresh, project._id])

  const handle = useMemo(() => ({
    projectFiles: {
      run: (action: string) => {
        if (action === 'chooseFolder') folderRef.current?.click()
        else if (action === 'chooseZip') zipRef.current?.click()
        else actor.send({ type: 'upload.start' })
      },
      disabled: { upload: uploading || reading ? 'Busy' : null },
    },
  }), [actor, uploading, reading])
  usePublishCommandContext(handle)

  return (
    <section className="card detail-section" data-testid="section-files">
      <header className="card__header detail-section__header"><h2>Project Files</h2></header>
      <div className="card__body files-panel">
        <p className="muted">
          {project.hasFiles ? <>Current source: <strong>{formatMB(project.totalFileSize)}</strong>{project.githubRepo ? <> in <code>{project.githubRepo.name}</code></> : null}</> : 'No source uploaded yet.'}
        </p>
        <HiddenSourceInputs folderRef={folderRef} zipRef={zipRef} onFolder={(entries) => actor.send({ type: 'folder.select', entries })} onZip={(file) => actor.send({ type: 'zip.select', file })} />
        <SourcePicker folderRef={folderRef} zipRef={zipRef} busy={uploading || reading} reading={reading} hasFiles={files.length > 0}
          percent={uploading ? percentOf(done, files.length) : null} onClear={() => actor.send({ type: 'files.clear' })} onUpload={() => actor.send({ type: 'upload.start' })} />
        <SelectedFiles files={files} excluded={excluded} onRemove={uploading ? undefined : (path) => actor.send({ type: 'file.remove', path })} />
        <UploadProgress done={done} total={files.length} failed={failed} active={uploading} />
        {error ? (
          <div className="banner banner--error flow-message" role="alert">
            <span>{error}</span>
            <span className="flow-message__actions">
              {canRetry ? <Button size="sm" onClick={() => actor.send({ type: 'step.retry' })}>Retry</Button> : null}
              <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'error.dismiss' })}>Dismiss</Button>
            </span>
          </div>
        ) : null}
        {notice ? <p className="banner banner--success" role="status">{notice}</p> : null}
      </div>
    </section>
  )
}
