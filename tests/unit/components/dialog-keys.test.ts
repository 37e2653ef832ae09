/** mod+Enter in a dialog presses its confirming button (confirmOnModEnter), once, and only when it may. */
import type { KeyboardEvent } from 'react'
import { describe, expect, it } from 'vitest'
import { confirmOnModEnter } from '../../../src/components/dialog'

type Button = { disabled: boolean; clicks: number; getAttribute: () => string | null; click: () => void }
const button = (disabled = false): Button => {
  const b: Button = { disabled, clicks: 0, getAttribute: () => null, click: () => void (b.clicks += 1) }
  return b
}

/** A keydown in a dialog whose footer holds `buttons` (primary/danger, in order). */
function press(buttons: Button[], init: { key?: string; ctrlKey?: boolean; metaKey?: boolean; handled?: boolean }) {
  const event = {
    key: init.key ?? 'Enter',
    ctrlKey: init.ctrlKey ?? false,
    metaKey: init.metaKey ?? false,
    defaultPrevented: init.handled ?? false,
    nativeEvent: { isComposing: false },
    currentTarget: { querySelectorAll: () => buttons },
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  confirmOnModEnter(event as unknown as KeyboardEvent<HTMLElement>)
  return event
}

describe('confirmOnModEnter', () => {
  it('Ctrl+Enter and ⌘+Enter click the last confirming button (a prompt, a command footer) and claim the key', () => {
    const approve = button()
    expect(press([approve], { ctrlKey: true }).defaultPrevented).toBe(true)
    const [another, open] = [button(), button()]
    press([another, open], { metaKey: true })
    expect([approve.clicks, another.clicks, open.clicks]).toEqual([1, 0, 1])
  })
  it('a disabled confirming button is left to the key handler (it says why); plain Enter and handled keys do nothing', () => {
    const reject = button(true)
    expect(press([reject], { ctrlKey: true }).defaultPrevented).toBe(false)
    const save = button()
    press([save], {})
    press([save], { ctrlKey: true, handled: true })
    press([], { ctrlKey: true })
    expect([reject.clicks, save.clicks]).toEqual([0, 0])
  })
})
