/**
 * Audit log commands: on /audit, j/k focus an entry, Enter opens its diff
 * panel (?entry=<id>), Escape closes it, o opens the entry's record (its link in a row runs the
 * same command with the row as target), f shows only the focused record's history, / focuses the
 * search; the filters (entity type, admin, action or action family, dates, clear) are palette
 * entries too. On a project or user page the audit trail's toggles, 'Load more' and 'Open in audit
 * log' are commands as well. They read what the views publish (`audit`, `auditTrail`, `focused`)
 * and only navigate or send events to the views' actors.
 */
import type { ActorRefFrom } from 'xstate'
import type { AuditActor } from '../api/schemas/audit'
import type { listFocusMachine } from '../machines/list-focus.machine'
import { actionOptionLabel, auditPath, type AuditUrlState } from '../views/audit/audit-url'
import { listCommands } from './list.commands'
import type { Command, CommandContext } from './registry'

/** What the commands need of a loaded entry. */
export interface AuditRowRef {
  id: string
  entityType: string
  entityId: string | null
  actorId: string | null
  /** The record's console address, null when it has none. */
  href: string | null
  /** The record's label as the row shows it. */
  label: string
}

/** What the audit screen publishes for its commands. */
export interface AuditHandle {
  list: ActorRefFrom<typeof listFocusMachine>
  rows: readonly AuditRowRef[]
  url: AuditUrlState
  actors: readonly AuditActor[]
  focusSearch: () => void
  /** A search or filter narrows the list; `clearFilters` drops them (Clear filters). */
  filtered: boolean
  clearFilters: () => void
}

/** What an audit trail (project or user page) publishes: its entries' expanded state, more pages, its filtered address. */
export interface AuditTrailHandle {
  expanded: readonly string[]
  toggle: (id: string) => void
  canLoadMore: boolean
  loadMore: () => void
  /** /audit filtered to the trail's record. */
  auditHref: string
}

declare module './registry' {
  interface ViewCommandContext {
    audit?: AuditHandle
    auditTrail?: AuditTrailHandle
  }
}

const GROUP = 'Audit log'
/** The `focused` / `target` kind of an audit entry row. */
export const AUDIT_ENTRY = 'auditEntry'
export const AUDIT_ENTITY_TYPE = 'auditEntityType'
export const AUDIT_ACTOR = 'auditActor'
export const AUDIT_ACTION = 'auditAction'

const screen = (ctx: CommandContext) => ctx.view.audit
const onAudit = (ctx: CommandContext) => !!screen(ctx)
const focusedRow = (ctx: CommandContext) =>
  ctx.view.focused?.kind === AUDIT_ENTRY ? screen(ctx)?.rows.find((r) => r.id === ctx.view.focused?.id) : undefined
const targetOf = (ctx: CommandContext, kind: string) =>
  ctx.view.focused?.kind === kind ? ctx.view.focused.id : undefined

/** Goes to the audit screen with `patch` applied to its URL state (the open entry closes when a filter changes). */
export function navigateAudit(ctx: CommandContext, patch: Partial<AuditUrlState>) {
  const handle = screen(ctx)
  if (handle) ctx.navigate(auditPath({ ...handle.url, ...patch }))
}
const filter = (ctx: CommandContext, patch: Partial<AuditUrlState>) => navigateAudit(ctx, { ...patch, entry: '' })

function filterOption(
  id: string,
  title: string,
  label: string,
  isOn: (u: AuditUrlState) => boolean,
  patch: Partial<AuditUrlState>,
): Command {
  return {
    id,
    title,
    label: () => label,
    group: 'Filters',
    keywords: ['filter', 'audit', 'show', label.toLowerCase()],
    when: onAudit,
    checked: (ctx) => {
      const u = screen(ctx)?.url
      return !!u && isOn(u)
    },
    run: (ctx) => filter(ctx, patch),
  }
}

/** A select option standing for the value in its target (not a palette entry of its own). */
function targetOption(
  id: string,
  title: string,
  kind: string,
  key: 'entityType' | 'actorId' | 'action',
  label: (ctx: CommandContext, value: string) => string,
): Command {
  return {
    id,
    title,
    group: 'Filters',
    keywords: ['filter', 'audit'],
    label: (ctx) => label(ctx, targetOf(ctx, kind) ?? ''),
    when: (ctx) => onAudit(ctx) && !!targetOf(ctx, kind),
    checked: (ctx) => screen(ctx)?.url[key] === targetOf(ctx, kind),
    run: (ctx) => filter(ctx, { [key]: targetOf(ctx, kind) ?? '', ...(key === 'entityType' ? { entityId: '' } : {}) }),
  }
}

/** Palette entries for the record kinds the console has pages for; users are written as `user` (app) and `users` (triggers). */
const ENTITY_TYPES: Array<[string, string, string]> = [
  ['project', 'project', 'projects'],
  ['user', 'user,users', 'users'],
  ['order', 'order', 'orders'],
  ['contact', 'contact', 'contacts'],
]

const keys = listCommands('audit', {
  group: GROUP,
  kind: AUDIT_ENTRY,
  noun: { one: 'entry', a: 'an entry', many: 'entries' },
  shape: 'scrolled',
  handle: screen,
  actor: (handle) => handle.list,
  searchTitle: 'Search the audit log',
})

export const auditCommands: Command[] = [
  ...keys.focus,
  keys.open({
    id: 'audit.open',
    title: 'Show the changes of the focused entry',
    label: 'Show changes',
    shortcut: 'enter',
    keywords: ['diff', 'before', 'after', 'expand'],
    go: (ctx, entry) => navigateAudit(ctx, { entry }),
  }),
  {
    id: 'audit.closeDetails',
    title: 'Close the changes panel',
    group: GROUP,
    shortcut: 'escape',
    label: () => 'Close',
    when: (ctx) => onAudit(ctx) && !!screen(ctx)?.url.entry,
    run: (ctx) => navigateAudit(ctx, { entry: '' }),
  },
  {
    id: 'audit.openRecord',
    title: "Open the entry's record",
    group: GROUP,
    shortcut: 'o',
    keywords: ['record', 'link', 'open'],
    label: (ctx) => focusedRow(ctx)?.label ?? 'Open record',
    when: onAudit,
    disabledReason: (ctx) => {
      const row = focusedRow(ctx)
      return !row ? 'Focus an entry with J/K first' : row.href ? null : 'This record has no page'
    },
    run: (ctx) => {
      const href = focusedRow(ctx)?.href
      if (href) ctx.navigate(href)
    },
  },
  {
    id: 'audit.filter.record',
    title: "Show only the focused record's history",
    group: 'Filters',
    shortcut: 'f',
    keywords: ['filter', 'record', 'entity', 'history'],
    label: () => 'This record only',
    when: onAudit,
    disabledReason: (ctx) => {
      const row = focusedRow(ctx)
      return !row ? 'Focus an entry with J/K first' : row.entityId ? null : 'This entry names no record'
    },
    run: (ctx) => {
      const row = focusedRow(ctx)
      if (row?.entityId) filter(ctx, { entityType: row.entityType, entityId: row.entityId })
    },
  },
  {
    id: 'audit.filter.focusedAdmin',
    title: 'Show only the changes of the focused entry’s admin',
    group: 'Filters',
    keywords: ['filter', 'admin', 'actor', 'who'],
    label: () => 'This admin only',
    when: onAudit,
    disabledReason: (ctx) => {
      const row = focusedRow(ctx)
      return !row ? 'Focus an entry with J/K first' : row.actorId ? null : 'No admin made this change'
    },
    run: (ctx) => {
      const row = focusedRow(ctx)
      if (row?.actorId) filter(ctx, { actorId: row.actorId })
    },
  },
  keys.search,
  keys.clearFilters,

  filterOption(
    'audit.filter.entity.all',
    'Show entries of every entity',
    'All entities',
    (u) => !u.entityType && !u.entityId,
    { entityType: '', entityId: '' },
  ),
  ...ENTITY_TYPES.map(([id, types, plural]) =>
    filterOption(
      `audit.filter.entity.${id}`,
      `Show changes of ${plural}`,
      `${plural[0].toUpperCase()}${plural.slice(1)}`,
      (u) => u.entityType === types && !u.entityId,
      { entityType: types, entityId: '' },
    ),
  ),
  targetOption(
    'audit.filter.entity',
    'Show one entity type',
    AUDIT_ENTITY_TYPE,
    'entityType',
    (_ctx, value) => value || 'Entity',
  ),
  filterOption('audit.filter.admin.all', 'Show changes of every admin', 'All admins', (u) => !u.actorId, {
    actorId: '',
  }),
  targetOption(
    'audit.filter.admin',
    'Show one admin',
    AUDIT_ACTOR,
    'actorId',
    (ctx, value) => screen(ctx)?.actors.find((a) => a.id === value)?.name || value || 'Admin',
  ),
  filterOption('audit.filter.action.all', 'Show every action', 'All actions', (u) => !u.action, { action: '' }),
  targetOption(
    'audit.filter.action',
    'Show one action',
    AUDIT_ACTION,
    'action',
    (_ctx, value) => actionOptionLabel(value) || 'Action',
  ),
  {
    id: 'audit.filter.clearDates',
    title: 'Clear the date range',
    group: 'Filters',
    keywords: ['filter', 'date', 'from', 'to'],
    label: () => 'Clear dates',
    when: (ctx) => onAudit(ctx) && !!(screen(ctx)?.url.from || screen(ctx)?.url.to),
    run: (ctx) => filter(ctx, { from: '', to: '' }),
  },

  {
    id: 'audit.trail.toggle',
    title: 'Show or hide the changes of an audit entry',
    group: GROUP,
    keywords: ['diff', 'audit', 'history'],
    label: (ctx) =>
      ctx.view.auditTrail?.expanded.includes(targetOf(ctx, AUDIT_ENTRY) ?? '') ? 'Hide changes' : 'Show changes',
    when: (ctx) => !!ctx.view.auditTrail && !!targetOf(ctx, AUDIT_ENTRY),
    checked: (ctx) => !!ctx.view.auditTrail?.expanded.includes(targetOf(ctx, AUDIT_ENTRY) ?? ''),
    run: (ctx) => {
      const id = targetOf(ctx, AUDIT_ENTRY)
      if (id) ctx.view.auditTrail?.toggle(id)
    },
  },
  {
    id: 'audit.trail.more',
    title: 'Load more of the audit trail',
    group: GROUP,
    label: () => 'Load more',
    when: (ctx) => !!ctx.view.auditTrail?.canLoadMore,
    run: (ctx) => ctx.view.auditTrail?.loadMore(),
  },
  {
    id: 'audit.trail.openLog',
    title: "Open this record's history in the audit log",
    group: GROUP,
    keywords: ['audit', 'history', 'log'],
    label: () => 'Open in audit log',
    when: (ctx) => !!ctx.view.auditTrail,
    run: (ctx) => {
      const href = ctx.view.auditTrail?.auditHref
      if (href) ctx.navigate(href)
    },
  },
]
