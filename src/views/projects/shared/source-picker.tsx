/**
 * Upload Source (SPEC.md 2 "Add Project", 5, 8): folder/ZIP radio, Select Folder (webkitdirectory)
 * or Select ZIP (read in a worker), Clear all and Upload Files with percent. Every button is a
 * command under `prefix` (`projects.new` on Add Project, `projects.files` on the detail page);
 * the machine opens a picker by emitting 'picker.open', which the view answers with these inputs.
 */
import { useMemo, useState } from 'react'
import { FileArchive, FolderOpen, Upload } from 'lucide-react'
import { CommandButton } from '../../../commands/command-button'
import { CommandRadioGroup } from '../../../commands/command-radio'
import type { SourceMode } from '../../../commands/source-mode.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import type { FolderEntry } from '../../../machines/shared/upload-files.rules'

/** The command prefix of the screen the picker is on. */
export type CommandPrefix = 'projects.new' | 'projects.files'

export interface SourceInputs {
  folderRef: React.RefObject<HTMLInputElement | null>
  zipRef: React.RefObject<HTMLInputElement | null>
}

/** The two hidden inputs; a callback ref sets `webkitdirectory`, which React does not type. */
export function HiddenSourceInputs({
  folderRef,
  zipRef,
  onFolder,
  onZip,
}: SourceInputs & { onFolder: (entries: FolderEntry[]) => void; onZip: (file: File) => void }) {
  return (
    <>
      <input
        type="file"
        multiple
        hidden
        data-testid="folder-input"
        ref={(el) => {
          folderRef.current = el
          el?.setAttribute('webkitdirectory', '')
        }}
        onChange={(e) => {
          onFolder(
            Array.from(e.target.files ?? []).map((file) => ({
              file,
              relativePath: file.webkitRelativePath || file.name,
            })),
          )
          e.target.value = ''
        }}
      />
      <input
        ref={zipRef}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="zip-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) onZip(file)
          e.target.value = ''
        }}
      />
    </>
  )
}

/** The radio and the buttons; `uploading` shows the spinner on Upload Files, `reading` on Select ZIP. */
export function SourcePicker({
  prefix,
  uploading,
  reading,
}: {
  prefix: CommandPrefix
  uploading: boolean
  reading: boolean
}) {
  const [mode, setMode] = useState<SourceMode>('folder')
  const published = useMemo(() => ({ sourceMode: { mode, set: setMode } }), [mode])
  usePublishCommandContext(published)
  return (
    <div className="source-picker">
      <CommandRadioGroup
        label="Upload source"
        options={(['folder', 'zip'] as const).map((mode) => ({
          id: `${prefix}.sourceMode`,
          target: { kind: 'sourceMode', id: mode },
        }))}
      />
      <div className="source-picker__actions">
        {mode === 'folder' ? (
          <CommandButton id={`${prefix}.chooseFolder`} icon={<FolderOpen size={14} />} />
        ) : (
          <CommandButton id={`${prefix}.chooseZip`} icon={<FileArchive size={14} />} loading={reading} />
        )}
        <CommandButton id={`${prefix}.clear`} variant="ghost" />
        <CommandButton id={`${prefix}.upload`} variant="primary" icon={<Upload size={14} />} loading={uploading} />
      </div>
    </div>
  )
}

/** Answers a machine's 'picker.open' for a source picker by clicking the matching hidden input. */
export function clickPicker(
  refs: SourceInputs & { imagesRef?: React.RefObject<HTMLInputElement | null> },
  picker: string | undefined,
) {
  const input =
    picker === 'folder' ? refs.folderRef.current : picker === 'zip' ? refs.zipRef.current : refs.imagesRef?.current
  input?.click()
}
