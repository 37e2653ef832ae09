/**
 * Sessions: the admin's signed-in devices (device, IP, signed in at, last used, en-IN;
 * 'This device' on the current one), each with Revoke (the current one asks first: it signs you
 * out), and 'Sign out everywhere else'. j/k move the focus, r or Enter revoke the focused one.
 */
import { useSelector } from '@xstate/react'
import type { UseQueryResult } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import type { ActorRefFrom } from 'xstate'
import { errorText } from '../../../api/error-text'
import type { Session } from '../../../api/schemas/auth'
import { CommandButton } from '../../../commands/command-button'
import { CommandRetry } from '../../../commands/command-retry'
import { Badge } from '../../../components/badge'
import { ConfirmDialog } from '../../../components/dialog'
import { EmptyState, ErrorState, LoadingState } from '../../../components/states'
import { Table, TableBody, TableCell, TableHeadCell, TableHeader, TableRow } from '../../../components/table'
import { formatDateTime } from '../../../lib/format'
import type { listFocusMachine } from '../../../machines/list-focus.machine'
import type { settingsSessionsMachine } from '../../../machines/settings-sessions.machine'

const COLUMNS = 'minmax(200px, 2fr) minmax(110px, 1fr) minmax(150px, 1fr) minmax(150px, 1fr) 150px'

export interface SessionsTabProps {
  query: UseQueryResult<Session[]>
  actor: ActorRefFrom<typeof settingsSessionsMachine>
  list: ActorRefFrom<typeof listFocusMachine>
  focusedId: string | undefined
}

export function SessionsTab({ query, actor, list, focusedId }: SessionsTabProps) {
  const confirming = useSelector(actor, (s) => s.matches('confirming'))
  const revokingId = useSelector(actor, (s) => (s.matches('revoking') ? s.context.target?._id : undefined))
  const sessions = query.data ?? []
  return (
    <div className="settings-sessions" data-testid="sessions-tab">
      <div className="settings-sessions__bar">
        <p className="muted">
          Devices signed in as you. J/K to move, R or Enter to revoke. A revoked device is signed out on its next
          request.
        </p>
        <CommandButton id="settings.sessions.revokeOthers" icon={<LogOut size={14} />} data-testid="revoke-others" />
      </div>
      {query.isPending ? (
        <LoadingState title="Loading sessions" />
      ) : query.error && !query.data ? (
        <ErrorState
          title="Error Loading Sessions"
          message={errorText(query.error, 'Failed to load sessions')}
          action={<CommandRetry retry={() => void query.refetch()} />}
        />
      ) : sessions.length === 0 ? (
        <EmptyState title="No active sessions" />
      ) : (
        <Table columns={COLUMNS} aria-label="Sessions" data-testid="sessions-table">
          <TableHeader>
            <TableHeadCell>Device</TableHeadCell>
            <TableHeadCell>IP</TableHeadCell>
            <TableHeadCell>Signed in</TableHeadCell>
            <TableHeadCell>Last used</TableHeadCell>
            <TableHeadCell>
              <span className="sr-only">Actions</span>
            </TableHeadCell>
          </TableHeader>
          <TableBody>
            {sessions.map((s, index) => (
              <TableRow
                key={s._id}
                active={s._id === focusedId}
                data-testid="session-row"
                data-current={s.current || undefined}
                onClick={() => list.send({ type: 'focus.set', index })}
              >
                <TableCell>
                  <span className="settings-sessions__device" title={s.userAgent}>
                    {s.device}
                  </span>
                  {s.current ? <Badge tone="success">This device</Badge> : null}
                </TableCell>
                <TableCell className="mono">{s.ip || '—'}</TableCell>
                <TableCell>{formatDateTime(s.signedInAt)}</TableCell>
                <TableCell>{formatDateTime(s.lastUsedAt)}</TableCell>
                <TableCell align="end">
                  <CommandButton
                    id="settings.sessions.revoke"
                    target={{ kind: 'session', id: s._id }}
                    size="sm"
                    variant="ghost"
                    loading={revokingId === s._id}
                    data-testid="revoke-session"
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'confirm.cancel' })
        }}
        title="Sign out this device?"
        description="This is the session you are using now: revoking it signs you out here."
        confirmLabel="Sign out"
        tone="danger"
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
      />
    </div>
  )
}
