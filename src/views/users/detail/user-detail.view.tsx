/**
 * User detail (SPEC.md 2 "User detail", 3 "User", 6, 8): back, Activate/Deactivate, and one
 * section per group of PUT /api/users/{id} — Basic Details, Address, Status Flags, Agent
 * Settings, Social Media, Bank Details, Preferences — each edited and saved on its own, one at a
 * time (user-sections machine). 'User not found' for a 404; 'Error Loading User' with the message
 * (else 'Failed to load user') and Retry otherwise. The user's orders and contacts are not linked
 * from here.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { ArrowLeft, Power } from 'lucide-react'
import { useParams } from 'wouter'
import { ApiError } from '../../../api/client'
import type { UserDetail } from '../../../api/schemas/users'
import { invalidateUsers, useUser } from '../../../api/users'
import { useRecordOpened } from '../../../api/preferences'
import { CommandButton } from '../../../commands/command-button'
import { CommandRetry } from '../../../commands/command-retry'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import type { UserDetailHandle } from '../../../commands/user-detail.commands'
import { Badge } from '../../../components/badge'
import { PresenceBar, PresenceContext } from '../../../components/presence/presence'
import { usePresence } from '../../../components/presence/use-presence'
import { EmptyState, ErrorState, LoadingState } from '../../../components/states'
import { toast } from '../../../components/toast'
import { actorOptions } from '../../../machines/shared/inspect'
import { userSectionsMachine } from '../../../machines/user-sections.machine'
import { ROLE_TONE, roleLabel } from '../list/role-label'
import { AgentSection, BankSection, FlagsSection } from './account-sections'
import { AddressSection, BasicSection, PreferencesSection, SocialMediaSection } from './profile-sections'
import { UserSectionsContext } from './sections-context'
import { AuditTrail } from '../../audit/audit-trail'
import '../../../components/sections/sections.css'
import './user-detail.css'

/** The sections' titles by group, for 'Asha is editing Bank Details'. */
const SECTION_TITLES: Readonly<Record<string, string>> = {
  basic: 'Basic Details',
  address: 'Address',
  flags: 'Status Flags',
  agent: 'Agent Settings',
  socialMedia: 'Social Media',
  bankDetails: 'Bank Details',
  preferences: 'Preferences',
}

export default function UserDetailView() {
  const { id } = useParams<{ id: string }>()
  const { data, error, isPending, refetch } = useUser(id)
  useRecordOpened('user', data?._id, data?.name)
  if (isPending) return <LoadingState title="Loading user" />
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState
        title="User not found"
        description="It may have been deleted."
        action={<CommandButton id="users.detail.back" />}
      />
    )
  }
  if (error || !data)
    return (
      <ErrorState
        title="Error Loading User"
        message={error?.message || 'Failed to load user'}
        action={<CommandRetry retry={() => void refetch()} />}
      />
    )
  return <UserDetailPage key={data._id} user={data} />
}

function UserDetailPage({ user: loaded }: { user: UserDetail }) {
  const queryClient = useQueryClient()
  const sections = useActorRef(userSectionsMachine, actorOptions({ input: { user: loaded } }))
  const user = useSelector(sections, (s) => s.context.user)
  const editing = useSelector(sections, (s) => s.context.section)
  const draft = useSelector(sections, (s) => s.context.draft)
  const busy = useSelector(sections, (s) => !s.matches('viewing') && !s.matches('editing') && !s.matches('conflict'))
  const conflict = useSelector(sections, (s) => s.matches('conflict'))
  const revealed = useSelector(sections, (s) => s.context.revealed !== null)
  const viewers = usePresence('user', loaded._id, editing)

  // A newer copy of the user in the cache (a refetch, a save elsewhere) replaces the page's.
  useEffect(() => sections.send({ type: 'user.refresh', user: loaded }), [sections, loaded])

  useEffect(() => {
    const subs = [
      sections.on('notify.success', (e) => toast.success(e.text)),
      sections.on('notify.error', (e) => toast.error(e.text)),
      sections.on('user.saved', (e) => void invalidateUsers(queryClient, e.user)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [sections, queryClient])

  const handle = useMemo<UserDetailHandle>(
    () => ({
      actor: sections,
      isActive: user.isActive,
      editing,
      draft,
      busy,
      hasAccountNumber: user.bankDetails.accountNumber !== '',
      revealed,
      conflict,
    }),
    [sections, user.isActive, user.bankDetails.accountNumber, editing, draft, busy, revealed, conflict],
  )
  const published = useMemo(() => ({ userDetail: handle, focused: { kind: 'user', id: user._id } }), [handle, user._id])
  usePublishCommandContext(published)
  const role = roleLabel(user)

  return (
    <UserSectionsContext.Provider value={sections}>
      <PresenceContext.Provider value={viewers}>
        <div className="user-detail" data-testid="user-detail">
          <div className="project-detail__top">
            <CommandButton id="users.detail.back" variant="ghost" size="sm" icon={<ArrowLeft size={14} />} />
            <div className="project-detail__actions">
              <CommandButton id="users.detail.toggleActive" icon={<Power size={14} />} />
            </div>
          </div>
          <div className="project-detail__heading user-detail__heading">
            <h1>{user.name}</h1>
            <Badge tone={ROLE_TONE[role]}>{role}</Badge>
            <Badge tone={user.isActive ? 'success' : 'neutral'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
            <span className="muted user-detail__contact">{[user.email, user.phone].filter(Boolean).join(' · ')}</span>
            <PresenceBar titles={SECTION_TITLES} />
          </div>
          <div className="user-detail__grid">
            <div className="user-detail__column">
              <BasicSection />
              <AddressSection />
              <SocialMediaSection />
              <PreferencesSection />
            </div>
            <div className="user-detail__column">
              <FlagsSection />
              <AgentSection />
              <BankSection />
              <AuditTrail entityType="user" entityId={user._id} version={user.updatedAt} />
            </div>
          </div>
        </div>
      </PresenceContext.Provider>
    </UserSectionsContext.Provider>
  )
}
