/** Owner section (SPEC.md 2 "Owner selection"): a searchable list of users by name or e-mail. */
import { useState } from 'react'
import { useUserSearch } from '../../../api/projects'
import { Button } from '../../../components/button'
import { Field, Input } from '../../../components/field'
import type { SectionDraft } from '../../../machines/project-sections.machine'
import { SectionCard } from './section-card'

function OwnerPicker({ d, change }: { d: SectionDraft; change: (patch: SectionDraft) => void }) {
  const [search, setSearch] = useState('')
  const users = useUserSearch(search, true)
  return (
    <div className="form-stack">
      <p>Current: <strong>{String(d.ownerLabel || 'No owner')}</strong></p>
      <Field label="Find a user by name or e-mail">
        {(id) => <Input id={id} type="search" value={search} placeholder="Name or e-mail" onChange={(e) => setSearch(e.target.value)} />}
      </Field>
      {users.error ? <p className="banner banner--error">Could not load users: {users.error.message}</p> : null}
      <ul className="owner-list" aria-label="Users">
        {(users.data ?? []).map((u) => (
          <li key={u._id}>
            <button type="button" className="owner-list__item" aria-pressed={d.projectOwner === u._id}
              onClick={() => change({ projectOwner: u._id, ownerLabel: `${u.name} (${u.email})` })}>
              <span>{u.name}</span><span className="faint">{u.email}</span>
            </button>
          </li>
        ))}
        {users.data && users.data.length === 0 ? <li className="faint">No users match</li> : null}
      </ul>
      <div><Button size="sm" variant="ghost" onClick={() => change({ projectOwner: '', ownerLabel: '' })}>Clear owner</Button></div>
    </div>
  )
}

export function OwnerSection() {
  return (
    <SectionCard
      section="owner" title="Owner"
      view={(p) => (p.projectOwner
        ? <p><strong>{p.projectOwner.name}</strong> <span className="faint">{p.projectOwner.email}</span></p>
        : <p className="faint">No owner assigned</p>)}
      edit={(d, change) => <OwnerPicker d={d} change={change} />}
    />
  )
}
