/**
 * The bar a section shows when its save was refused as stale and fields conflict (decision 042):
 * who changed the record since it was opened, each conflicting field with Theirs and Mine (who
 * and when on hover or focus), and the `{prefix}.conflict.takeTheirs` / `.keepMine` commands. It
 * takes the focus when it appears, so the keys (t, m) and Tab reach its choices at once.
 */
import { useEffect, useRef } from 'react'
import { CommandButton } from '../../commands/command-button'
import { formatDateTime, formatRelativeTime } from '../../lib/format'
import { Tooltip } from '../tooltip'
import { conflictAuthors, type ConflictRow } from './conflict-rows'
import './conflict-bar.css'

export function ConflictBar({ rows, commandPrefix }: { rows: ConflictRow[]; commandPrefix: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <div
      ref={ref}
      className="conflict-bar"
      role="group"
      tabIndex={-1}
      aria-labelledby="conflict-bar-title"
      data-testid="conflict-bar"
    >
      <p id="conflict-bar-title" className="conflict-bar__title">
        Changed by {conflictAuthors(rows)} since you opened it
      </p>
      <table className="conflict-bar__table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Theirs</th>
            <th scope="col">Mine</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} data-testid={`conflict-${row.field}`}>
              <th scope="row">{row.label}</th>
              <td>
                <span className="conflict-bar__value" data-testid="conflict-theirs">
                  {row.theirs}
                </span>
                <Tooltip content={row.at ? formatDateTime(row.at) : 'When is not known'}>
                  <span className="conflict-bar__who faint" tabIndex={0}>
                    {row.by}
                    {row.at ? `, ${formatRelativeTime(row.at)}` : ''}
                  </span>
                </Tooltip>
              </td>
              <td>
                <span className="conflict-bar__value" data-testid="conflict-mine">
                  {row.mine}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="conflict-bar__actions">
        <CommandButton id={`${commandPrefix}.conflict.takeTheirs`} size="sm" showShortcut />
        <CommandButton id={`${commandPrefix}.conflict.keepMine`} size="sm" variant="primary" showShortcut />
      </div>
    </div>
  )
}
