/**
 * Commission Management (SPEC.md 2 "Commission Management", 3, 4, 5 "Commission", 8, 9):
 * the tabs Configurations / Default Config / Statistics (?tab=), 'New Configuration', the
 * create/edit modal (commissionConfigModalMachine) with its split preview, and the delete
 * confirmation (commissionDeleteMachine). The card grid is navigable from the keyboard through the
 * shared list-focus machine; every control and key runs a command (commission.commands.ts,
 * commission-form.commands.ts) on what this view publishes. Load, save and delete failures are
 * shown to the admin (unlike the old client, SPEC.md 8).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { Plus } from 'lucide-react'
import { invalidateCommission, useCommissionConfigs, useDefaultCommissionConfig } from '../../api/commission'
import { CommandButton } from '../../commands/command-button'
import type { CommissionHandle } from '../../commands/commission.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { toast } from '../../components/toast'
import { commissionConfigModalMachine } from '../../machines/commission-config-modal.machine'
import { commissionDeleteMachine, DELETE_QUESTION } from '../../machines/commission-delete.machine'
import { actorOptions } from '../../machines/shared/inspect'
import { listFocusMachine } from '../../machines/list-focus.machine'
import { useUrlFilters } from '../../lib/use-url-filters'
import { parseCommissionSearch, toCommissionSearch } from './commission-url'
import { AnswerDialog } from './components/answer-dialog'
import { cardTitle } from './components/config-card'
import { ConfigModal } from './components/config-modal'
import { ConfigsTab } from './components/configs-tab'
import { CommissionTabs } from './components/commission-tabs'
import { DefaultTab } from './components/default-tab'
import { StatsTab } from './components/stats-tab'
import './commission.css'

export default function CommissionView() {
  const { filters: url, searchText, setSearchText } = useUrlFilters(parseCommissionSearch, toCommissionSearch)
  const { search, isActive, page } = url
  const filters = useMemo(() => ({ search, isActive, page }), [search, isActive, page])
  const configs = useCommissionConfigs(filters)
  const defaultConfig = useDefaultCommissionConfig()
  const queryClient = useQueryClient()
  const searchRef = useRef<HTMLInputElement>(null)

  const list = useActorRef(listFocusMachine, actorOptions())
  const modal = useActorRef(commissionConfigModalMachine, actorOptions())
  const deleter = useActorRef(commissionDeleteMachine, actorOptions())
  const focus = useSelector(list, (s) => s.context.focus)
  const modalOpen = useSelector(modal, (s) => !s.matches('closed'))
  const deleteTarget = useSelector(deleter, (s) => s.context.target)
  const deleting = useSelector(deleter, (s) => s.matches('deleting'))

  const cards = useMemo(
    () =>
      (configs.data?.configs ?? []).map((config) => ({
        id: config._id,
        title: cardTitle(config),
        isDefault: config.isDefault,
        config,
      })),
    [configs.data],
  )
  useEffect(() => {
    list.send({ type: 'rows.loaded', rows: cards.map((c) => ({ id: c.id })) })
  }, [cards, list])
  useEffect(() => {
    const subs = [
      modal.on('commission.saved', (e) => {
        toast.success(e.notice ?? (e.created ? 'Configuration created' : 'Configuration saved'))
        void invalidateCommission(queryClient)
      }),
      modal.on('commission.stale', () => void invalidateCommission(queryClient)),
      deleter.on('notify.success', (e) => toast.success(e.text)),
      deleter.on('notify.error', (e) => toast.error(e.text)),
      deleter.on('commission.changed', () => void invalidateCommission(queryClient)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [modal, deleter, queryClient])

  const totalPages = configs.data?.pagination.totalPages ?? 0
  const hasDefault = defaultConfig.data === undefined ? null : defaultConfig.data !== null
  const focusedId = url.tab === 'configs' ? cards[focus]?.id : undefined
  const handle = useMemo<CommissionHandle>(
    () => ({
      url,
      cards: url.tab === 'configs' ? cards : [],
      totalPages,
      hasDefault,
      list,
      modal,
      deleter,
      modalOpen,
      focusSearch: () => searchRef.current?.focus(),
    }),
    [url, cards, totalPages, hasDefault, list, modal, deleter, modalOpen],
  )
  usePublishCommandContext(
    useMemo(
      () => ({
        commission: handle,
        focused: focusedId ? { kind: 'commissionConfig', id: focusedId } : undefined,
      }),
      [handle, focusedId],
    ),
  )

  const focusCard = useCallback((index: number) => list.send({ type: 'focus.set', index }), [list])

  return (
    <div className="commission-screen" data-testid="commission-screen">
      <PageHeader
        title="Commission Management"
        description="How each order is split between its parties. 1/2/3 switch tabs; J/K move, Enter edits, N new."
        actions={<CommandButton id="commission.new" variant="primary" icon={<Plus size={14} />} />}
      />
      <CommissionTabs
        tab={url.tab}
        panels={{
          configs: (
            <ConfigsTab
              query={configs}
              searchText={searchText}
              onSearchText={setSearchText}
              searchRef={searchRef}
              filtered={Boolean(search.trim() || isActive)}
              focus={focus}
              onFocus={focusCard}
            />
          ),
          default: <DefaultTab />,
          stats: <StatsTab />,
        }}
      />
      <ConfigModal actor={modal} />
      <AnswerDialog
        open={!!deleteTarget}
        title={DELETE_QUESTION}
        description={deleteTarget?.title ?? ''}
        confirmLabel="Delete"
        busy={deleting}
        data-testid="delete-dialog"
        onConfirm={() => deleter.send({ type: 'confirm.accept' })}
        onCancel={() => deleter.send({ type: 'confirm.cancel' })}
      />
    </div>
  )
}
