/**
 * The projects list's filter options as commands (SPEC.md 2 "Projects list"): status, verification
 * and page size are one palette entry per option (`projects.filter.status.active`); a category is
 * the option `projects.filter.category` with the category as `target` (categories come from the
 * server); risk is one entry per value of the newest source report (decision 046). Each navigates
 * to the list with the filter in the URL and page 1.
 */
import type { ProjectListFilters } from '../api/projects'
import { VERIFICATION_STATUSES, type RiskFilter } from '../api/schemas/projects'
import { PAGE_SIZES } from '../lib/list-url'
import { statusTitle } from '../lib/status-title'
import { navigateFilters, onList } from './projects-list.commands'
import type { Command, CommandContext } from './registry'

const filters = (ctx: CommandContext) => ctx.view.projectsList?.filters

function option(
  id: string,
  title: string,
  label: string,
  isOn: (f: ProjectListFilters) => boolean,
  patch: Partial<ProjectListFilters>,
): Command {
  return {
    id,
    title,
    label: () => label,
    group: 'Filters',
    keywords: ['filter', 'show', label.toLowerCase()],
    when: onList,
    checked: (ctx) => {
      const f = filters(ctx)
      return !!f && isOn(f)
    },
    run: (ctx) => navigateFilters(ctx, { ...patch, page: 1 }),
  }
}

const STATUS: Array<['all' | 'active' | 'inactive' | 'draft', string]> = [
  ['all', 'All Status'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['draft', 'Drafts'],
]
const VERIFICATION = [
  'approved',
  'pending',
  'under_review',
  'rejected',
  'needs_changes',
] as const satisfies ReadonlyArray<(typeof VERIFICATION_STATUSES)[number]>

/** Risk filters: command id suffix, value, palette title and option label. */
const RISK: Array<[string, '' | RiskFilter, string, string]> = [
  ['all', '', 'Show every risk', 'All Risk'],
  ['secrets', 'secrets', 'Show projects with secrets', 'Has secrets'],
  ['noLicence', 'no-licence', 'Show projects without a licence', 'No licence'],
  ['high', 'high', 'Show high-risk projects', 'High risk'],
  ['unreported', 'unreported', 'Show projects without a source report', 'No report yet'],
]

export const projectsFilterCommands: Command[] = [
  ...STATUS.map(([value, label]) =>
    option(
      `projects.filter.status.${value}`,
      value === 'draft' ? 'Show unpublished drafts' : `Show ${value === 'all' ? 'all' : label.toLowerCase()} projects`,
      label,
      (f) => f.status === (value === 'all' ? '' : value),
      { status: value === 'all' ? '' : value },
    ),
  ),
  option(
    'projects.filter.verification.all',
    'Show every verification status',
    'All Verification',
    (f) => !f.verificationStatus,
    { verificationStatus: '' },
  ),
  ...VERIFICATION.map((s) =>
    option(
      `projects.filter.verification.${s}`,
      `Show ${statusTitle(s).toLowerCase()} projects`,
      statusTitle(s),
      (f) => f.verificationStatus === s,
      { verificationStatus: s },
    ),
  ),
  option('projects.filter.category.all', 'Show every category', 'All Categories', (f) => !f.category, { category: '' }),
  {
    id: 'projects.filter.category',
    title: 'Show one category',
    group: 'Filters',
    keywords: ['filter', 'category'],
    label: (ctx) => ctx.view.focused?.id ?? 'Category',
    // Runs with the category as its target (the select's options); not a palette entry of its own.
    when: (ctx) => onList(ctx) && ctx.view.focused?.kind === 'category',
    checked: (ctx) => filters(ctx)?.category === ctx.view.focused?.id,
    run: (ctx) => navigateFilters(ctx, { category: ctx.view.focused?.id ?? '', page: 1 }),
  },
  ...RISK.map(([id, value, title, label]) =>
    option(`projects.filter.risk.${id}`, title, label, (f) => f.risk === value, { risk: value }),
  ),
  ...PAGE_SIZES.map((n) =>
    option(`projects.pageSize.${n}`, `Show ${n} projects per page`, `${n} per page`, (f) => f.limit === n, {
      limit: n,
    }),
  ),
]
