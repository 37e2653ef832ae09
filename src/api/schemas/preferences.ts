/**
 * Console preferences of the signed-in admin, kept on the server so they follow the
 * admin from browser to browser: whether single-key shortcuts are on, the palette's recent commands
 * and recently opened records, and the saved reason templates of verification decisions.
 *
 * - `GET /api/admin/preferences` → `{ success, preferences }` (the defaults below until the admin
 *   changes anything).
 * - `PUT /api/admin/preferences` with any of `singleKeyShortcuts`, `reasonTemplates` → the whole
 *   preferences (fields left out stay as they are).
 * - `POST /api/admin/preferences/recent` with a command id or a record → the whole preferences; the
 *   server puts it first, drops an older copy of the same one and keeps the newest RECENT_LIMIT, in
 *   one statement, so two tabs recording at once lose nothing.
 *
 * Not SPEC.md: the old client had none of this (DESIGN.md "Beyond SPEC.md").
 */
import * as v from 'valibot'

/** Recent commands and recent records each keep at most this many, newest first. */
export const RECENT_LIMIT = 20
/** At most this many reason templates. */
export const REASON_TEMPLATE_LIMIT = 30
export const REASON_TEMPLATE_TEXT_MAX = 2000
export const REASON_TEMPLATE_LABEL_MAX = 80
/** The variables a template's text may use; filled in from the project the decision is about. */
export const REASON_TEMPLATE_VARIABLES = ['{title}', '{owner}', '{category}'] as const

/** Decisions that take notes, which a template may be offered for. */
export const TEMPLATE_DECISIONS = ['needs_changes', 'rejected', 'under_review', 'approved'] as const
export type TemplateDecision = (typeof TEMPLATE_DECISIONS)[number]

/** The kinds of record the palette remembers as recently opened. */
export const RECENT_RECORD_KINDS = ['project', 'user', 'order', 'contact'] as const
export type RecentRecordKind = (typeof RECENT_RECORD_KINDS)[number]

const text = (max: number, what: string) =>
  v.pipe(
    v.string(`${what} must be text`),
    v.trim(),
    v.minLength(1, `${what} is required`),
    v.maxLength(max, `${what} must be at most ${max} characters`),
  )

export const ReasonTemplateSchema = v.strictObject({
  /** Stable id chosen by the client (e.g. crypto.randomUUID()), unique in the list. */
  id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'Template id must be 1-64 letters, digits, - or _')),
  label: text(REASON_TEMPLATE_LABEL_MAX, 'Template name'),
  /** The notes, with {title}, {owner} and {category} filled in when used. */
  text: text(REASON_TEMPLATE_TEXT_MAX, 'Template text'),
  /** The decisions this template is offered for. */
  decisions: v.pipe(
    v.array(v.picklist(TEMPLATE_DECISIONS, `Decision must be one of ${TEMPLATE_DECISIONS.join(', ')}`)),
    v.minLength(1, 'Choose at least one decision'),
    v.maxLength(TEMPLATE_DECISIONS.length),
  ),
})
export type ReasonTemplate = v.InferOutput<typeof ReasonTemplateSchema>

export const RecentRecordSchema = v.strictObject({
  kind: v.picklist(RECENT_RECORD_KINDS, `Kind must be one of ${RECENT_RECORD_KINDS.join(', ')}`),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  /** What the palette shows: a title, a name, an order number. */
  label: text(200, 'Label'),
})
export type RecentRecord = v.InferOutput<typeof RecentRecordSchema>

const CommandIdSchema = v.pipe(
  v.string(),
  v.regex(/^[\w.:-]{1,100}$/, 'Command id must be 1-100 letters, digits, ., :, - or _'),
)

export const PreferencesSchema = v.object({
  /**
   * Single-key shortcuts on. Off, character keys without Ctrl/Cmd/Alt do nothing: single keys (j, x,
   * ?, 1 …) and sequences made of them (g d); mod+ keys, Escape, Enter and the arrows work either
   * way (decision 018, WCAG 2.1.4).
   */
  singleKeyShortcuts: v.boolean(),
  /** Command ids, newest first. */
  recentCommands: v.array(v.string()),
  /** Records opened, newest first. */
  recentRecords: v.array(RecentRecordSchema),
  reasonTemplates: v.array(ReasonTemplateSchema),
})
export type Preferences = v.InferOutput<typeof PreferencesSchema>

export const PreferencesResponseSchema = v.object({ success: v.literal(true), preferences: PreferencesSchema })

/** PUT /api/admin/preferences: the fields to change. Template ids must be unique. */
export const UpdatePreferencesSchema = v.pipe(
  v.strictObject(
    {
      singleKeyShortcuts: v.optional(v.boolean('singleKeyShortcuts must be true or false')),
      reasonTemplates: v.optional(
        v.pipe(
          v.array(ReasonTemplateSchema),
          v.maxLength(REASON_TEMPLATE_LIMIT, `At most ${REASON_TEMPLATE_LIMIT} templates`),
        ),
      ),
    },
    (issue) => (issue.expected === 'never' ? `Unknown field: ${v.getDotPath(issue) ?? ''}` : 'Unknown field'),
  ),
  v.check(
    (input) =>
      !input.reasonTemplates || new Set(input.reasonTemplates.map((t) => t.id)).size === input.reasonTemplates.length,
    'Template ids must be unique',
  ),
)
export type UpdatePreferences = v.InferOutput<typeof UpdatePreferencesSchema>

/** POST /api/admin/preferences/recent: one command run or one record opened. */
export const RecordRecentSchema = v.union(
  [v.strictObject({ command: CommandIdSchema }), v.strictObject({ record: RecentRecordSchema })],
  'Send either a command id or a record',
)
export type RecordRecent = v.InferOutput<typeof RecordRecentSchema>

/** The templates an admin starts with (SPEC.md 8's reasons, worded as notes to the owner). */
export const DEFAULT_REASON_TEMPLATES: readonly ReasonTemplate[] = [
  {
    id: 'missing-readme',
    label: 'README missing',
    decisions: ['needs_changes'],
    text: 'Hi {owner}, please add a README to "{title}" with setup steps and the technologies used, then resubmit.',
  },
  {
    id: 'screenshots',
    label: 'Screenshots needed',
    decisions: ['needs_changes'],
    text: 'Hi {owner}, "{title}" needs at least three screenshots of the running project before it can be listed.',
  },
  {
    id: 'does-not-build',
    label: 'Does not build',
    decisions: ['needs_changes', 'rejected'],
    text: 'The source of "{title}" does not build from a fresh clone. Please fix the build and resubmit.',
  },
  {
    id: 'duplicate',
    label: 'Duplicate listing',
    decisions: ['rejected'],
    text: '"{title}" duplicates a project already listed in {category}.',
  },
  {
    id: 'not-original',
    label: 'Not original work',
    decisions: ['rejected'],
    text: '"{title}" appears to be copied from a public source without the rights to sell it.',
  },
  {
    id: 'in-review',
    label: 'Taking a closer look',
    decisions: ['under_review'],
    text: 'We are reviewing "{title}" in detail and will get back to you, {owner}.',
  },
]

/** The preferences of an admin who has changed nothing. */
export const DEFAULT_PREFERENCES: Preferences = {
  singleKeyShortcuts: true,
  recentCommands: [],
  recentRecords: [],
  reasonTemplates: [...DEFAULT_REASON_TEMPLATES],
}

/**
 * A template's text with its variables filled in: {title}, {owner} (the owner's name, else
 * 'there'), {category}; an unknown {word} stays as written.
 */
export function fillTemplate(
  text: string,
  values: { title: string; owner?: string | null; category?: string | null },
): string {
  const map: Record<string, string> = {
    title: values.title,
    owner: values.owner || 'there',
    category: values.category || 'its category',
  }
  return text.replace(/\{(\w+)\}/g, (all, name: string) => map[name] ?? all)
}
