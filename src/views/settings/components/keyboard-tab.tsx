/**
 * Settings → Keyboard: 'Single-key shortcuts' (saved with the admin's preferences, so
 * it follows them to every browser) and 'Key hints' (this browser), each a switch run by its
 * command. Off, single-key shortcuts leave typing and assistive technology alone (WCAG 2.1.4).
 */
import { CommandSwitch } from '../../../commands/command-switch'
import { Kbd } from '../../../components/kbd'

export function KeyboardTab() {
  return (
    <div className="settings-form" data-testid="keyboard-tab">
      <CommandSwitch
        id="settings.keyboard.singleKeys"
        label="Single-key shortcuts"
        description={
          <>
            Keys without Ctrl/⌘ such as <Kbd>J</Kbd>, <Kbd>X</Kbd> and sequences like <Kbd>G</Kbd> <Kbd>D</Kbd>. Off,
            only Ctrl/⌘ shortcuts, Escape, Enter and the arrows act; the palette (<Kbd>Ctrl/⌘ K</Kbd>) runs everything.
          </>
        }
      />
      <CommandSwitch
        id="app.toggleHints"
        label="Key hints"
        description="The line of keys for the current screen at the bottom of the console (wide windows only)."
      />
    </div>
  )
}
