/**
 * Settings (SPEC.md 2 "/settings", 5, 8): 'Settings' with four radix tabs, the open one
 * in ?tab= (profile | password | sessions | keyboard): Profile Settings and Change Password (each form a
 * machine, its banner green when the text says 'successfully', else red) and Sessions (the admin's
 * signed-in devices, each revocable, and 'Sign out everywhere else'). A saved profile or a first
 * password goes to the auth machine at once (header and sidebar); a password change and every
 * revoke refetch the sessions; revoking this device signs out. Keyboard: the single-key
 * shortcuts switch (its machine saves the preference; the answer updates the shared preferences
 * query, so the key handler follows at once) and the key hint bar's. Commands: settings.commands.ts.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { Tabs } from 'radix-ui'
import { useSearch } from 'wouter'
import type { Admin } from '../../api/schemas/auth'
import { setPreferences, usePreferences, usePreferencesLoaded } from '../../api/preferences'
import { invalidateSessions, useSessions } from '../../api/settings'
import { SETTINGS_TABS, type SettingsHandle, type SettingsTab } from '../../commands/settings.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { toast } from '../../components/toast'
import { actorOptions } from '../../machines/shared/inspect'
import { listFocusMachine } from '../../machines/list-focus.machine'
import { settingsKeyboardMachine } from '../../machines/settings-keyboard.machine'
import { settingsPasswordMachine } from '../../machines/settings-password.machine'
import { settingsProfileMachine } from '../../machines/settings-profile.machine'
import { settingsSessionsMachine } from '../../machines/settings-sessions.machine'
import { AuthActor } from '../layout/auth-context'
import { CommandTab } from './components/command-tab'
import { KeyboardTab } from './components/keyboard-tab'
import { PasswordForm } from './components/password-form'
import { ProfileForm } from './components/profile-form'
import { SessionsTab } from './components/sessions-tab'
import { ReasonTemplatesTab } from './components/reason-templates-tab'
import './settings.css'

const tabOf = (search: string): SettingsTab => {
  const tab = new URLSearchParams(search).get('tab')
  return SETTINGS_TABS.some(([value]) => value === tab) ? (tab as SettingsTab) : 'profile'
}

export default function SettingsView() {
  const admin = AuthActor.useSelector((s) => s.context.admin)
  // The protected layout renders screens only for a signed-in admin.
  return admin ? <Settings admin={admin} /> : null
}

function Settings({ admin }: { admin: Admin }) {
  const tab = tabOf(useSearch())
  const auth = AuthActor.useActorRef()
  const queryClient = useQueryClient()
  const sessionsQuery = useSessions()

  const profile = useActorRef(settingsProfileMachine, actorOptions({ input: { admin } }))
  const password = useActorRef(settingsPasswordMachine, actorOptions({ input: { hasPassword: admin.hasPassword } }))
  const sessions = useActorRef(settingsSessionsMachine, actorOptions())
  const list = useActorRef(listFocusMachine, actorOptions())
  const { singleKeyShortcuts } = usePreferences()
  const preferencesLoaded = usePreferencesLoaded()
  const keyboard = useActorRef(settingsKeyboardMachine, actorOptions({ input: { singleKeys: singleKeyShortcuts } }))
  useEffect(() => {
    keyboard.send({ type: 'preferences.loaded', singleKeys: singleKeyShortcuts })
  }, [keyboard, singleKeyShortcuts])

  useEffect(() => {
    const current = () => auth.getSnapshot().context.admin
    const subs = [
      profile.on('admin.updated', (e) => auth.send({ type: 'admin.update', admin: e.admin })),
      password.on('password.changed', () => {
        const signedIn = current()
        if (signedIn && !signedIn.hasPassword)
          auth.send({ type: 'admin.update', admin: { ...signedIn, hasPassword: true } })
        void invalidateSessions(queryClient)
      }),
      sessions.on('sessions.changed', (e) => {
        toast.success(e.text)
        void invalidateSessions(queryClient)
      }),
      sessions.on('session.ended', () => auth.send({ type: 'session.signOut' })),
      sessions.on('notify.error', (e) => toast.error(e.text)),
      keyboard.on('preferences.saved', (e) => {
        setPreferences(queryClient, e.preferences)
        toast.success(e.preferences.singleKeyShortcuts ? 'Single-key shortcuts are on' : 'Single-key shortcuts are off')
      }),
      keyboard.on('notify.error', (e) => toast.error(e.text)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [auth, profile, password, sessions, keyboard, queryClient])

  const rows = useMemo(() => sessionsQuery.data ?? [], [sessionsQuery.data])
  useEffect(() => {
    list.send({ type: 'rows.loaded', rows: rows.map((s) => ({ id: s._id })) })
  }, [rows, list])
  const focus = useSelector(list, (s) => s.context.focus)
  const profileBusy = useSelector(profile, (s) => s.matches('saving'))
  const passwordBusy = useSelector(password, (s) => s.matches('changing'))
  const sessionsBusy = useSelector(sessions, (s) => !s.matches('idle'))
  const keyboardBusy = useSelector(keyboard, (s) => s.matches('saving'))
  const singleKeys = useSelector(keyboard, (s) => s.context.singleKeys)
  const visible = useSelector(password, (s) => s.context.visible)
  const hasPassword = useSelector(password, (s) => s.context.hasPassword)
  const focusedId = tab === 'sessions' ? rows[focus]?._id : undefined

  const handle = useMemo<SettingsHandle>(
    () => ({
      tab,
      profile,
      password,
      sessions,
      keyboard,
      singleKeys,
      preferencesLoaded,
      list,
      rows,
      busy: profileBusy || passwordBusy || sessionsBusy || keyboardBusy,
      visible,
      hasPassword,
    }),
    [
      tab,
      profile,
      password,
      sessions,
      keyboard,
      singleKeys,
      preferencesLoaded,
      list,
      rows,
      profileBusy,
      passwordBusy,
      sessionsBusy,
      keyboardBusy,
      visible,
      hasPassword,
    ],
  )
  usePublishCommandContext(
    useMemo(
      () => ({
        settings: handle,
        focused: focusedId ? { kind: 'session', id: focusedId } : undefined,
      }),
      [handle, focusedId],
    ),
  )

  return (
    <div className="settings-screen" data-testid="settings-screen">
      <PageHeader
        title="Settings"
        description="Your profile, password, signed-in devices, reason templates and keyboard."
      />
      {/* Controlled by the URL: a tab's command (click, Enter, palette) opens ?tab=…; arrows only move focus. */}
      <Tabs.Root value={tab} activationMode="manual" className="settings-tabs">
        <Tabs.List className="settings-tabs__list" aria-label="Settings">
          {SETTINGS_TABS.map(([value]) => (
            <CommandTab key={value} id={`settings.tab.${value}`} value={value} />
          ))}
        </Tabs.List>
        <Tabs.Content value="profile" className="settings-tabs__panel">
          <ProfileForm actor={profile} />
        </Tabs.Content>
        <Tabs.Content value="password" className="settings-tabs__panel">
          <PasswordForm actor={password} />
        </Tabs.Content>
        <Tabs.Content value="sessions" className="settings-tabs__panel">
          <SessionsTab query={sessionsQuery} actor={sessions} focusedId={focusedId} list={list} />
        </Tabs.Content>
        <Tabs.Content value="templates" className="settings-tabs__panel">
          <ReasonTemplatesTab />
        </Tabs.Content>
        <Tabs.Content value="keyboard" className="settings-tabs__panel">
          <KeyboardTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
