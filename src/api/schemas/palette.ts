/**
 * The palette's project search: what `#` asks the server while the admin
 * types, made for 100,000 projects. Lean rows (no images, no owner) and a count that stops at
 * PALETTE_COUNT_CAP: an exact count of a one-letter search reads the whole table, and the palette
 * only needs to say '50 of 1,000+'.
 *
 * - `GET /api/admin/palette/projects?search=&limit=` → `{ success, projects, total, capped }`:
 *   projects (active or not) whose title, description, technologies or tags contain `search`
 *   (case-insensitive), newest first, at most `limit` (1-100, default 50); `total` the matches
 *   counted up to the cap, `capped` true when there are more. 400 without a search.
 *
 * Not SPEC.md: the old client had no palette (DESIGN.md "Beyond SPEC.md").
 */
import * as v from 'valibot'
import { textSchema } from './common'
import { VERIFICATION_STATUSES } from './projects'

/** Matches are counted up to this many; beyond it `capped` is true. */
export const PALETTE_COUNT_CAP = 1000
/** Rows per answer: default and most. */
export const PALETTE_LIMIT = { default: 50, max: 100 } as const

export const PaletteProjectsQuerySchema = v.object({
  search: v.pipe(v.optional(textSchema('Search', 200), ''), v.minLength(1, 'Search is required')),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'Limit must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'Limit must be at least 1'),
      v.maxValue(PALETTE_LIMIT.max, `Limit cannot exceed ${PALETTE_LIMIT.max}`),
    ),
    String(PALETTE_LIMIT.default),
  ),
})

export const PaletteProjectSchema = v.object({
  _id: v.string(),
  title: v.string(),
  category: v.string(),
  verificationStatus: v.picklist(VERIFICATION_STATUSES),
  isActive: v.boolean(),
})
export type PaletteProject = v.InferOutput<typeof PaletteProjectSchema>

export const PaletteProjectsResponseSchema = v.object({
  success: v.literal(true),
  projects: v.array(PaletteProjectSchema),
  /** Matches counted, at most PALETTE_COUNT_CAP. */
  total: v.number(),
  /** Whether more than PALETTE_COUNT_CAP matched. */
  capped: v.boolean(),
})
