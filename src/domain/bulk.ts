/**
 * How an action meets the rows it is asked of (a selection, or one row): which rows can take it,
 * why the others cannot, and the words its command shows. A command is enabled when at least one
 * row can take it, says how many will ('Complete 1 of 3 orders'; 'Activate 40 projects, 60 already
 * active') and, when none can, says why ('Cannot move from confirmed to completed'). Only the rows
 * that can take it are sent, so the label never promises more than happens. The per-row rule is
 * the one the server enforces (e.g. src/domain/order-moves.ts), so both sides agree.
 */

/** Why one row cannot take an action; `already` names the state it is in when that is the reason ('active'). */
export interface Refusal {
  reason: string
  already?: string
}

/** A refusal because the row is already in the action's state: 'Already active'. */
export function alreadyIn(state: string): Refusal {
  return { reason: `Already ${state}`, already: state }
}

/** An action against rows: the ids that can take it (in row order) and the refusals of the others. */
export interface BulkPlan {
  ids: string[]
  /** How many rows were asked. */
  total: number
  /** One entry per refused row, in row order. */
  refused: Refusal[]
}

/** Splits `rows` by `refusal` (null: the row can take the action). */
export function planBulk<R extends { id: string }>(rows: readonly R[], refusal: (row: R) => Refusal | null): BulkPlan {
  const ids: string[] = []
  const refused: Refusal[] = []
  for (const row of rows) {
    const no = refusal(row)
    if (no) refused.push(no)
    else ids.push(row.id)
  }
  return { ids, total: rows.length, refused }
}

/** A row's words: one and many ('order', 'orders'). */
export interface Noun {
  one: string
  many: string
}

const counted = (n: number, noun: Noun) => `${n} ${n === 1 ? noun.one : noun.many}`

/**
 * The command's words for `plan`. `phrase` puts the count into the verb phrase
 * ((c) => `Complete ${c}`, (c) => `Mark ${c} as read`). All can: 'Complete 3 orders'. Some, the
 * others already in the state: 'Activate 40 projects, 60 already active'. Some, for other reasons:
 * 'Complete 1 of 3 orders'. None (or no rows): `none`, the bare verb ('Complete').
 */
export function bulkLabel(plan: BulkPlan, noun: Noun, phrase: (count: string) => string, none: string): string {
  const can = plan.ids.length
  if (can === 0) return none
  if (can === plan.total) return phrase(counted(can, noun))
  const states = new Set(plan.refused.map((r) => r.already))
  const [state] = states
  if (states.size === 1 && state) return `${phrase(counted(can, noun))}, ${plan.refused.length} already ${state}`
  return phrase(`${can} of ${counted(plan.total, noun)}`)
}

/**
 * Why none of the rows can take the action: the reason they share ('Cannot move from confirmed to
 * completed'), or each distinct reason with its count ('2 cannot move from completed to cancelled;
 * 1 already cancelled'); null when one can or when there are no rows (the caller says what is missing).
 */
export function bulkDisabledReason(plan: BulkPlan): string | null {
  if (plan.ids.length || plan.total === 0) return null
  const counts = new Map<string, number>()
  for (const r of plan.refused) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1)
  if (counts.size === 1) return plan.refused[0].reason
  return [...counts].map(([reason, n]) => `${n} ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`).join('; ')
}

/**
 * The activate/deactivate toggle of several rows (projects, users): when every row is active it
 * deactivates them all; otherwise it activates the inactive ones and leaves the active ones
 * ('Activate 40 projects, 60 already active'). `refuse` adds a rule of its own (null: allowed),
 * asked with the direction the toggle takes.
 */
export function activeTogglePlan<R extends { id: string; isActive: boolean }>(
  rows: readonly R[],
  refuse: (row: R, isActive: boolean) => Refusal | null = () => null,
): { isActive: boolean; verb: 'Activate' | 'Deactivate'; plan: BulkPlan } {
  const isActive = !(rows.length > 0 && rows.every((r) => r.isActive))
  const plan = planBulk(rows, (r) => (isActive && r.isActive ? alreadyIn('active') : refuse(r, isActive)))
  return { isActive, verb: isActive ? 'Activate' : 'Deactivate', plan }
}
