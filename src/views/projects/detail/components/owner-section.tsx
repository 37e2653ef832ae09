/**
 * Owner section (SPEC.md 2 "Owner selection"): a searchable list of users by name or e-mail; the
 * search asks the server 300 ms after typing stops (SPEC.md 9). Each user and 'Clear owner' are
 * the `projects.owner.*` commands; the found users are published for them.
 */
import { useMemo, useState } from 'react'
import { useDebounce } from 'use-debounce'
import { useUserSearch } from '../../../../api/users'
import { CommandButton } from '../../../../commands/command-button'
import { CommandLink } from '../../../../commands/command-link'
import { usePublishCommandContext } from '../../../../commands/use-command-context'
import { Field, Input } from '../../../../components/field'
import type { SectionDraft } from '../../../../machines/project-sections.machine'
import { SectionCard } from '../section-card'

/** SPEC.md 9: search debounce. */
export const OWNER_SEARCH_DEBOUNCE_MS = 300

function OwnerPicker({ d }: { d: SectionDraft }) {
  const [search, setSearch] = useState('')
  const [query] = useDebounce(search, OWNER_SEARCH_DEBOUNCE_MS)
  const users = useUserSearch(query, true)
  usePublishCommandContext(useMemo(() => ({ ownerSearch: { users: users.data ?? [] } }), [users.data]))
  return (
    <div className="form-stack">
      <p>
        Current: <strong>{String(d.ownerLabel || 'No owner')}</strong>
      </p>
      <Field label="Find a user by name or e-mail">
        {(id) => (
          <Input
            id={id}
            type="search"
            value={search}
            placeholder="Name or e-mail"
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </Field>
      {users.error ? <p className="banner banner--error">Could not load users: {users.error.message}</p> : null}
      <ul className="owner-list" aria-label="Users">
        {(users.data ?? []).map((u) => (
          <li key={u._id}>
            <CommandLink
              id="projects.owner.pick"
              target={{ kind: 'user', id: u._id }}
              plain
              className="owner-list__item"
            >
              <span>{u.name}</span>
              <span className="faint">{u.email}</span>
            </CommandLink>
          </li>
        ))}
        {users.data && users.data.length === 0 ? <li className="faint">No users match</li> : null}
      </ul>
      <div>
        <CommandButton id="projects.owner.clear" size="sm" variant="ghost">
          Clear owner
        </CommandButton>
      </div>
    </div>
  )
}

export function OwnerSection() {
  return (
    <SectionCard
      section="owner"
      title="Owner"
      view={(p) =>
        p.projectOwner ? (
          <p>
            <strong>{p.projectOwner.name}</strong> <span className="faint">{p.projectOwner.email}</span>
          </p>
        ) : (
          <p className="faint">No owner assigned</p>
        )
      }
      edit={(d) => <OwnerPicker d={d} />}
    />
  )
}
