/**
 * Add Project (/projects/new; SPEC.md 2, 4 "Add Project flow", 5, 8): the form, Support and
 * Add-ons, Project Media, Upload Source. The flow lives in uploadMachine; this view holds the
 * form values, validates them, sends events, shows the machine's figures and messages, and
 * navigates to /projects/{id} when the machine emits 'project.ready'.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { useLocation } from 'wouter'
import { useCategories } from '../../../api/projects'
import { Button, Card, PageHeader } from '../../../components'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { uploadMachine } from '../../../machines/upload.machine'
import { percentOf } from '../../../machines/upload-files'
import { DEFAULT_VALUES, mergeCategories, toPayload, validateForm, type AddProjectValues, type FormErrors } from './add-project-form'
import { MediaPicker } from './components/media-picker'
import { ProjectFields } from './components/project-fields'
import { HiddenSourceInputs, SourcePicker } from './components/source-picker'
import { SupportAddons } from './components/support-addons'
import { SelectedFiles, UploadProgress } from './components/upload-progress'
import { FlowMessages } from './components/flow-messages'
import './files.css'

export default function AddProjectView() {
  const [, navigate] = useLocation()
  const actor = useActorRef(uploadMachine)
  const [values, setValues] = useState<AddProjectValues>(DEFAULT_VALUES)
  const [errors, setErrors] = useState<FormErrors>({})
  const categories = useCategories()
  const folderRef = useRef<HTMLInputElement>(null)
  const zipRef = useRef<HTMLInputElement>(null)
  const imagesRef = useRef<HTMLInputElement>(null)

  const files = useSelector(actor, (s) => s.context.files)
  const excluded = useSelector(actor, (s) => s.context.excluded)
  const images = useSelector(actor, (s) => s.context.images)
  const imagesUploaded = useSelector(actor, (s) => s.context.imagesUploaded)
  const projectId = useSelector(actor, (s) => s.context.projectId)
  const done = useSelector(actor, (s) => s.context.done)
  const failed = useSelector(actor, (s) => s.context.failed)
  const uploading = useSelector(actor, (s) => s.matches('creatingDraft') || s.matches('uploadingSource') || (s.matches('uploadingImages') && s.context.intent === 'upload'))
  const reading = useSelector(actor, (s) => s.matches('readingZip'))
  const submitting = useSelector(actor, (s) => s.matches('creatingProject') || s.matches('publishing') || (s.matches('uploadingImages') && s.context.intent !== 'upload'))
  const busy = uploading || reading || submitting

  useEffect(() => {
    const sub = actor.on('project.ready', ({ projectId: id }) => navigate(`/projects/${id}`))
    return () => sub.unsubscribe()
  }, [actor, navigate])

  const change = (patch: Partial<AddProjectValues>) => setValues((v) => ({ ...v, ...patch }))
  const submitLabel = projectId ? 'Publish Project' : 'Create Project'
  const submitBlocked = files.length > 0 && !projectId ? 'Please upload files first before publishing the project.' : busy ? 'Busy' : null
  const submit = () => {
    const found = validateForm(values, images.length)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    actor.send({ type: 'project.submit', project: toPayload(values) })
  }
  const upload = () => actor.send({ type: 'upload.start', project: toPayload(values) })

  const handle = useMemo(() => ({
    addProject: {
      submitLabel,
      disabled: { submit: submitBlocked, upload: busy ? 'Busy' : null, chooseImages: imagesUploaded ? 'Images uploaded with the draft' : null },
      run: (action: string) => {
        if (action === 'submit') submit()
        else if (action === 'upload') upload()
        else if (action === 'chooseFolder') folderRef.current?.click()
        else if (action === 'chooseZip') zipRef.current?.click()
        else if (action === 'chooseImages') imagesRef.current?.click()
        else if (action === 'clear') actor.send({ type: 'files.clear' })
      },
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [submitLabel, submitBlocked, busy, imagesUploaded, values, images.length])
  usePublishCommandContext(handle)

  return (
    <div className="add-project" data-testid="add-project">
      <PageHeader title="Add Project" description="Describe the project, add 1 to 5 images and upload its source." />
      <form className="add-project__form" onSubmit={(e) => { e.preventDefault(); submit() }} noValidate>
        <Card title="Project details"><ProjectFields values={values} errors={errors} change={change} categories={mergeCategories(categories.data ?? [])} /></Card>
        <Card title="Support and Add-ons"><SupportAddons values={values} change={change} /></Card>
        <Card title="Project Media">
          <MediaPicker images={images} locked={imagesUploaded} error={errors.images} inputRef={imagesRef}
            onAdd={(list) => { setErrors((e) => ({ ...e, images: undefined })); actor.send({ type: 'images.add', files: list }) }}
            onRemove={(index) => actor.send({ type: 'image.remove', index })} />
        </Card>
        <Card title="Upload Source">
          <HiddenSourceInputs folderRef={folderRef} zipRef={zipRef} onFolder={(entries) => actor.send({ type: 'folder.select', entries })} onZip={(file) => actor.send({ type: 'zip.select', file })} />
          <SourcePicker folderRef={folderRef} zipRef={zipRef} busy={busy} reading={reading} hasFiles={files.length > 0}
            percent={uploading ? percentOf(done, files.length) : null} onClear={() => actor.send({ type: 'files.clear' })} onUpload={upload} />
          <SelectedFiles files={files} excluded={excluded} onRemove={busy ? undefined : (path) => actor.send({ type: 'file.remove', path })} />
          <UploadProgress done={done} total={files.length} failed={failed} active={uploading} />
        </Card>
        <FlowMessages actor={actor} />
        <div className="add-project__footer">
          <Button onClick={() => navigate('/projects')} disabled={busy}>Cancel</Button>
          <Button type="submit" variant="primary" data-command="addProject.submit" loading={submitting} disabled={!!submitBlocked && !submitting} title={submitBlocked ?? submitLabel}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </div>
  )
}
