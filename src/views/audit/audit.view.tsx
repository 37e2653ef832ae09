/**
 * Audit log (GET /api/admin/audit): every admin change of every entity, newest first, in one
 * virtualized scroll fetched by cursor as it nears the end (a scrolled list, decision 029).
 * Filters (entity, admin, action or family, IST dates) and the search live in the URL
 * (bookmarkable); each row links its record; Enter (or a click) opens the entry's per-field
 * before/after in a side panel (?entry=<id>). Loading, empty and error-with-Retry states as on the
 * other lists. j/k/Enter/Escape/o/f// and the filters act through the commands of
 * audit.commands.ts on what this view publishes.
 */
import { useCallback, useMemo } from 'react'
import { useLocation } from 'wouter'
import { fetchAudit, useAuditFacets, useAuditList } from '../../api/audit'
import type { AuditEntry, AuditFilters } from '../../api/schemas/audit'
import type { AuditHandle, AuditRowRef } from '../../commands/audit.commands'
import { AUDIT_ENTRY } from '../../commands/audit.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { ListScreenBody, type ListTexts } from '../../components/list/list-screen-body'
import { useListScreen, type ScrolledListConfig } from '../../components/list/use-list-screen'
import { PageHeader } from '../../components/page-header'
import { listFocusMachine } from '../../machines/list-focus.machine'
import { AuditFilters as AuditFilterBar } from './audit-filters'
import { auditEntityHref, auditEntityText } from './audit-format'
import { AuditPanel } from './audit-panel'
import { AuditTable } from './audit-table'
import { auditFiltersOf, auditPath, parseAuditSearch, toAuditSearch, type AuditUrlState } from './audit-url'
import './audit.css'

/** The log's query at the default page size (the detail pages' trails ask for fewer rows). */
const useAuditEntries = (filters: AuditFilters) => useAuditList(filters)

const LIST: ScrolledListConfig<
  AuditUrlState,
  AuditFilters,
  Awaited<ReturnType<typeof fetchAudit>>,
  AuditEntry,
  AuditRowRef,
  typeof listFocusMachine
> = {
  shape: 'scrolled',
  kind: AUDIT_ENTRY,
  machine: listFocusMachine,
  url: { parse: parseAuditSearch, serialise: toAuditSearch, keep: ['entry'] },
  filters: auditFiltersOf,
  useQuery: useAuditEntries,
  items: (page) => page.entries,
  row: (e) => ({
    id: e.id,
    entityType: e.entityType,
    entityId: e.entityId,
    actorId: e.actorId,
    href: auditEntityHref(e.entityType, e.entityId),
    label: auditEntityText(e.entityType, e.entityId, e.entityLabel),
  }),
}

const TEXTS: ListTexts = {
  loading: 'Loading the audit log',
  errorTitle: 'Error Loading the Audit Log',
  errorFallback: 'Failed to load the audit log',
  empty: 'No entries found',
  emptyDescription: 'No admin has changed anything yet.',
  noun: ['entry', 'entries'],
  loadingMore: 'Loading more entries',
}

export default function AuditView() {
  const screen = useListScreen(LIST)
  const { url, actor, rows, focusRow, items: entries } = screen
  const facets = useAuditFacets()
  const [, navigate] = useLocation()

  const actors = facets.data?.actors
  const handle = useMemo<AuditHandle>(
    () => ({
      list: actor,
      rows,
      url,
      actors: actors ?? [],
      focusSearch: screen.focusSearch,
      filtered: screen.filtered,
      clearFilters: screen.clearFilters,
    }),
    [actor, rows, url, actors, screen.focusSearch, screen.filtered, screen.clearFilters],
  )
  const { focused } = screen.published
  usePublishCommandContext(useMemo(() => ({ audit: handle, focused }), [handle, focused]))

  const go = useCallback(
    (patch: Parameters<typeof auditPath>[0], replace = false) => {
      navigate(auditPath({ ...parseAuditSearch(window.location.search), ...patch }), { replace })
    },
    [navigate],
  )
  // A click on a row focuses it and opens its diff.
  const open = useCallback(
    (id: string) => {
      focusRow(id)
      go({ entry: id })
    },
    [focusRow, go],
  )
  const openEntry = url.entry ? entries.find((e) => e.id === url.entry) : undefined

  return (
    <div className="list-screen audit-screen" data-testid="audit-screen">
      <PageHeader
        title="Audit log"
        description="Every admin change, newest first. J/K to move, Enter shows the changes, O opens the record, F shows only its history."
      />
      <AuditFilterBar
        searchText={screen.searchText}
        onSearchText={screen.setSearchText}
        searchRef={screen.searchRef}
        facets={facets.data}
        from={url.from}
        to={url.to}
        onDate={(end, value) => go({ [end]: value, entry: '' }, true)}
      />
      <ListScreenBody screen={screen} texts={TEXTS} scope="audit">
        {(footer) => (
          <AuditTable
            entries={entries}
            focus={screen.focus}
            openId={url.entry}
            hasMore={!!screen.scrolling?.hasMore}
            canLoadMore={!!screen.scrolling?.canLoadMore}
            onLoadMore={screen.scrolling!.loadMore}
            onOpen={open}
            footer={footer}
          />
        )}
      </ListScreenBody>
      {url.entry ? <AuditPanel entry={openEntry} /> : null}
    </div>
  )
}
