/**
 * The figures of a source upload (SPEC.md 2, 8, 9): selected files with their sizes (B/KB/MB/GB)
 * and per-file Remove, the total in MB (2 decimals), percent and done/total while uploading,
 * 'N files failed to upload', and the failed list as 'path: error'. Shared by Add Project and the
 * detail page's Project files; Remove is the `{prefix}.removeFile` command with the file as target.
 */
import { X } from 'lucide-react'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { formatBytes, formatMB } from '../../../lib/format'
import { percentOf, totalBytes, type FailedUpload, type SourceFile } from '../../../machines/shared/upload-files.rules'
import type { CommandPrefix } from './source-picker'

const SHOWN = 200

/** The selected files with sizes and Remove (first 200 listed). */
export function SelectedFiles({
  files,
  excluded,
  prefix,
}: {
  files: readonly SourceFile[]
  excluded: number
  prefix: CommandPrefix
}) {
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
            <span className="source-files__meta">
              <span className="faint num">{formatBytes(f.file.size)}</span>
              <CommandIconButton
                id={`${prefix}.removeFile`}
                target={{ kind: 'file', id: f.path }}
                size="sm"
                icon={<X size={12} />}
              />
            </span>
          </li>
        ))}
        {files.length > SHOWN ? <li className="faint source-files__item">…and {files.length - SHOWN} more</li> : null}
      </ul>
    </div>
  )
}

/** Percent bar, done/total and the failed list. */
export function UploadProgress({
  done,
  total,
  failed,
  active,
}: {
  done: number
  total: number
  failed: readonly FailedUpload[]
  active: boolean
}) {
  const percent = percentOf(done, total)
  return (
    <div className="upload-progress" data-testid="upload-progress">
      {active || done > 0 ? (
        <>
          <div
            className="upload-progress__bar"
            role="progressbar"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="upload-progress__figures num">
            {percent}% · {done}/{total} files
          </p>
        </>
      ) : null}
      {failed.length > 0 ? (
        <div className="upload-progress__failed">
          <p className="field__error">{failed.length} files failed to upload</p>
          <ul>
            {failed.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code>: {f.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
