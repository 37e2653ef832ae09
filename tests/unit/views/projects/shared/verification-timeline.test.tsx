/**
 * The verification timeline (src/views/projects/shared/verification-timeline.tsx) says under an
 * entry whether the owner was told of the decision by e-mail (decision 048), and nothing while
 * the mail waits.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { createRegistry } from '../../../../../src/commands/registry'
import { CommandContextReact } from '../../../../../src/commands/use-command-context'
import { createViewStore } from '../../../../../src/commands/view-store'
import { formatDateTime } from '../../../../../src/lib/format'
import { authMachine } from '../../../../../src/machines/auth.machine'
import { VerificationTimeline } from '../../../../../src/views/projects/shared/verification-timeline'
import { makeEntry } from '../../../../fixtures/project'

// The entry's Edit and Delete, hidden here: only the entry's text is under test.
const hidden = { group: 'Verification', run: vi.fn(), when: () => false }
const command = {
  ctx: { route: '/projects/p1', navigate: vi.fn(), auth: createActor(authMachine), view: {} },
  store: createViewStore(),
  registry: createRegistry([
    { id: 'projects.verification.editEntry', title: 'Edit entry', ...hidden },
    { id: 'projects.verification.deleteEntry', title: 'Delete entry', ...hidden },
  ]),
}

const text = (entries: Parameters<typeof VerificationTimeline>[0]['entries']) =>
  renderToStaticMarkup(
    <CommandContextReact.Provider value={command}>
      <VerificationTimeline entries={entries} />
    </CommandContextReact.Provider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('VerificationTimeline', () => {
  it('shows that the owner was told by e-mail, or why not; nothing while the mail waits', () => {
    const at = '2026-11-28T05:11:00.000Z'
    const shown = text([
      makeEntry({ _id: 'e1', ownerNotice: { outcome: 'sent', at } }),
      makeEntry({ _id: 'e2', status: 'rejected', ownerNotice: { outcome: 'notifications_off', at } }),
      makeEntry({ _id: 'e3', status: 'needs_changes' }),
    ])
    expect(shown).toContain(`Owner told by e-mail · ${formatDateTime(at)}`)
    expect(shown).toContain('Owner not told: notifications off')
    expect(shown.match(/Owner (not )?told/g)).toHaveLength(2)
  })
})
