/** Basic Details, Address, Social Media and Preferences sections of the user detail (SPEC.md 2, 3). */
import { SOCIAL_NETWORKS } from '../../../api/schemas/users'
import { YEAR_OPTIONS } from '../../../commands/user-detail.commands'
import { CommandSelect } from '../../../commands/command-select'
import { Field } from '../../../components/field'
import { formatDateTime } from '../../../lib/format'
import { DEFAULT_COUNTRY } from '../../../machines/user-sections.form'
import { Check, Fact, TextField, UserSectionCard, yesNo } from './user-section-card'

export function BasicSection() {
  return (
    <UserSectionCard
      section="basic"
      title="Basic Details"
      view={(u) => (
        <dl className="facts">
          <Fact label="Name">{u.name}</Fact>
          <Fact label="Email">{u.email}</Fact>
          <Fact label="Phone">{u.phone}</Fact>
          <Fact label="College">{u.college}</Fact>
          <Fact label="Course">{u.course}</Fact>
          <Fact label="Year">{u.year}</Fact>
          <Fact label="Joined">{formatDateTime(u.createdAt)}</Fact>
          <Fact label="Updated">{formatDateTime(u.updatedAt)}</Fact>
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-grid">
          <TextField d={d} change={change} name="name" label="Name" autoFocus />
          <TextField d={d} change={change} name="email" label="Email" type="email" />
          <TextField d={d} change={change} name="phone" label="Phone" type="tel" />
          <TextField d={d} change={change} name="college" label="College" />
          <TextField d={d} change={change} name="course" label="Course" />
          <Field label="Year">
            {(id) => <CommandSelect id={id} aria-label="Year" placeholder="Not set" options={YEAR_OPTIONS} />}
          </Field>
        </div>
      )}
    />
  )
}

export function AddressSection() {
  return (
    <UserSectionCard
      section="address"
      title="Address"
      view={(u) => (
        <dl className="facts">
          <Fact label="Street">{u.address.street}</Fact>
          <Fact label="City">{u.address.city}</Fact>
          <Fact label="State">{u.address.state}</Fact>
          <Fact label="Country">{u.address.country || DEFAULT_COUNTRY}</Fact>
          <Fact label="Pincode">{u.address.pincode}</Fact>
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-grid">
          <TextField d={d} change={change} name="street" label="Street" autoFocus />
          <TextField d={d} change={change} name="city" label="City" />
          <TextField d={d} change={change} name="state" label="State" />
          <TextField d={d} change={change} name="country" label="Country" />
          <TextField d={d} change={change} name="pincode" label="Pincode" />
        </div>
      )}
    />
  )
}

const NETWORK_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
}

export function SocialMediaSection() {
  return (
    <UserSectionCard
      section="socialMedia"
      title="Social Media"
      view={(u) => (
        <dl className="facts">
          {SOCIAL_NETWORKS.map((n) => (
            <Fact key={n} label={NETWORK_LABELS[n]}>
              {u.socialMedia[n]}
            </Fact>
          ))}
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-grid">
          {SOCIAL_NETWORKS.map((n, i) => (
            <TextField key={n} d={d} change={change} name={n} label={NETWORK_LABELS[n]} autoFocus={i === 0} />
          ))}
        </div>
      )}
    />
  )
}

export function PreferencesSection() {
  return (
    <UserSectionCard
      section="preferences"
      title="Preferences"
      view={(u) => (
        <dl className="facts">
          <Fact label="Newsletter">{yesNo(u.preferences.newsletter)}</Fact>
          <Fact label="Notifications">{yesNo(u.preferences.notifications)}</Fact>
          <Fact label="Marketing emails">{yesNo(u.preferences.marketingEmails)}</Fact>
        </dl>
      )}
      edit={() => (
        <div className="form-stack">
          <Check name="newsletter" label="Newsletter" />
          <Check name="notifications" label="Notifications" />
          <Check name="marketingEmails" label="Marketing emails" />
        </div>
      )}
    />
  )
}
