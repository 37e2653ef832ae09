/**
 * The stale-save flow every edit form shares (decision 042): a save refused with 409
 * `version_conflict` keeps the changes the server listed and refetches the record (`refetching`);
 * the form is merged with it by field. Without a field both admins changed, the merge is saved at
 * once with the new version and the notice says what was merged (`merging`); otherwise the form
 * waits in `conflict` until Keep mine (→ `merging`, my values over theirs) or Take theirs (→ the
 * editing state with the conflicting fields set to theirs, my other edits kept, based on theirs).
 * A stale merge loops through `refetching` again.
 *
 * `staleSaveRules` gives the pure context updates (a machine wraps each in `assign` under the names
 * the states use); `staleSaveStates` gives the three state nodes, with the machine's actor names,
 * inputs and the actions it adds. Machines stay pure: the save and the refetch are named actors.
 */
import { mergedText, takeTheirs, type EditsMerge } from '../../domain/merge-edits'
import type { VersionChange } from '../../api/schemas/versions'
import { changesOf, keptMineText, type SectionConflict } from './section-conflict.rules'

/** What a machine with the flow keeps in its context. */
export interface StaleSaveContext<R> {
  /** The changes listed by the 409 of a stale save, while the record is refetched. */
  changes: VersionChange[]
  /** A stale save being settled (refetching → conflict | merging). */
  conflict: SectionConflict<R> | null
  /** What the success notice of the merge under way says. */
  notice: string | null
}

/** How a machine's form meets the flow. */
export interface StaleSaveHooks<C extends StaleSaveContext<R>, R> {
  /** The machine's id, named when an action runs without a conflict held. */
  name: string
  /** The three-way merge of the form (base: the record as opened) with `theirs`. */
  merge: (context: C, theirs: R) => EditsMerge
  /** The context with `theirs` as the record the form is based on and `values` as the form. */
  rebase: (context: C, theirs: R, values: Record<string, unknown>) => Partial<C>
  /** A field's label in notices. */
  label: (field: string) => string
}

/** The context updates of the flow: each takes the context and answers the fields to assign. */
export interface StaleSaveRules<C extends StaleSaveContext<R>, R> {
  /** Keeps the changes the 409 `error` listed. */
  keepChanges: (error: unknown) => Partial<C>
  /** Holds the merge of the form with `theirs`. */
  holdConflict: (context: C, theirs: R) => Partial<C>
  /** Whether a field was changed by both, to different values. */
  hasFieldConflicts: (context: C, theirs: R) => boolean
  /** Merged without asking: the form takes the merge, based on theirs; the notice says what was merged. */
  adoptMerge: (context: C) => Partial<C>
  /** Keep mine: my values of every field over theirs; the notice names what it writes over. */
  keepMine: (context: C) => Partial<C>
  /** Take theirs: the conflicting fields show theirs, my other edits stay, based on theirs. */
  takeTheirs: (context: C) => Partial<C>
  /** The record as the other admin left it (the held conflict's). */
  theirs: (context: C) => R
  /** The flow's fields cleared. */
  cleared: () => Partial<C>
}

/** The pure rules of the flow for one machine (see StaleSaveRules); throws when settling without a conflict held. */
export function staleSaveRules<C extends StaleSaveContext<R>, R>(hooks: StaleSaveHooks<C, R>): StaleSaveRules<C, R> {
  const conflictOf = (c: C): SectionConflict<R> => {
    if (!c.conflict) throw new Error(`${hooks.name}: no conflict is being settled`)
    return c.conflict
  }
  const flow = (update: Partial<StaleSaveContext<R>>) => update as Partial<C>
  return {
    keepChanges: (error) => flow({ changes: changesOf(error) }),
    holdConflict: (c, theirs) => flow({ conflict: { theirs, changes: c.changes, merge: hooks.merge(c, theirs) } }),
    hasFieldConflicts: (c, theirs) => hooks.merge(c, theirs).conflicts.length > 0,
    adoptMerge: (c) => {
      const { theirs, merge, changes } = conflictOf(c)
      return { ...hooks.rebase(c, theirs, merge.values), ...flow({ notice: mergedText(merge, changes, hooks.label) }) }
    },
    keepMine: (c) => {
      const conflict = conflictOf(c)
      return {
        ...hooks.rebase(c, conflict.theirs, conflict.merge.values),
        ...flow({ notice: keptMineText(conflict, hooks.label) }),
      }
    },
    takeTheirs: (c) => {
      const { theirs, merge } = conflictOf(c)
      return { ...hooks.rebase(c, theirs, takeTheirs(merge)), ...flow({ conflict: null, changes: [] }) }
    },
    theirs: (c) => conflictOf(c).theirs,
    cleared: () => flow({ changes: [], conflict: null, notice: null }),
  }
}

/**
 * Where the flow's states meet the machine: the save and refetch actors (their `src`, which is
 * also the invoke id, and input), the editing state a failure or Take theirs returns to, and what
 * a saved merge, a cancel and a failed save do.
 */
export interface StaleSaveStatesOptions<
  TSave extends string,
  TFetch extends string,
  TEditing extends string,
  TSaveIn,
  TFetchIn,
  C,
  TSaved,
  TBefore extends readonly unknown[],
> {
  save: { src: TSave; input: (args: { context: C }) => TSaveIn }
  refetch: { src: TFetch; input: (args: { context: C }) => TFetchIn }
  /** The state the form is edited in. */
  editing: TEditing
  /** The transition taken when the merge is saved (its output is the event's). */
  saved: TSaved
  /** Transitions tried before the flow's own when the merge's save fails (e.g. a cancelled step-up). */
  beforeFailure: TBefore
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })
const theirsParams = <R>({ event }: { event: { output: R } }) => ({ theirs: event.output })

/**
 * The flow's state nodes (`refetching`, `conflict`, `merging`) for a machine whose setup has the
 * actions `keepChanges`, `holdConflict`, `adoptMerge`, `keepMine`, `takeTheirs` (staleSaveRules'
 * updates) and `showSaveError` ({ error }), and the guards `isStale` ({ error })
 * and `hasFieldConflicts` ({ theirs }). The machine's saving state sends a stale 409 to
 * `refetching` with `keepChanges` (`staleSaveFailure`); it adds to `conflict` what its cancel does.
 */
export function staleSaveStates<
  TSave extends string,
  TFetch extends string,
  TEditing extends string,
  TSaveIn,
  TFetchIn,
  C,
  const TSaved,
  const TBefore extends readonly unknown[],
>(options: StaleSaveStatesOptions<TSave, TFetch, TEditing, TSaveIn, TFetchIn, C, TSaved, TBefore>) {
  const failed = { target: options.editing, actions: { type: 'showSaveError', params: errorParams } } as const
  return {
    refetching: {
      invoke: {
        src: options.refetch.src,
        id: options.refetch.src,
        input: options.refetch.input,
        onDone: [
          {
            guard: { type: 'hasFieldConflicts', params: theirsParams },
            target: 'conflict',
            actions: { type: 'holdConflict', params: theirsParams },
          },
          { target: 'merging', actions: [{ type: 'holdConflict', params: theirsParams }, 'adoptMerge'] },
        ],
        onError: failed,
      },
    },
    conflict: {
      on: {
        'conflict.keepMine': { target: 'merging', actions: 'keepMine' },
        'conflict.takeTheirs': { target: options.editing, actions: 'takeTheirs' },
      },
    },
    merging: {
      invoke: {
        src: options.save.src,
        id: options.save.src,
        input: options.save.input,
        onDone: options.saved,
        onError: [...options.beforeFailure, staleSaveFailure, failed] as const,
      },
    },
  } as const
}

/** The transition of a save's onError for a stale 409: to `refetching`, keeping the changes listed. */
export const staleSaveFailure = {
  guard: { type: 'isStale', params: errorParams },
  target: 'refetching',
  actions: { type: 'keepChanges', params: errorParams },
} as const
