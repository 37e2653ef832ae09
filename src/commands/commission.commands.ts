/**
 * Commission Management screen commands (SPEC.md 2 "Commission Management"): the three
 * tabs (1, 2, 3), New Configuration (n), Create Default Configuration, the card grid's keyboard
 * (j/k focus, Enter or e edits, Delete or Backspace deletes after the confirmation), the status
 * filter options, Previous/Next ([ and ]) and the search (/). They read what the commission view
 * publishes (`commission`, `focused`) and only send events to its actors or navigate. The form's
 * own commands: commission-form.commands.ts.
 */
import type { ActorRefFrom } from 'xstate'
import type { CommissionConfig } from '../api/schemas/commission'
import type { commissionConfigModalMachine } from '../machines/commission-config-modal.machine'
import type { commissionDeleteMachine } from '../machines/commission-delete.machine'
import type { listFocusMachine } from '../machines/list-focus.machine'
import {
  COMMISSION_TAB_LABELS,
  COMMISSION_TABS,
  commissionPath,
  type CommissionTab,
  type CommissionUrlState,
} from '../views/commission/commission-url'
import type { Command, CommandContext } from './registry'

/** A configuration card as the commands know it. */
export interface CommissionCardRef {
  id: string
  /** The project's title, or 'Default Configuration'. */
  title: string
  isDefault: boolean
  config: CommissionConfig
}

/** What the commission view publishes for its commands. */
export interface CommissionHandle {
  url: CommissionUrlState
  /** The cards of the current page, in order (empty off the Configurations tab). */
  cards: readonly CommissionCardRef[]
  totalPages: number
  /** The default configuration exists (null: not known yet). */
  hasDefault: boolean | null
  list: ActorRefFrom<typeof listFocusMachine>
  modal: ActorRefFrom<typeof commissionConfigModalMachine>
  deleter: ActorRefFrom<typeof commissionDeleteMachine>
  /** The modal's state is not `closed`. */
  modalOpen: boolean
  focusSearch: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    commission?: CommissionHandle
  }
}

const GROUP = 'Commission'
const screen = (ctx: CommandContext) => ctx.view.commission
export const onCommission = (ctx: CommandContext) => !!screen(ctx)
const onTab = (tab: CommissionTab) => (ctx: CommandContext) => screen(ctx)?.url.tab === tab
const onConfigs = onTab('configs')
const focusedCard = (ctx: CommandContext) =>
  ctx.view.focused?.kind === 'commissionConfig'
    ? screen(ctx)?.cards.find((c) => c.id === ctx.view.focused?.id)
    : undefined
const needsCard = (ctx: CommandContext) => (focusedCard(ctx) ? null : 'Focus a configuration with J/K first')
const modalBusy = (ctx: CommandContext) => (screen(ctx)?.modalOpen ? 'A configuration form is open' : null)

/** Goes to the commission screen with `patch` applied to its URL state. */
export function navigateCommission(ctx: CommandContext, patch: Partial<CommissionUrlState>) {
  const handle = screen(ctx)
  if (handle) ctx.navigate(commissionPath({ ...handle.url, ...patch }))
}

const TAB_KEYS: Record<CommissionTab, string> = { configs: '1', default: '2', stats: '3' }

function tabCommand(tab: CommissionTab): Command {
  const label = COMMISSION_TAB_LABELS[tab]
  return {
    id: `commission.tab.${tab}`,
    title: `Show the ${label} tab`,
    label: () => label,
    group: GROUP,
    shortcut: TAB_KEYS[tab],
    keywords: ['tab', 'commission', label.toLowerCase()],
    when: onCommission,
    checked: onTab(tab),
    run: (ctx) => navigateCommission(ctx, { tab }),
  }
}

function editCommand(id: string, title: string, shortcut: string): Command {
  return {
    id,
    title,
    group: GROUP,
    shortcut,
    label: () => 'Edit',
    keywords: ['edit', 'change', 'rates'],
    when: onConfigs,
    disabledReason: (ctx) => needsCard(ctx) ?? modalBusy(ctx),
    run: (ctx) => {
      const card = focusedCard(ctx)
      if (card) screen(ctx)?.modal.send({ type: 'modal.edit', config: card.config })
    },
  }
}

function deleteCommand(id: string, title: string, shortcut: string): Command {
  return {
    id,
    title,
    group: GROUP,
    shortcut,
    label: () => 'Delete',
    keywords: ['delete', 'remove'],
    // Hidden for the default configuration (SPEC.md 2, 6): its card shows no Delete.
    when: (ctx) => onConfigs(ctx) && focusedCard(ctx)?.isDefault !== true,
    disabledReason: (ctx) => needsCard(ctx) ?? modalBusy(ctx),
    run: (ctx) => {
      const card = focusedCard(ctx)
      if (card)
        screen(ctx)?.deleter.send({
          type: 'delete.request',
          target: { id: card.id, title: card.title, isDefault: card.isDefault, version: card.config.updatedAt },
        })
    },
  }
}

function statusOption(value: '' | 'true' | 'false', label: string): Command {
  return {
    id: `commission.filter.status.${value === '' ? 'all' : value === 'true' ? 'active' : 'inactive'}`,
    title: value === '' ? 'Show configurations of every status' : `Show ${label.toLowerCase()} configurations`,
    label: () => label,
    group: 'Filters',
    keywords: ['filter', 'status', 'commission', label.toLowerCase()],
    when: onConfigs,
    checked: (ctx) => screen(ctx)?.url.isActive === value,
    run: (ctx) => navigateCommission(ctx, { isActive: value, page: 1 }),
  }
}

export const commissionCommands: Command[] = [
  ...COMMISSION_TABS.map(tabCommand),
  {
    id: 'commission.new',
    title: 'New Configuration',
    group: GROUP,
    shortcut: 'n',
    keywords: ['new', 'create', 'add', 'project', 'commission'],
    when: onCommission,
    disabledReason: modalBusy,
    run: (ctx) => screen(ctx)?.modal.send({ type: 'modal.create' }),
  },
  {
    id: 'commission.createDefault',
    title: 'Create Default Configuration',
    group: GROUP,
    keywords: ['default', 'create'],
    when: (ctx) => onTab('default')(ctx) && screen(ctx)?.hasDefault === false,
    disabledReason: modalBusy,
    run: (ctx) => screen(ctx)?.modal.send({ type: 'modal.createDefault' }),
  },
  {
    id: 'commission.focusNext',
    title: 'Next configuration',
    group: GROUP,
    shortcut: 'j',
    when: onConfigs,
    run: (ctx) => screen(ctx)?.list.send({ type: 'focus.next' }),
  },
  {
    id: 'commission.focusPrev',
    title: 'Previous configuration',
    group: GROUP,
    shortcut: 'k',
    when: onConfigs,
    run: (ctx) => screen(ctx)?.list.send({ type: 'focus.prev' }),
  },
  editCommand('commission.edit', 'Edit configuration', 'e'),
  editCommand('commission.open', 'Edit the focused configuration', 'enter'),
  deleteCommand('commission.delete', 'Delete configuration', 'delete'),
  deleteCommand('commission.deleteFocused', 'Delete the focused configuration', 'backspace'),
  statusOption('', 'All Status'),
  statusOption('true', 'Active'),
  statusOption('false', 'Inactive'),
  {
    id: 'commission.prevPage',
    title: 'Previous page of configurations',
    group: GROUP,
    shortcut: '[',
    label: () => 'Previous',
    when: (ctx) => onConfigs(ctx) && (screen(ctx)?.totalPages ?? 0) > 1,
    disabledReason: (ctx) => ((screen(ctx)?.url.page ?? 1) <= 1 ? 'This is the first page' : null),
    run: (ctx) => navigateCommission(ctx, { page: (screen(ctx)?.url.page ?? 2) - 1 }),
  },
  {
    id: 'commission.nextPage',
    title: 'Next page of configurations',
    group: GROUP,
    shortcut: ']',
    label: () => 'Next',
    when: (ctx) => onConfigs(ctx) && (screen(ctx)?.totalPages ?? 0) > 1,
    disabledReason: (ctx) =>
      (screen(ctx)?.url.page ?? 1) >= (screen(ctx)?.totalPages ?? 1) ? 'This is the last page' : null,
    run: (ctx) => navigateCommission(ctx, { page: (screen(ctx)?.url.page ?? 0) + 1 }),
  },
  {
    id: 'commission.search',
    title: 'Search configurations',
    group: GROUP,
    shortcut: '/',
    when: onConfigs,
    run: (ctx) => screen(ctx)?.focusSearch(),
  },
]
