/**
 * Upload Source (SPEC.md 2 "Add Project", 5, 8): folder/ZIP radio, Select Folder (webkitdirectory)
 * or Select ZIP (read in a worker), Clear all, Upload Files with percent. Also used, without the
 * Upload Files button's draft semantics, by the detail page's Project files section.
 */
import { useState } from 'react'
import { FolderOpen, FileArchive, Upload } from 'lucide-react'
import { Button } from '../../../../components/button'
import type { FolderEntry } from '../../../../machines/upload-files'

export type SourceMode = 'folder' | 'zip'

export interface SourceInputs {
  folderRef: React.RefObject<HTMLInputElement | null>
  zipRef: React.RefObject<HTMLInputElement | null>
}

/** The two hidden inputs; a callback ref sets `webkitdirectory`, which React does not type. */
export function HiddenSourceInputs({ folderRef, zipRef, onFolder, onZip }: SourceInputs & { onFolder: (entries: FolderEntry[]) => void; onZip: (file: File) => void }) {
  return (
    <>
      <input type="file" multiple hidden data-testid="folder-input"
        ref={(el) => { folderRef.current = el; el?.setAttribute('webkitdirectory', '') }}
        onChange={(e) => {
          onFolder(Array.from(e.target.files ?? []).map((file) => ({ file, relativePath: file.webkitRelativePath || file.name })))
          e.target.value = ''
        }} />
      <input ref={zipRef} type="file" accept=".zip,application/zip" hidden data-testid="zip-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) onZip(file)
          e.target.value = ''
        }} />
    </>
  )
}

export interface SourcePickerProps extends SourceInputs {
  busy: boolean
  reading: boolean
  percent: number | null
  hasFiles: boolean
  onClear: () => void
  onUpload: () => void
  uploadLabel?: string
}

export function SourcePicker({ folderRef, zipRef, busy, reading, percent, hasFiles, onClear, onUpload, uploadLabel = 'Upload Files' }: SourcePickerProps) {
  const [mode, setMode] = useState<SourceMode>('folder')
  return (
    <div className="source-picker">
      <div className="source-picker__modes" role="radiogroup" aria-label="Upload source">
        {(['folder', 'zip'] as const).map((m) => (
          <label key={m} className="check-field">
            <input type="radio" name="source-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span>{m === 'folder' ? 'Folder' : 'ZIP'}</span>
          </label>
        ))}
      </div>
      <div className="source-picker__actions">
        {mode === 'folder' ? (
          <Button icon={<FolderOpen size={14} />} disabled={busy} onClick={() => folderRef.current?.click()}>Select Folder</Button>
        ) : (
          <Button icon={<FileArchive size={14} />} disabled={busy} loading={reading} onClick={() => zipRef.current?.click()}>Select ZIP</Button>
        )}
        <Button variant="ghost" disabled={busy || !hasFiles} onClick={onClear}>Clear all</Button>
        <Button variant="primary" icon={<Upload size={14} />} loading={percent !== null} onClick={onUpload} disabled={busy}>
          {percent !== null ? `Uploading ${percent}%` : uploadLabel}
        </Button>
      </div>
    </div>
  )
}
