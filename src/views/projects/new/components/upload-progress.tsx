/**
 * The figures of a source upload (SPEC.md 2, 8): selected files with per-file Remove, total size
 * in MB (2 decimals), percent and done/total while uploading, 'N files failed to upload', and the
 * failed list as 'path: error'. Shared by Add Project and the detail page's Project files.
 */
import { X } from 'lucide-react'
import { percentOf, totalBytes, type FailedUpload, type SourceFile } from '../../../../machines/upload-files'
import { formatMB } from '../../../../lib/format'

const SHOWN = 200

export function SelectedFiles({ files, excluded, onRemove }: { files: readonly SourceFile[]; excluded: number; onRemove?: (path: string) => void }) {
  if (files.length === 0) return null
  return (
    <div className="source-files" data-testid="selected-files">
      <p className="source-files__summary">
        <strong>{files.length}</strong> files · <span data-testid="total-size">{formatMB(totalBytes(files))}</span>
        {excluded > 0 ? <span className="faint"> · {excluded} excluded by the source filter</span> : null}
      </p>
      <ul className="source-files__list">
        {files.slice(0, SHOWN).map((f) => (
          <li key={f.path} className="source-files__item">
            <span className="source-files__path">{f.path}</span>
            {onRemove ? (
              <button type="button" className="btn btn--ghost btn--icon btn--sm" aria-label={`Remove ${f.path}`} onClick={() => onRemove(f.path)}><X size={12} /></button>
            ) : null}
          </li>
        ))}
        {files.length > SHOWN ? <li className="faint source-files__item">…and {files.length - SHOWN} more</li> : null}
      </ul>
    </div>
  )
}

export function UploadProgress({ done, total, failed, active }: { done: number; total: number; failed: readonly FailedUpload[]; active: boolean }) {
  const percent = percentOf(done, total)
  return (
    <div className="upload-progress" data-testid="upload-progress">
      {active || done > 0 ? (
        <>
          <div className="upload-progress__bar" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="upload-progress__figures num">{percent}% · {done}/{total} files</p>
        </>
      ) : null}
      {failed.length > 0 ? (
        <div className="upload-progress__failed">
          <p className="field__error">{failed.length} files failed to upload</p>
          <ul>{failed.map((f) => <li key={f.path}><code>{f.path}</code>: {f.error}</li>)}</ul>
        </div>
      ) : null}
    </div>
  )
}
