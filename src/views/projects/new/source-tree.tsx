/**
 * Add Project's picked folder or ZIP as a folder tree (src/lib/file-tree.ts): folders collapsed,
 * with file counts and sizes, a filter over paths, rows virtualized (a ZIP may hold 1,000+ files),
 * per-file Remove (the `projects.new.removeFile` command). Opening a folder is the
 * `projects.new.toggleFolder` command over view state (published as `view.sourceTree`); nothing is
 * sent to the flow. After a successful upload only the summary stays.
 */
import { useMemo, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ChevronDown, ChevronRight, Folder, X } from 'lucide-react'
import { CommandButton } from '../../../commands/command-button'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { buildFileTree, visibleRows, type TreeRow } from '../../../lib/file-tree'
import { formatBytes, formatMB, formatQuantity } from '../../../lib/format'
import type { SourceFile } from '../../../machines/shared/upload-files.rules'

const ROW_HEIGHT = 28

function Row({ row }: { row: TreeRow }) {
  const indent = { paddingLeft: `calc(${row.depth} * var(--space-4) + var(--space-2))` }
  if (row.kind === 'folder') {
    const { folder, open } = row
    return (
      <CommandButton
        id="projects.new.toggleFolder"
        target={{ kind: 'folder', id: folder.path }}
        variant="ghost"
        className="source-tree__row source-tree__folder"
        style={indent}
        aria-expanded={open}
      >
        {open ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
        <Folder size={14} aria-hidden />
        <span className="source-tree__name">{folder.name}</span>
        <span className="source-tree__meta faint num">
          {formatQuantity(folder.fileCount, 'file')} · {formatBytes(folder.bytes)}
        </span>
      </CommandButton>
    )
  }
  return (
    <div className="source-tree__row" style={indent} data-testid="tree-file">
      <span className="source-tree__name source-tree__file" title={row.file.path}>
        {row.file.name}
      </span>
      <span className="source-tree__meta">
        <span className="faint num">{formatBytes(row.file.size)}</span>
        <CommandIconButton
          id="projects.new.removeFile"
          target={{ kind: 'file', id: row.file.path }}
          size="sm"
          icon={<X size={12} />}
        />
      </span>
    </div>
  )
}

export function SourceTree({
  files,
  excluded,
  uploaded,
}: {
  files: readonly SourceFile[]
  excluded: number
  /** The selection is on the server: show its summary only. */
  uploaded: boolean
}) {
  const tree = useMemo(() => buildFileTree(files.map((f) => ({ path: f.path, size: f.file.size }))), [files])
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const [filter, setFilter] = useState('')
  const rows = useMemo(() => visibleRows(tree, open, filter), [tree, open, filter])
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const published = useMemo(
    () => ({
      sourceTree: {
        isOpen: (path: string) => open.has(path),
        toggle: (path: string) =>
          setOpen((current) => {
            const next = new Set(current)
            if (next.has(path)) next.delete(path)
            else next.add(path)
            return next
          }),
      },
    }),
    [open],
  )
  usePublishCommandContext(published)

  if (files.length === 0) return null
  const summary = (
    <p className="source-files__summary">
      <strong>{files.length}</strong> files · <span data-testid="total-size">{formatMB(tree.bytes)}</span>
      {excluded > 0 ? <span className="faint"> · {excluded} excluded by the source filter</span> : null}
      {uploaded ? <span className="faint"> · on the server</span> : null}
    </p>
  )
  if (uploaded)
    return (
      <div className="source-files" data-testid="selected-files">
        {summary}
      </div>
    )
  return (
    <div className="source-files" data-testid="selected-files">
      {summary}
      <input
        type="search"
        className="input source-tree__filter"
        placeholder="Filter files by path"
        aria-label="Filter files"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div ref={scrollRef} className="source-tree" role="group" aria-label="Selected files" data-testid="source-tree">
        {rows.length === 0 ? <p className="faint source-tree__empty">No file matches “{filter}”.</p> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            return (
              <div
                key={row.kind === 'folder' ? `d:${row.folder.path}` : `f:${row.file.path}`}
                className="source-tree__item"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                <Row row={row} />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
