/**
 * Triage commands: `t` on the Projects screen and 'Start triage' in the
 * palette open /projects/triage; there 1 approve, 2 needs changes, 3 reject, h hold (under review),
 * s skip; in the notes step 1-9 pick a reason template (filled with the project's title, owner and
 * category), e edits the notes, Ctrl/Cmd+Enter submits, Escape goes back; Escape on a project
 * leaves triage; r reloads the queue when it is done; o orders the queue by risk (lowest first) or
 * back to oldest first, kept in the address (?sort=risk) like the category. They read what the triage view publishes
 * (`triage`) and only send events to its actor or navigate.
 */
import type { ActorRefFrom } from 'xstate'
import type { QueueSort } from '../api/schemas/triage'
import type { triageMachine } from '../machines/triage.machine'
import type { Command, CommandContext } from './registry'

/** The screen's address. */
export const TRIAGE_PATH = '/projects/triage'

/** The screen's address for `category` ('' = all) in order `sort` (oldest first needs no parameter). */
export function triageUrl(category: string, sort: QueueSort): string {
  const query = new URLSearchParams({ ...(category ? { category } : {}), ...(sort !== 'oldest' ? { sort } : {}) })
  return query.size ? `${TRIAGE_PATH}?${query}` : TRIAGE_PATH
}

/** The order the address `search` (without '?') asks for: 'risk' for sort=risk, else oldest first. */
export const sortOfSearch = (search: string): QueueSort =>
  new URLSearchParams(search).get('sort') === 'risk' ? 'risk' : 'oldest'
/** How many templates the notes step offers by number. */
export const TEMPLATE_KEYS = 9

/** The triage screen's step, as the commands need it. */
export type TriageStep = 'loading' | 'failed' | 'claiming' | 'showing' | 'notes' | 'submitting' | 'done'

/** What the triage view publishes for its commands. */
export interface TriageHandle {
  actor: Pick<ActorRefFrom<typeof triageMachine>, 'send'>
  step: TriageStep
  /** The reason templates offered for the notes step's decision, filled in for the project. */
  templates: readonly { label: string; text: string }[]
  /** The notes text (for Submit's disabled reason). */
  notes: string
  /** Put the focus in the notes field. */
  focusNotes: () => void
  /** The queue's category ('' = all) and order, as the address holds them. */
  category: string
  sort: QueueSort
}

declare module './registry' {
  interface ViewCommandContext {
    triage?: TriageHandle
  }
}

const GROUP = 'Triage'
const handle = (ctx: CommandContext) => ctx.view.triage
const send = (ctx: CommandContext, event: Parameters<TriageHandle['actor']['send']>[0]) =>
  handle(ctx)?.actor.send(event)
const at =
  (...steps: TriageStep[]) =>
  (ctx: CommandContext) =>
    !!handle(ctx) && steps.includes(handle(ctx)!.step)
const onProject = at('showing')
/** Steps where the queue can be ordered anew (the machine loads it again). */
const canSort = at('showing', 'done', 'failed', 'loading')

/** The command ordering the queue by `sort`, offered while the queue is in the other order (one key toggles). */
function sortCommand(sort: QueueSort, title: string, keywords: string[]): Command {
  return {
    id: sort === 'risk' ? 'projects.triage.sortRisk' : 'projects.triage.sortOldest',
    title,
    group: GROUP,
    shortcut: 'o',
    keywords: ['sort', 'order', 'queue', ...keywords],
    when: (ctx) => canSort(ctx) && handle(ctx)!.sort !== sort,
    // The address keeps the order (a reload or a shared link shows the same); the view sends it on.
    run: (ctx) => ctx.navigate(triageUrl(handle(ctx)!.category, sort)),
  }
}
const inNotes = at('notes')

function template(n: number): Command {
  return {
    id: `projects.triage.template.${n}`,
    title: `Use reason template ${n}`,
    group: GROUP,
    shortcut: String(n),
    keywords: ['template', 'reason', 'notes'],
    label: (ctx) => handle(ctx)?.templates[n - 1]?.label ?? `Template ${n}`,
    when: (ctx) => inNotes(ctx) && !!handle(ctx)?.templates[n - 1],
    run: (ctx) => {
      const text = handle(ctx)?.templates[n - 1]?.text
      if (!text) return
      send(ctx, { type: 'notes.template', text })
      handle(ctx)?.focusNotes()
    },
  }
}

export const triageCommands: Command[] = [
  {
    id: 'projects.triage',
    title: 'Start triage',
    group: 'Projects',
    shortcut: 't',
    keywords: ['triage', 'verification', 'queue', 'review', 'moderate'],
    when: (ctx) => !!ctx.view.projectsList,
    run: (ctx) => ctx.navigate(TRIAGE_PATH),
  },
  {
    // The palette's way in from any other screen (on the Projects screen `projects.triage` is it).
    id: 'projects.triage.open',
    title: 'Start triage',
    group: GROUP,
    keywords: ['triage', 'verification', 'queue', 'review', 'moderate'],
    when: (ctx) => !ctx.view.projectsList && !handle(ctx),
    run: (ctx) => ctx.navigate(TRIAGE_PATH),
  },
  {
    id: 'projects.triage.approve',
    title: 'Approve',
    group: GROUP,
    shortcut: '1',
    keywords: ['approve', 'verify', 'accept'],
    when: onProject,
    run: (ctx) => send(ctx, { type: 'decide', status: 'approved' }),
  },
  {
    id: 'projects.triage.needsChanges',
    title: 'Needs changes',
    group: GROUP,
    shortcut: '2',
    keywords: ['needs changes', 'revise', 'notes'],
    when: onProject,
    run: (ctx) => send(ctx, { type: 'notes.open', status: 'needs_changes' }),
  },
  {
    id: 'projects.triage.reject',
    title: 'Reject',
    group: GROUP,
    shortcut: '3',
    keywords: ['reject', 'decline', 'notes'],
    when: onProject,
    run: (ctx) => send(ctx, { type: 'notes.open', status: 'rejected' }),
  },
  {
    id: 'projects.triage.hold',
    title: 'Hold (under review)',
    group: GROUP,
    shortcut: 'h',
    keywords: ['hold', 'under review', 'later'],
    when: onProject,
    run: (ctx) => send(ctx, { type: 'decide', status: 'under_review' }),
  },
  {
    id: 'projects.triage.skip',
    title: 'Skip',
    group: GROUP,
    shortcut: 's',
    keywords: ['skip', 'next', 'pass'],
    when: at('showing', 'notes'),
    run: (ctx) => send(ctx, { type: 'skip' }),
  },
  {
    id: 'projects.triage.exit',
    title: 'Leave triage',
    group: GROUP,
    shortcut: 'escape',
    keywords: ['exit', 'close', 'projects'],
    when: at('showing', 'claiming', 'done', 'failed', 'loading'),
    run: (ctx) => ctx.navigate('/projects'),
  },
  ...Array.from({ length: TEMPLATE_KEYS }, (_, i) => template(i + 1)),
  {
    id: 'projects.triage.editNotes',
    title: 'Edit the notes',
    group: GROUP,
    shortcut: 'e',
    keywords: ['notes', 'write', 'type'],
    when: inNotes,
    run: (ctx) => handle(ctx)?.focusNotes(),
  },
  {
    id: 'projects.triage.submit',
    title: 'Submit the decision',
    group: GROUP,
    shortcut: 'mod+enter',
    label: () => 'Submit',
    keywords: ['submit', 'send', 'decide'],
    when: inNotes,
    disabledReason: (ctx) =>
      handle(ctx)?.notes.trim() ? null : 'Notes are required: pick a template (1-9) or type them',
    run: (ctx) => send(ctx, { type: 'notes.submit' }),
  },
  {
    id: 'projects.triage.back',
    title: 'Back to the project',
    group: GROUP,
    shortcut: 'escape',
    label: () => 'Back',
    keywords: ['back', 'cancel'],
    when: inNotes,
    run: (ctx) => send(ctx, { type: 'notes.back' }),
  },
  {
    id: 'projects.triage.reload',
    title: 'Reload the queue',
    group: GROUP,
    shortcut: 'r',
    keywords: ['reload', 'refresh', 'queue'],
    when: at('done'),
    run: (ctx) => send(ctx, { type: 'reload' }),
  },
  sortCommand('risk', 'Sort queue by risk', ['risk', 'lowest', 'fast approvals', 'secrets']),
  sortCommand('oldest', 'Sort queue by oldest', ['oldest', 'age', 'waiting']),
  {
    id: 'projects.triage.editTemplates',
    title: 'Edit reason templates',
    group: GROUP,
    keywords: ['templates', 'reasons', 'notes', 'settings'],
    run: (ctx) => ctx.navigate('/settings?tab=templates'),
  },
]
