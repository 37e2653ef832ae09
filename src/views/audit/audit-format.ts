/**
 * Pure helpers of the audit log screens: the per-field diff of an entry's before and
 * after (microdiff, nested paths joined with '.'), each value as plain text, the time in India
 * (en-IN, IST, to the second), and the console address of the record an entry names. No I/O.
 */
import diff from 'microdiff'

/** One changed field: its dotted path and the value before and after, as text ('' when absent). */
export interface AuditChange {
  field: string
  kind: 'added' | 'removed' | 'changed'
  before: string
  after: string
}

/** Longest value text shown; a longer value ends in '…'. */
export const VALUE_MAX = 400

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `value` as text: strings as they are, null/undefined as '', other JSON compact; at most VALUE_MAX characters. */
export function formatAuditValue(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text
}

/**
 * The fields an entry changed, in the order microdiff reports them. Objects are compared field by
 * field (a created record: every field 'added'; a deleted one: every field 'removed'); two
 * non-object values (or one missing) are a single change of the field 'value'.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return []
    return [
      {
        field: 'value',
        kind: before == null ? 'added' : after == null ? 'removed' : 'changed',
        before: formatAuditValue(before),
        after: formatAuditValue(after),
      },
    ]
  }
  return diff(isRecord(before) ? before : {}, isRecord(after) ? after : {}).map((d) => ({
    field: d.path.join('.'),
    kind: d.type === 'CREATE' ? 'added' : d.type === 'REMOVE' ? 'removed' : 'changed',
    before: d.type === 'CREATE' ? '' : formatAuditValue(d.oldValue),
    after: d.type === 'REMOVE' ? '' : formatAuditValue(d.value),
  }))
}

const IST = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Asia/Kolkata',
})

/** An instant as India time: '5 Mar 2026, 4:05:09 pm'. */
export function formatAuditTime(iso: string): string {
  return IST.format(new Date(iso))
}

/** The console address of the record (`entityType`, `entityId`) names, or null when the console has no page for it. */
export function auditEntityHref(entityType: string, entityId: string | null): string | null {
  if (!entityId) return null
  const id = encodeURIComponent(entityId)
  switch (entityType) {
    case 'project':
      return `/projects/${id}`
    case 'user':
    case 'users':
      return `/users/${id}`
    case 'order':
      return `/orders?order=${id}`
    case 'contact':
      return `/contacts/${id}`
    default:
      return null
  }
}

/** The label an entry's record shows: its title/name while it exists, else its type and id ('project 1a2b…'). */
export function auditEntityText(entityType: string, entityId: string | null, label: string | null): string {
  if (label) return label
  return entityId ? `${entityType} ${entityId.length > 12 ? `${entityId.slice(0, 8)}…` : entityId}` : entityType
}
