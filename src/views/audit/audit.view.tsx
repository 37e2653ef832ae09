/**
 * Audit log (GET /api/admin/audit): every admin change of every entity,
 * newest first, in one virtualized scroll fetched by cursor as it nears the end. Filters (entity,
 * admin, action or family, IST dates) and the search live in the URL (bookmarkable); each row links
 * its record; Enter (or a click) opens the entry's per-field before/after in a side panel
 * (?entry=<id>). Loading, empty and error-with-Retry states as on the other lists. j/k/Enter/Escape/
 * o/f// and the filters act through the commands of audit.commands.ts on what this view publishes.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { useLocation } from 'wouter'
import { useAuditFacets, useAuditList } from '../../api/audit'
import { errorText } from '../../api/error-text'
import { AUDIT_ENTRY, type AuditHandle } from '../../commands/audit.commands'
import { CommandRetry } from '../../commands/command-retry'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { formatCount } from '../../lib/format'
import { actorOptions } from '../../machines/shared/inspect'
import { listFocusMachine } from '../../machines/list-focus.machine'
import { useUrlFilters } from '../projects/use-list-url'
import { AuditFilters } from './audit-filters'
import { auditEntityHref, auditEntityText } from './audit-format'
import { AuditPanel } from './audit-panel'
import { AuditTable } from './audit-table'
import { auditFiltersOf, auditPath, parseAuditSearch, toAuditSearch } from './audit-url'
import './audit.css'

export default function AuditView() {
  const { filters: url, searchText, setSearchText } = useUrlFilters(parseAuditSearch, toAuditSearch)
  const filters = useMemo(() => auditFiltersOf(url), [url])
  const list = useAuditList(filters)
  const facets = useAuditFacets()
  const [, navigate] = useLocation()
  const searchRef = useRef<HTMLInputElement>(null)

  const focusActor = useActorRef(listFocusMachine, actorOptions())
  const focus = useSelector(focusActor, (s) => s.context.focus)

  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data])
  const rows = useMemo(
    () =>
      entries.map((e) => ({
        id: e.id,
        entityType: e.entityType,
        entityId: e.entityId,
        actorId: e.actorId,
        href: auditEntityHref(e.entityType, e.entityId),
        label: auditEntityText(e.entityType, e.entityId, e.entityLabel),
      })),
    [entries],
  )
  useEffect(() => {
    focusActor.send({ type: 'rows.loaded', rows })
  }, [rows, focusActor])

  const focusedId = rows[focus]?.id
  const actors = facets.data?.actors
  const handle = useMemo<AuditHandle>(
    () => ({
      list: focusActor,
      rows,
      url,
      actors: actors ?? [],
      focusSearch: () => searchRef.current?.focus(),
    }),
    [focusActor, rows, url, actors],
  )
  usePublishCommandContext(
    useMemo(
      () => ({
        audit: handle,
        focused: focusedId ? { kind: AUDIT_ENTRY, id: focusedId } : undefined,
      }),
      [handle, focusedId],
    ),
  )

  const go = useCallback(
    (patch: Parameters<typeof auditPath>[0], replace = false) => {
      navigate(auditPath({ ...parseAuditSearch(window.location.search), ...patch }), { replace })
    },
    [navigate],
  )
  // A click on a row focuses it and opens its diff.
  const open = useCallback(
    (id: string) => {
      const index = focusActor.getSnapshot().context.rows.findIndex((r) => r.id === id)
      if (index >= 0) focusActor.send({ type: 'focus.set', index })
      go({ entry: id })
    },
    [focusActor, go],
  )
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])
  const filtered = Object.values(filters).some(Boolean)
  const openEntry = url.entry ? entries.find((e) => e.id === url.entry) : undefined

  return (
    <div className="projects-list audit-screen" data-testid="audit-screen">
      <PageHeader
        title="Audit log"
        description="Every admin change, newest first. J/K to move, Enter shows the changes, O opens the record, F shows only its history."
      />
      <AuditFilters
        searchText={searchText}
        onSearchText={setSearchText}
        searchRef={searchRef}
        facets={facets.data}
        from={url.from}
        to={url.to}
        onDate={(end, value) => go({ [end]: value, entry: '' }, true)}
      />
      {list.isPending ? (
        <LoadingState title="Loading the audit log" />
      ) : list.error && !list.data ? (
        <ErrorState
          title="Error Loading the Audit Log"
          message={errorText(list.error, 'Failed to load the audit log')}
          action={<CommandRetry retry={() => void list.refetch()} />}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          title="No entries found"
          description={filtered ? 'No changes match these filters.' : 'No admin has changed anything yet.'}
        />
      ) : (
        <>
          <AuditTable
            entries={entries}
            focus={focus}
            openId={url.entry}
            hasMore={!!hasNextPage}
            canLoadMore={!!hasNextPage && !isFetchingNextPage && !isFetchNextPageError}
            onLoadMore={loadMore}
            onOpen={open}
            footer={
              isFetchNextPageError ? (
                <span className="infinite-table__error" role="alert">
                  {errorText(list.error, 'Failed to load the audit log')}
                  <CommandRetry retry={loadMore} />
                </span>
              ) : (
                <Spinner size={14} label="Loading more entries" />
              )
            }
          />
          <p className="audit-count muted" data-testid="audit-count">
            {formatCount(entries.length)} {entries.length === 1 ? 'entry' : 'entries'} loaded
            {hasNextPage ? ', more as you scroll' : ''}
          </p>
        </>
      )}
      {url.entry ? <AuditPanel entry={openEntry} /> : null}
    </div>
  )
}
