/**
 * Add Project (/projects/new; SPEC.md 2, 4 "Add Project flow", 5, 8): the form, Support and
 * Add-ons, Project Media, Upload Source. The flow and the form values live in uploadMachine; this
 * view publishes the actor for its commands (`projects.new.*`), sends what the inputs deliver,
 * answers the machine's effects (pickers, refusals as toasts) and navigates to /projects/{id}
 * on 'project.ready'. It offers the unfinished drafts (drafts-offer.tsx), shows the picked files
 * as a folder tree (source-tree.tsx), and asks before the page is left while files are picked but
 * not on the server or a step runs (`beforeunload`; decision 038).
 */
import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { actorOptions } from '../../../machines/shared/inspect'
import { useLocation } from 'wouter'
import { useCategories } from '../../../api/projects'
import { Card } from '../../../components/card'
import { PageHeader } from '../../../components/page-header'
import { toast } from '../../../components/toast'
import { CommandButton } from '../../../commands/command-button'
import { useFocusFirstInvalid } from '../../../components/focus-first-invalid'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { mergeCategories, type AddProjectValues } from '../../../machines/add-project.form'
import { uploadMachine } from '../../../machines/upload.machine'
import { leavingLosesWork } from '../../../machines/upload.rules'
import { DraftsOffer } from './drafts-offer'
import { SourceTree } from './source-tree'
import { MediaPicker } from './media-picker'
import { ProjectFields } from './project-fields'
import { clickPicker, HiddenSourceInputs, SourcePicker } from '../shared/source-picker'
import { SupportAddons } from './support-addons'
import { UploadProgress } from '../shared/upload-progress'
import { FlowMessages } from './flow-messages'
import '../shared/files.css'

export default function AddProjectView() {
  const [, navigate] = useLocation()
  const actor = useActorRef(uploadMachine, actorOptions())
  const categories = useCategories()
  const folderRef = useRef<HTMLInputElement>(null)
  const zipRef = useRef<HTMLInputElement>(null)
  const imagesRef = useRef<HTMLInputElement>(null)

  const values = useSelector(actor, (s) => s.context.values)
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors)
  useFocusFirstInvalid(fieldErrors)
  const files = useSelector(actor, (s) => s.context.files)
  const excluded = useSelector(actor, (s) => s.context.excluded)
  const images = useSelector(actor, (s) => s.context.images)
  const imagesUploaded = useSelector(actor, (s) => s.context.imagesUploaded)
  const done = useSelector(actor, (s) => s.context.done)
  const failed = useSelector(actor, (s) => s.context.failed)
  const uploading = useSelector(
    actor,
    (s) =>
      s.matches({ busy: 'creatingDraft' }) ||
      s.matches({ busy: 'planningResume' }) ||
      s.matches({ busy: 'uploadingSource' }) ||
      (s.matches({ busy: 'uploadingImages' }) && s.context.intent === 'upload'),
  )
  const reading = useSelector(actor, (s) => s.matches('readingZip'))
  const draftOpen = useSelector(actor, (s) => s.context.projectId !== null || s.matches('loadingDraft'))
  const uploaded = useSelector(actor, (s) => s.context.github !== null && s.matches('editing'))
  const guardLeave = useSelector(actor, (s) => leavingLosesWork(s.matches('busy'), s.context))
  const submitting = useSelector(actor, (s) => s.matches('busy') && s.context.intent !== 'upload')
  // Command rules read the snapshot; re-render the buttons when the state or the draft changes.
  useSelector(actor, (s) => `${JSON.stringify(s.value)}:${s.context.projectId}:${s.context.error !== null}`)

  useEffect(() => {
    const subs = [
      actor.on('project.ready', ({ projectId }) => navigate(`/projects/${projectId}`)),
      actor.on('notify.error', ({ text }) => toast.error(text)),
      actor.on('picker.open', ({ picker }) => clickPicker({ folderRef, zipRef, imagesRef }, picker)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, navigate])

  useEffect(() => {
    if (!guardLeave) return
    // The browser shows its own question; the text cannot be chosen.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [guardLeave])

  const published = useMemo(() => ({ addProject: actor }), [actor])
  usePublishCommandContext(published)
  const change = (patch: Partial<AddProjectValues>) => actor.send({ type: 'form.change', patch })

  return (
    <div className="add-project" data-testid="add-project">
      <PageHeader title="Add Project" description="Describe the project, add 1 to 5 images and upload its source." />
      <DraftsOffer hidden={draftOpen} />
      <form className="add-project__form" onSubmit={(e) => e.preventDefault()} noValidate>
        <Card title="Project details">
          <ProjectFields
            values={values}
            errors={fieldErrors}
            change={change}
            categories={mergeCategories(categories.data ?? [])}
          />
        </Card>
        <Card title="Support and Add-ons">
          <SupportAddons values={values} change={change} />
        </Card>
        <Card title="Project Media">
          <MediaPicker
            images={images}
            locked={imagesUploaded}
            error={fieldErrors.images}
            inputRef={imagesRef}
            onAdd={(list) => actor.send({ type: 'images.add', files: list })}
          />
        </Card>
        <Card title="Upload Source">
          <HiddenSourceInputs
            folderRef={folderRef}
            zipRef={zipRef}
            onFolder={(entries) => actor.send({ type: 'folder.select', entries })}
            onZip={(file) => actor.send({ type: 'zip.select', file })}
          />
          <SourcePicker prefix="projects.new" uploading={uploading} reading={reading} />
          <SourceTree files={files} excluded={excluded} uploaded={uploaded} />
          <UploadProgress done={done} total={files.length} failed={failed} active={uploading} />
        </Card>
        <FlowMessages actor={actor} />
        <div className="add-project__footer">
          <CommandButton id="projects.new.cancel" />
          <CommandButton id="projects.new.submit" variant="primary" loading={submitting} />
        </div>
      </form>
    </div>
  )
}
