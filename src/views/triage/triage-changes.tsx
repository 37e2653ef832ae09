/**
 * "Changed since the last review" of a triage bundle: the repository's files (added, modified,
 * deleted) between the commit at the last decision and the head, and the project's fields changed
 * after it (from the audit log: field, before → after, who, when).
 */
import type { TriageBundle } from '../../api/schemas/triage'
import { Badge, type BadgeTone } from '../../components/badge'
import { formatDateTime } from '../../lib/format'

const TONE: Record<'added' | 'modified' | 'deleted', BadgeTone> = {
  added: 'success',
  modified: 'info',
  deleted: 'danger',
}

/** A field value as one line: text as is, lists joined, anything else as JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ')
  return JSON.stringify(value)
}

export function TriageChanges({ changes, decided }: { changes: TriageBundle['changes']; decided: boolean }) {
  if (!decided) return null
  const { files, fields } = changes
  return (
    <section aria-label="Changed since the last review" className="triage-changes" data-testid="triage-changes">
      <h3>Changed since the last review</h3>
      {files === null ? (
        <p className="muted">The repository history cannot tell (no repository, or hosted on GitHub).</p>
      ) : files.items.length === 0 ? (
        <p className="muted">No file changed in the repository.</p>
      ) : (
        <ul className="triage-files" aria-label="Changed files">
          {files.items.map((f) => (
            <li key={f.path}>
              <Badge tone={TONE[f.change]}>{f.change}</Badge> <code>{f.path}</code>
            </li>
          ))}
          {files.truncated ? <li className="muted">… and more</li> : null}
        </ul>
      )}
      {fields.length === 0 ? (
        <p className="muted">No field changed.</p>
      ) : (
        <table className="triage-fields">
          <caption className="sr-only">Changed fields</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <tr key={`${f.field}-${i}`}>
                <td>
                  <code>{f.field}</code>
                </td>
                <td className="triage-fields__before">{show(f.before)}</td>
                <td>{show(f.after)}</td>
                <td className="muted">
                  {f.by?.name ?? 'Unknown'} · {formatDateTime(f.at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
