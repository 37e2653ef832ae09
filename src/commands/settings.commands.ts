/**
 * Settings commands (SPEC.md 2 "/settings"; Keyboard): the four tabs (also
 * from anywhere: they open /settings?tab=…; 'Change Password' is the palette's 'Change
 * password'), Save Changes and Change Password (mod+enter on their tab), the show/hide toggles,
 * on the Sessions tab j/k focus, r or Enter revokes the focused session (or a row's own button),
 * 'Sign out everywhere else', and on the Keyboard tab the single-key shortcuts switch. They read
 * what the settings view publishes (`settings`) and send events to its actors.
 */
import type { ActorRefFrom } from 'xstate'
import type { Session } from '../api/schemas/auth'
import type { listFocusMachine } from '../machines/list-focus.machine'
import type { settingsKeyboardMachine } from '../machines/settings-keyboard.machine'
import type { settingsPasswordMachine } from '../machines/settings-password.machine'
import type { settingsProfileMachine } from '../machines/settings-profile.machine'
import type { settingsSessionsMachine } from '../machines/settings-sessions.machine'
import type { Command, CommandContext } from './registry'

/** The Settings tabs, in order: URL value (?tab=) and title. */
export const SETTINGS_TABS = [
  ['profile', 'Profile Settings'],
  ['password', 'Change Password'],
  ['sessions', 'Sessions'],
  // The saved reason templates of verification decisions (reason-templates.commands.ts).
  ['templates', 'Reason templates'],
  // Single-key shortcuts and the key hints (decision 018).
  ['keyboard', 'Keyboard'],
] as const
export type SettingsTab = (typeof SETTINGS_TABS)[number][0]

/** What the settings view publishes for its commands. */
export interface SettingsHandle {
  tab: SettingsTab
  profile: ActorRefFrom<typeof settingsProfileMachine>
  password: ActorRefFrom<typeof settingsPasswordMachine>
  sessions: ActorRefFrom<typeof settingsSessionsMachine>
  /** The Keyboard tab's single-key shortcuts switch. */
  keyboard: ActorRefFrom<typeof settingsKeyboardMachine>
  /** Whether single-key shortcuts are on, as the switch shows it. */
  singleKeys: boolean
  /** Whether the saved preferences have arrived (until then the switch would show the default). */
  preferencesLoaded: boolean
  list: ActorRefFrom<typeof listFocusMachine>
  /** The loaded sessions, in list order. */
  rows: readonly Session[]
  /** Whether a save, a password change, a sign-out or a keyboard setting is under way. */
  busy: boolean
  /** Current visibility of the password inputs with a toggle. */
  visible: { current: boolean; next: boolean }
  /** Whether Current Password is shown (the admin has a password). */
  hasPassword: boolean
}

declare module './registry' {
  interface ViewCommandContext {
    settings?: SettingsHandle
  }
}

const GROUP = 'Settings'
const settings = (ctx: CommandContext) => ctx.view.settings
const onTab = (tab: SettingsTab) => (ctx: CommandContext) => settings(ctx)?.tab === tab
const busy = (ctx: CommandContext) => (settings(ctx)?.busy ? 'Wait for the current change to finish' : null)
const focusedSession = (ctx: CommandContext) =>
  ctx.view.focused?.kind === 'session' ? settings(ctx)?.rows.find((s) => s._id === ctx.view.focused?.id) : undefined
const revokeFocused = (ctx: CommandContext) => {
  const session = focusedSession(ctx)
  if (session) settings(ctx)?.sessions.send({ type: 'session.revoke', session })
}
const revokeLabel = (ctx: CommandContext) => (focusedSession(ctx)?.current ? 'Sign out this device' : 'Revoke session')

const tabCommands: Command[] = SETTINGS_TABS.map(([tab, title]) => ({
  id: `settings.tab.${tab}`,
  title,
  group: GROUP,
  keywords:
    tab === 'password'
      ? ['change password', 'new password']
      : tab === 'sessions'
        ? ['devices', 'signed in']
        : tab === 'templates'
          ? ['reasons', 'notes', 'verification', 'triage']
          : tab === 'keyboard'
            ? ['shortcuts', 'keys', 'single-key', 'hotkeys', 'accessibility']
            : ['name', 'email', 'phone', 'profile'],
  // A tab is always reachable; on /settings the tab strip shows the open one as selected.
  run: (ctx) => ctx.navigate(`/settings?tab=${tab}`),
}))

export const settingsCommands: Command[] = [
  ...tabCommands,
  {
    id: 'settings.profile.save',
    title: 'Save Changes',
    group: GROUP,
    shortcut: 'mod+enter',
    when: onTab('profile'),
    disabledReason: busy,
    keywords: ['profile', 'save'],
    run: (ctx) => settings(ctx)?.profile.send({ type: 'profile.save' }),
  },
  {
    id: 'settings.password.submit',
    title: 'Save the new password',
    label: () => 'Change Password',
    group: GROUP,
    shortcut: 'mod+enter',
    when: onTab('password'),
    disabledReason: busy,
    run: (ctx) => settings(ctx)?.password.send({ type: 'password.submit' }),
  },
  {
    id: 'settings.password.toggleCurrent',
    title: 'Show / hide the current password',
    group: GROUP,
    when: (ctx) => onTab('password')(ctx) && !!settings(ctx)?.hasPassword,
    label: (ctx) => (settings(ctx)?.visible.current ? 'Hide current password' : 'Show current password'),
    checked: (ctx) => !!settings(ctx)?.visible.current,
    run: (ctx) => settings(ctx)?.password.send({ type: 'password.toggleVisibility', field: 'current' }),
  },
  {
    id: 'settings.password.toggleNew',
    title: 'Show / hide the new password',
    group: GROUP,
    when: onTab('password'),
    label: (ctx) => (settings(ctx)?.visible.next ? 'Hide new password' : 'Show new password'),
    checked: (ctx) => !!settings(ctx)?.visible.next,
    run: (ctx) => settings(ctx)?.password.send({ type: 'password.toggleVisibility', field: 'next' }),
  },
  {
    id: 'settings.sessions.focusNext',
    title: 'Next session',
    group: GROUP,
    shortcut: 'j',
    when: onTab('sessions'),
    run: (ctx) => settings(ctx)?.list.send({ type: 'focus.next' }),
  },
  {
    id: 'settings.sessions.focusPrev',
    title: 'Previous session',
    group: GROUP,
    shortcut: 'k',
    when: onTab('sessions'),
    run: (ctx) => settings(ctx)?.list.send({ type: 'focus.prev' }),
  },
  {
    id: 'settings.sessions.revoke',
    title: 'Revoke the focused session',
    label: revokeLabel,
    group: GROUP,
    shortcut: 'r',
    when: onTab('sessions'),
    keywords: ['sign out', 'session', 'device'],
    disabledReason: (ctx) => busy(ctx) ?? (focusedSession(ctx) ? null : 'Focus a session with J/K first'),
    run: revokeFocused,
  },
  {
    id: 'settings.sessions.revokeEnter',
    title: 'Revoke the focused session (Enter)',
    label: revokeLabel,
    group: GROUP,
    shortcut: 'enter',
    when: (ctx) => onTab('sessions')(ctx) && !!focusedSession(ctx),
    disabledReason: busy,
    run: revokeFocused,
  },
  {
    id: 'settings.keyboard.singleKeys',
    title: 'Turn single-key shortcuts on / off',
    group: GROUP,
    when: onTab('keyboard'),
    keywords: ['keyboard', 'shortcuts', 'keys', 'hotkeys', 'accessibility', 'screen reader'],
    label: (ctx) => (settings(ctx)?.singleKeys ? 'Turn single-key shortcuts off' : 'Turn single-key shortcuts on'),
    checked: (ctx) => !!settings(ctx)?.singleKeys,
    disabledReason: (ctx) => busy(ctx) ?? (settings(ctx)?.preferencesLoaded ? null : 'Loading your keyboard setting'),
    run: (ctx) => settings(ctx)?.keyboard.send({ type: 'singleKeys.toggle' }),
  },
  {
    id: 'settings.sessions.revokeOthers',
    title: 'Sign out everywhere else',
    group: GROUP,
    when: (ctx) => !!settings(ctx),
    keywords: ['sessions', 'devices', 'sign out', 'revoke'],
    disabledReason: (ctx) =>
      busy(ctx) ??
      (settings(ctx)?.rows.length && settings(ctx)?.rows.every((s) => s.current) ? 'No other sessions' : null),
    run: (ctx) => settings(ctx)?.sessions.send({ type: 'sessions.revokeOthers' }),
  },
]
