/**
 * Report Management on the detail page (SPEC.md 2, 5 "Reports", 7, 8): upload a .doc/.docx
 * (replacing an existing one asks first), download through a signed link opened in a new tab,
 * delete (cannot be undone), and the report price prompt (a number) → PUT {reportPrice}.
 */
import { useMemo, useRef, useState } from 'react'
import { useSelector } from '@xstate/react'
import { Download, FileUp, Trash2 } from 'lucide-react'
import { updateProject } from '../../../api/projects'
import { deleteReport, fetchReportDownloadUrl, isReportFileName, uploadReport } from '../../../api/reports'
import { Badge, Button, ConfirmDialog, PromptDialog, toast } from '../../../components'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { formatINR } from '../../../lib/format'
import { useProjectAction } from '../new/use-project-action'
import { useSectionsActor } from './sections-context'
import '../new/files.css'

const REPLACE_TEXT = 'A report already exists for this project. Uploading a new file will replace the existing report. Do you want to continue?'

export function ReportSection() {
  const project = useSelector(useSectionsActor(), (s) => s.context.project)
  const { busy, error, setError, run, refresh } = useProjectAction()
  const inputRef = useRef<HTMLInputElement>(null)
  const [dialog, setDialog] = useState<'replace' | 'delete' | 'price' | null>(null)

  const chooseFile = () => (project.hasReport ? setDialog('replace') : inputRef.current?.click())
  const upload = async (file: File) => {
    if (!isReportFileName(file.name)) return setError('Only .docx and .doc files are accepted')
    if (await run('upload', 'Failed to upload report', () => uploadReport(project._id, file))) {
      toast.success('Report uploaded successfully!')
      await refresh(project._id, { hasReport: true })
    }
  }
  const download = () => void run('download', 'Failed to generate download link', async () => {
    window.open(await fetchReportDownloadUrl(project._id), '_blank', 'noopener')
  })
  const remove = async () => {
    setDialog(null)
    if (await run('delete', 'Failed to delete report', () => deleteReport(project._id))) {
      toast.success('Report deleted successfully!')
      await refresh(project._id, { hasReport: false })
    }
  }
  const setPrice = async (text: string) => {
    const price = Number(text)
    if (text === '' || !Number.isFinite(price) || price < 0) return setError('Report price must be a number')
    setDialog(null)
    if (await run('price', 'Failed to update report price', () => updateProject(project._id, { reportPrice: price }))) {
      toast.success('Report price updated successfully!')
      await refresh(project._id, { reportPrice: price })
    }
  }

  const handle = useMemo(() => ({
    report: {
      run: (action: string) => {
        if (action === 'upload') chooseFile()
        else if (action === 'download') download()
        else setDialog(action === 'delete' ? 'delete' : 'price')
      },
      disabled: { download: project.hasReport ? null : 'No report uploaded', delete: project.hasReport ? null : 'No report uploaded' },
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [project._id, project.hasReport])
  usePublishCommandContext(handle)

  return (
    <section className="card detail-section" data-testid="section-report">
      <header className="card__header detail-section__header"><h2>Report Management</h2></header>
      <div className="card__body files-panel">
        <p className="files-panel__row">
          <Badge tone={project.hasReport ? 'success' : 'neutral'}>{project.hasReport ? 'Report uploaded' : 'No report'}</Badge>
          <span className="muted">Price: <strong data-testid="report-price">{formatINR(project.reportPrice)}</strong></span>
        </p>
        <input ref={inputRef} type="file" hidden data-testid="report-input" accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(f); e.target.value = '' }} />
        <div className="files-panel__row">
          <Button size="sm" icon={<FileUp size={14} />} onClick={chooseFile} loading={busy === 'upload'}>{project.hasReport ? 'Replace report' : 'Upload report'}</Button>
          <Button size="sm" icon={<Download size={14} />} onClick={download} disabled={!project.hasReport} loading={busy === 'download'}>Download report</Button>
          <Button size="sm" onClick={() => setDialog('price')} loading={busy === 'price'}>Set report price</Button>
          <Button size="sm" variant="danger" icon={<Trash2 size={14} />} onClick={() => setDialog('delete')} disabled={!project.hasReport} loading={busy === 'delete'}>Delete report</Button>
        </div>
        {error ? <p className="files-panel__error" role="alert">{error}</p> : null}
      </div>
      <ConfirmDialog open={dialog === 'replace'} onOpenChange={(o) => !o && setDialog(null)} title="Replace report" description={REPLACE_TEXT} confirmLabel="Continue"
        onConfirm={() => { setDialog(null); inputRef.current?.click() }} />
      <ConfirmDialog open={dialog === 'delete'} onOpenChange={(o) => !o && setDialog(null)} title="Delete report" tone="danger" confirmLabel="Delete"
        description="Are you sure you want to delete the report? This action cannot be undone." onConfirm={() => void remove()} />
      <PromptDialog open={dialog === 'price'} onOpenChange={(o) => !o && setDialog(null)} title="Report price" label="Report price (₹)" required
        initialValue={String(project.reportPrice)} onSubmit={(text) => void setPrice(text)} />
    </section>
  )
}
