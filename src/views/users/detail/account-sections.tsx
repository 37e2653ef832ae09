/**
 * Status Flags, Agent Settings and Bank Details sections of the user detail (SPEC.md 2, 3, 5, 6):
 * the role follows the flags; agent discount 0-50 % and commission 0-100 % (input bounds); the
 * referral and agent codes are read-only and shown once set; the account number is masked as the
 * API returns it until the Reveal command shows it, and typing a new one is the only way to send it.
 */
import { useSelector } from '@xstate/react'
import { Eye } from 'lucide-react'
import { AGENT_DISCOUNT_PERCENT, COMMISSION_RATE_PERCENT, type UserDetail } from '../../../api/schemas/users'
import { CommandButton } from '../../../commands/command-button'
import { CommandSelect } from '../../../commands/command-select'
import { AGENT_STATUS_OPTIONS } from '../../../commands/user-detail.commands'
import { Badge, type BadgeTone } from '../../../components/badge'
import { Field } from '../../../components/field'
import { formatPercent } from '../../../lib/format'
import { ROLE_TONE, roleLabel } from '../list/role-label'
import { useUserSections } from './sections-context'
import { Check, Fact, TextField, UserSectionCard, yesNo } from './user-section-card'

export function FlagsSection() {
  return (
    <UserSectionCard
      section="flags"
      title="Status Flags"
      view={(u) => (
        <dl className="facts">
          <Fact label="Role">
            <Badge tone={ROLE_TONE[roleLabel(u)]}>{roleLabel(u)}</Badge>
          </Fact>
          <Fact label="Active">{yesNo(u.isActive)}</Fact>
          <Fact label="Admin">{yesNo(u.isAdmin)}</Fact>
          <Fact label="Agent">{yesNo(u.isAgent)}</Fact>
          <Fact label="Email verified">{yesNo(u.isEmailVerified)}</Fact>
        </dl>
      )}
      edit={() => (
        <div className="form-grid">
          <Check name="isActive" label="Active" />
          <Check name="isAdmin" label="Admin" />
          <Check name="isAgent" label="Agent" />
          <Check name="isEmailVerified" label="Email verified" />
        </div>
      )}
    />
  )
}

const STATUS_TONE: Record<NonNullable<UserDetail['agentStatus']>, BadgeTone> = {
  pending: 'warning',
  active: 'success',
  inactive: 'neutral',
  suspended: 'danger',
}
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const code = (value: string | null) => (value ? <code className="user-detail__code">{value}</code> : null)

export function AgentSection() {
  return (
    <UserSectionCard
      section="agent"
      title="Agent Settings"
      view={(u) => (
        <dl className="facts">
          <Fact label="Agent">{yesNo(u.isAgent)}</Fact>
          <Fact label="Agent status">
            {u.agentStatus ? <Badge tone={STATUS_TONE[u.agentStatus]}>{capitalised(u.agentStatus)}</Badge> : ''}
          </Fact>
          <Fact label="Business name">{u.businessName}</Fact>
          <Fact label="Website">
            {u.websiteUrl ? (
              <a className="detail-link" href={u.websiteUrl} target="_blank" rel="noreferrer">
                {u.websiteUrl}
              </a>
            ) : (
              ''
            )}
          </Fact>
          <Fact label="Default discount">
            <span data-testid="agent-discount">{formatPercent(u.defaultDiscountPercent)}</span>
          </Fact>
          <Fact label="Commission rate">{formatPercent(u.commissionRate)}</Fact>
          {u.referralCode ? <Fact label="Referral code">{code(u.referralCode)}</Fact> : null}
          {u.agentCode ? (
            <Fact label="Agent code">
              <span data-testid="agent-code">{code(u.agentCode)}</span>
            </Fact>
          ) : null}
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-grid">
          <Check name="isAgent" label="Agent" />
          <Field label="Agent status">
            {(id) => (
              <CommandSelect id={id} aria-label="Agent status" placeholder="Not set" options={AGENT_STATUS_OPTIONS} />
            )}
          </Field>
          <TextField d={d} change={change} name="businessName" label="Business name" />
          <TextField d={d} change={change} name="websiteUrl" label="Website URL" type="url" placeholder="https://" />
          <TextField
            d={d}
            change={change}
            name="defaultDiscountPercent"
            label="Default discount (%)"
            type="number"
            step={0.01}
            min={AGENT_DISCOUNT_PERCENT.min}
            max={AGENT_DISCOUNT_PERCENT.max}
            hint={`${AGENT_DISCOUNT_PERCENT.min} to ${AGENT_DISCOUNT_PERCENT.max}`}
          />
          <TextField
            d={d}
            change={change}
            name="commissionRate"
            label="Commission rate (%)"
            type="number"
            step={0.01}
            min={COMMISSION_RATE_PERCENT.min}
            max={COMMISSION_RATE_PERCENT.max}
            hint={`${COMMISSION_RATE_PERCENT.min} to ${COMMISSION_RATE_PERCENT.max}`}
          />
        </div>
      )}
    />
  )
}

/** The account number as shown: the revealed one, else the masked one the API sent. */
function AccountNumber({ masked }: { masked: string }) {
  const revealed = useSelector(useUserSections(), (s) => s.context.revealed)
  return (
    <span className="user-detail__account" data-testid="account-number">
      {revealed ?? masked}
    </span>
  )
}

function RevealButton() {
  const revealing = useSelector(useUserSections(), (s) => s.matches('revealing'))
  return (
    <CommandButton
      id="users.detail.revealAccount"
      size="sm"
      variant="ghost"
      icon={<Eye size={12} />}
      loading={revealing}
    >
      Reveal
    </CommandButton>
  )
}

export function BankSection() {
  return (
    <UserSectionCard
      section="bankDetails"
      title="Bank Details"
      extra={<RevealButton />}
      view={(u) => (
        <dl className="facts">
          <Fact label="Account holder">{u.bankDetails.accountHolderName}</Fact>
          <Fact label="Account number">
            {u.bankDetails.accountNumber ? <AccountNumber masked={u.bankDetails.accountNumber} /> : ''}
          </Fact>
          <Fact label="Bank">{u.bankDetails.bankName}</Fact>
          <Fact label="Branch">{u.bankDetails.branchName}</Fact>
          <Fact label="IFSC code">
            <span className="user-detail__code">{u.bankDetails.ifscCode}</span>
          </Fact>
          <Fact label="UPI ID">{u.bankDetails.upiId}</Fact>
        </dl>
      )}
      edit={(d, change, u) => {
        const masked = u.bankDetails.accountNumber
        return (
          <div className="form-grid">
            <TextField d={d} change={change} name="accountHolderName" label="Account holder name" autoFocus />
            <TextField
              d={d}
              change={change}
              name="accountNumber"
              label="Account number"
              placeholder={masked || '6 to 18 digits'}
              hint={masked ? `Leave empty to keep ${masked}` : undefined}
            />
            <TextField d={d} change={change} name="bankName" label="Bank name" />
            <TextField d={d} change={change} name="branchName" label="Branch name" />
            <TextField d={d} change={change} name="ifscCode" label="IFSC code" placeholder="SBIN0001234" />
            <TextField d={d} change={change} name="upiId" label="UPI ID" placeholder="name@bank" />
          </div>
        )
      }}
    />
  )
}
