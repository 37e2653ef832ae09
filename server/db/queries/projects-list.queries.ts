/**
 * The projects list in SQL (SPEC.md 2 "Projects list", 7 "GET /api/projects"): the WHERE clause
 * of the filters, the order, a page by reference (ids, row versions, table versions and total in
 * one statement) and the rows of the projects it names (decision 024). The risk filter and column
 * read each project's newest source report (decision 046). The page cache over these
 * is services/project-list-pages.ts.
 */
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { ProjectListQuery, RiskFilter } from '../../../src/api/schemas/projects'
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core'
import type { Db } from '../client'
import { projectListCounts, projectSearch, projects, tableVersions } from '../schema'
import { escapeLike, preparedPer, qualified } from '../sql'
import { pageWindow, type ProjectListFilter } from '../../domain/projects/list-query'
import type { PROJECT_LIST_TABLES, VersionedTable, Versions } from '../../services/table-versions'
import { projectRowVersion, projectWithRelations } from './projects.queries'
import { latestRiskWeight, riskFilterCondition } from './source-reports.queries'

/** The columns the non-search filters test: on projects, on project_search (0029), or on the per-group counts of 0013. */
type FilterColumns = {
  isActive: typeof projects.isActive | typeof projectSearch.isActive | typeof projectListCounts.isActive
  isDraft: typeof projects.isDraft | typeof projectSearch.isDraft | typeof projectListCounts.isDraft
  category: typeof projects.category | typeof projectSearch.category | typeof projectListCounts.category
  verificationStatus:
    | typeof projects.verificationStatus
    | typeof projectSearch.verificationStatus
    | typeof projectListCounts.verificationStatus
}

/** The values the filters other than `search` test; a key is absent when its filter lists everything. */
type GroupValues = {
  isActive?: boolean
  isDraft?: boolean
  category?: string
  verificationStatus?: Exclude<ProjectListFilter['verificationStatus'], ''>
}

/**
 * The group filters of `filter`: `status` ('active'|'inactive': published projects; 'draft':
 * drafts, active or not) wins over `includeInactive`; without either only the catalogue is
 * listed: active and published (decision 038).
 */
function groupValues(filter: ProjectListFilter): GroupValues {
  const values: GroupValues = {}
  if (filter.status === 'draft') values.isDraft = true
  else if (filter.status === 'active') Object.assign(values, { isActive: true, isDraft: false })
  else if (filter.status === 'inactive') Object.assign(values, { isActive: false, isDraft: false })
  else if (!filter.includeInactive) Object.assign(values, { isActive: true, isDraft: false })
  if (filter.category) values.category = filter.category
  if (filter.verificationStatus) values.verificationStatus = filter.verificationStatus
  return values
}

/**
 * The conditions of `values` over `columns`; with `placeholders` each value is a placeholder
 * named after its key (a prepared statement's, filled from the same `values`).
 */
function groupConditions(values: GroupValues, columns: FilterColumns, placeholders = false): SQL[] {
  const bind = <K extends keyof GroupValues>(key: K) => (placeholders ? sql.placeholder(key) : values[key]!)
  const conditions: SQL[] = []
  if (values.isActive !== undefined) conditions.push(eq(columns.isActive, bind('isActive')))
  if (values.isDraft !== undefined) conditions.push(eq(columns.isDraft, bind('isDraft')))
  if (values.category !== undefined) conditions.push(eq(columns.category, bind('category')))
  if (values.verificationStatus !== undefined)
    conditions.push(eq(columns.verificationStatus, bind('verificationStatus')))
  return conditions
}

/** Short names of the filters in statement names (PostgreSQL keeps 63 characters of a name). */
const SHAPE_NAMES: Record<keyof GroupValues, string> = {
  isActive: 'active',
  isDraft: 'draft',
  category: 'category',
  verificationStatus: 'status',
}
/** The shape of `values` (which filters it has), for the name of its prepared statements. */
const shapeOf = (values: GroupValues) =>
  (Object.keys(values) as (keyof GroupValues)[])
    .map((key) => SHAPE_NAMES[key])
    .sort()
    .join('_') || 'all'

/** `%term%` as a lower-cased LIKE pattern matching `term` literally. */
const containsPattern = (term: string) => sql`lower(${`%${escapeLike(term)}%`})`

/**
 * project_search rows whose searchable text (title, description, technologies, tags) matches the
 * LIKE `pattern`, which must be lower-case: the text is stored lower-cased, so a case-sensitive
 * LIKE does it (cheaper per row than ILIKE). The trigram index serves patterns with 3+ characters
 * between wildcards.
 */
const textMatches = (pattern: SQL | string) => sql`${projectSearch.searchText} LIKE ${pattern}`

/**
 * `projects.id` is one of the projects whose searchable text matches the lower-case LIKE
 * `pattern` (project_search, migration 0029): for searches that also test columns of projects
 * (the commission picker's title, the audit log's project search).
 */
export function projectTextMatches(pattern: SQL | string): SQL {
  return sql`${projects.id} IN (SELECT ${projectSearch.projectId} FROM ${projectSearch} WHERE ${textMatches(pattern)})`
}

/** project_search rows whose searchable text contains `term` case-insensitively as a literal substring. */
export function projectTextContains(term: string): SQL {
  return textMatches(containsPattern(term))
}

/**
 * WHERE for the filters: without a search over projects, with one (trimmed, non-empty) over
 * project_search, whose copied columns the same rules test (groupValues: `status` wins over
 * `includeInactive`; without either only active, published projects are listed). `search` matches
 * title, description, technologies and tags case-insensitively as a literal substring
 * (projectTextContains).
 */
export function projectListWhere(filter: ProjectListFilter): SQL | undefined {
  const term = filter.search.trim()
  const values = groupValues(filter)
  const conditions = term
    ? [...groupConditions(values, projectSearch), projectTextContains(term)]
    : groupConditions(values, projects)
  if (filter.risk)
    conditions.push(riskFilterCondition(filter.risk, qualified(term ? projectSearch.projectId : projects.id)))
  return conditions.length ? and(...conditions) : undefined
}

/** Newest first; the id (UUIDv7) breaks ties so pages never overlap. */
export const projectListOrder = [desc(projects.createdAt), desc(projects.id)] as const

/** The version of `table` as of the statement's snapshot (migration 0007). */
const versionOf = (table: VersionedTable) =>
  sql<string>`(SELECT ${tableVersions.version} FROM ${tableVersions} WHERE ${tableVersions.name} = ${table})`

/** A prepared statement per shape (statement kind and filter shape), made on first use. */
function perShape<T>(kind: string, build: (db: Db, name: string, shape: GroupValues) => T) {
  const statements = new Map<string, (db: Db) => T>()
  return (db: Db, values: GroupValues): T => {
    const shape = shapeOf(values)
    let statement = statements.get(shape)
    if (!statement) {
      statement = preparedPer(`${kind}_${shape}`, (d, name) => build(d, name, values))
      statements.set(shape, statement)
    }
    return statement(db)
  }
}

/**
 * A page by reference as one statement that always answers a row: `head`, one aggregate row with
 * the total, LEFT JOIN LATERAL `page` (the page's ids and created_at, newest first, limit and
 * offset applied), each id's row version read by primary key in a LATERAL join of its own; an
 * empty page is one row whose id is null. Every row carries the total and the versions of
 * projects, project_images, users and source_reports as of the statement's snapshot. `from` is `db`, or
 * `db.with(cte)` when `head` or `page` read a CTE.
 *
 * The row versions are joined per id (a nested loop by construction) and not as `id IN (page)`:
 * the prepared statement's generic plan does not know the limit, guessed 200 rows and hashed a
 * sequential scan of every project (2.9 ms instead of ~0.2 ms at 4,000 projects).
 */
function refsStatement(db: Db, from: Pick<Db, 'select'>, head: SQLWrapper, page: PageIds) {
  // Named by alias: drizzle renders an aliased column of a subquery unqualified, which inside the
  // lateral join would bind to projects' own id.
  // LIMIT 1 (one row per id anyway) keeps the planner from flattening it into a hash join.
  const version = db
    .select({ rowVersion: projectRowVersion.as('row_version') })
    .from(projects)
    .where(sql`${projects.id} = page.id`)
    .limit(1)
    .as('version')
  return from
    .select({
      id: sql<string | null>`page.id`,
      rowVersion: sql<string | null>`version.row_version`,
      listVersion: versionOf('projects'),
      imagesVersion: versionOf('project_images'),
      usersVersion: versionOf('users'),
      reportsVersion: versionOf('source_reports'),
      total: sql<number>`head.total`,
    })
    .from(sql`(${head}) AS head`)
    .leftJoinLateral(page, sql`true`)
    .leftJoinLateral(version, sql`true`)
    .orderBy(sql`page.created_at DESC, page.id DESC`)
}

/** The page's ids and created_at, as refsStatement joins them. */
type PageIds = SubqueryWithSelection<{ id: SQL.Aliased<string>; createdAt: SQL.Aliased<Date> }, 'page'>
/** The columns of PageIds from `id` and `createdAt` of the table or CTE the page reads. */
const pageIdColumns = (id: SQLWrapper, createdAt: SQLWrapper) => ({
  id: sql<string>`${id}`.as('id'),
  createdAt: sql<Date>`${createdAt}`.as('created_at'),
})

/** Page refs without a search: prepared per filter shape; the total is summed from project_list_counts (0013). */
const unsearchedRefs = perShape('project_list_refs', (db, name, shape) =>
  refsStatement(
    db,
    db,
    db
      .select({ total: sql`coalesce(sum(${projectListCounts.n}), 0)::int`.as('total') })
      .from(projectListCounts)
      .where(and(...groupConditions(shape, projectListCounts, true))),
    db
      .select(pageIdColumns(projects.id, projects.createdAt))
      .from(projects)
      .where(and(...groupConditions(shape, projects, true)))
      .orderBy(...projectListOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page'),
  ).prepare(name),
)

/**
 * Whether PostgreSQL's trigram index can narrow a search for `term`: pg_trgm takes trigrams from
 * the runs of letters and digits of a LIKE pattern, so a term without a run of 3 finds none and
 * the index would be scanned whole (4x slower than reading every row at 4,000 projects).
 */
const trigramSearchable = (term: string) => /[\p{L}\p{N}]{3}/u.test(term)

/** How a page's matches are found: a search by trigram index or by scan, or no search (a risk filter alone). */
type MatchKind = 'trigram' | 'scan' | 'none'
/** Statement kinds per MatchKind and risk filter; short, as PostgreSQL keeps 63 characters of a name. */
const MATCH_KIND_NAMES: Record<MatchKind, string> = {
  trigram: 'project_list_search_refs',
  scan: 'project_list_scan_refs',
  none: 'project_list_risk_refs',
}
const RISK_NAMES: Record<RiskFilter, string> = {
  secrets: 'sec',
  'no-licence': 'nolic',
  high: 'high',
  unreported: 'unrep',
}

/**
 * Page refs of the matches of a search and/or a risk filter: prepared per filter shape, kind of
 * term and risk filter, the term a parameter. A term the trigram index can serve is matched with
 * LIKE (the generic plan scans the index); any other with strpos, which no index serves, so its
 * generic plan reads the rows instead of the whole index. Both match the lower-cased term as a
 * literal substring of the lower-cased search text. Without a term the matches are read from
 * projects. The risk filter tests each candidate's newest source report (riskFilterCondition).
 * The matches are found once (a CTE read for the total and the page).
 */
function matchedRefs(kind: MatchKind, risk: RiskFilter | '') {
  const name = risk ? `${MATCH_KIND_NAMES[kind]}_${RISK_NAMES[risk]}` : MATCH_KIND_NAMES[kind]
  return perShape(name, (db, name, shape) => {
    const term = sql.placeholder('term')
    const riskCondition = (id: SQL) => (risk ? [riskFilterCondition(risk, id)] : [])
    const matches = db.$with('matches').as(
      kind === 'none'
        ? db
            .select(pageIdColumns(projects.id, projects.createdAt))
            .from(projects)
            .where(and(...groupConditions(shape, projects, true), ...riskCondition(qualified(projects.id))))
        : db
            .select(pageIdColumns(projectSearch.projectId, projectSearch.createdAt))
            .from(projectSearch)
            .where(
              and(
                ...groupConditions(shape, projectSearch, true),
                kind === 'trigram'
                  ? textMatches(sql`lower(${term}::text)`)
                  : sql`strpos(${projectSearch.searchText}, lower(${term}::text)) > 0`,
                ...riskCondition(qualified(projectSearch.projectId)),
              ),
            ),
    )
    return refsStatement(
      db,
      db.with(matches),
      db.select({ total: sql`count(*)::int`.as('total') }).from(matches),
      db
        .select(pageIdColumns(matches.id, matches.createdAt))
        .from(matches)
        .orderBy(desc(matches.createdAt), desc(matches.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page'),
    ).prepare(name)
  })
}

/** matchedRefs per kind and risk filter, made on first use. */
const matchedRefsOf = (() => {
  const made = new Map<string, ReturnType<typeof matchedRefs>>()
  return (kind: MatchKind, risk: RiskFilter | '') => {
    const key = `${kind}/${risk}`
    let refs = made.get(key)
    if (!refs) made.set(key, (refs = matchedRefs(kind, risk)))
    return refs
  }
})()

/** The versions of the tables a page is built from (PROJECT_LIST_TABLES). */
export type ListVersions = Pick<Versions, (typeof PROJECT_LIST_TABLES)[number]>

/** A project on a page by reference: its id and the row version the page's statement saw. */
export type PageRef = { id: string; rowVersion: string }

/**
 * One page of `query` by reference, from one statement (one snapshot): the projects' ids and row
 * versions in list order, the versions of projects, project_images, users and source_reports, and
 * the exact total (without a search or risk filter summed from project_list_counts, else counted
 * over the matches), also for an empty page. Prepared per filter shape, search and risk filter. The rows themselves are
 * selectListRows'.
 */
export async function selectListPageRefs(
  db: Db,
  query: ProjectListQuery,
): Promise<{
  refs: PageRef[]
  versions: ListVersions
  total: number
}> {
  const window = pageWindow(query.page, query.limit)
  const term = query.search.trim()
  const values = groupValues(query)
  const { risk } = query
  const rows = !term
    ? risk
      ? await matchedRefsOf('none', risk)(db, values).execute({ ...values, ...window })
      : await unsearchedRefs(db, values).execute({ ...values, ...window })
    : trigramSearchable(term)
      ? await matchedRefsOf('trigram', risk)(db, values).execute({
          ...values,
          term: `%${escapeLike(term)}%`,
          ...window,
        })
      : await matchedRefsOf('scan', risk)(db, values).execute({ ...values, term, ...window })
  const [first] = rows
  return {
    refs: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, rowVersion: r.rowVersion! }])),
    versions: {
      projects: Number(first.listVersion),
      project_images: Number(first.imagesVersion),
      users: Number(first.usersVersion),
      source_reports: Number(first.reportsVersion),
    },
    total: Number(first.total),
  }
}

/**
 * The rows of listRows: a project with its relations, the risk weight of its newest source report,
 * its row version and the image, user and report versions it saw.
 */
const rowsByIds = preparedPer('project_list_rows', (db, name) =>
  db
    .select({
      ...projectWithRelations,
      riskWeight: latestRiskWeight(qualified(projects.id)),
      rowVersion: projectRowVersion,
      imagesVersion: versionOf('project_images'),
      usersVersion: versionOf('users'),
      reportsVersion: versionOf('source_reports'),
    })
    .from(projects)
    .where(sql`${projects.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare(name),
)

/**
 * The projects of `ids` with images, owner and newest risk weight (null: no report; any order;
 * unknown ids are left out), each with its row version and the versions of project_images, users
 * and source_reports its statement saw. Prepared: one
 * statement for any number of ids.
 */
export async function selectListRows(db: Db, ids: readonly string[]) {
  return rowsByIds(db).execute({ ids: [...ids] })
}
