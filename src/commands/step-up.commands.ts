/**
 * The step-up dialog's commands (step-up-gate.ts): confirm with the typed
 * 6-digit code (mod+enter; Enter in the code field too), send a new code (mod+shift+s), cancel
 * (escape, nothing changes). They read what the dialog publishes (`stepUp`) and send typed events
 * to the console's step-up actor.
 */
import type { StepUpActor } from '../machines/shared/step-up-gate'
import { isWellFormedCode } from '../machines/step-up.machine'
import type { Command, CommandContext } from './registry'

/** What the step-up dialog publishes while it is open. */
export interface StepUpHandle {
  actor: StepUpActor
  /** The code typed so far. */
  code: string
  /** Whether a code was sent (a failed send leaves nothing to confirm). */
  codeSent: boolean
  /** Sending or verifying a code. */
  busy: boolean
}

declare module './registry' {
  interface ViewCommandContext {
    stepUp?: StepUpHandle
  }
}

const GROUP = 'Confirm it is you'
const handle = (ctx: CommandContext) => ctx.view.stepUp
const open = (ctx: CommandContext) => !!handle(ctx)
const busy = (ctx: CommandContext) => (handle(ctx)?.busy ? 'Wait for the code to be checked or sent' : null)

export const stepUpCommands: Command[] = [
  {
    id: 'auth.stepUp.confirm',
    title: 'Confirm with the code',
    group: GROUP,
    shortcut: 'mod+enter',
    when: open,
    label: () => 'Confirm',
    disabledReason: (ctx) =>
      busy(ctx) ??
      (!handle(ctx)?.codeSent
        ? 'No code was sent: send a new code'
        : !isWellFormedCode(handle(ctx)?.code ?? '')
          ? 'Enter the 6-digit code'
          : null),
    run: (ctx) => handle(ctx)?.actor.send({ type: 'code.submit', otp: handle(ctx)?.code ?? '' }),
  },
  {
    id: 'auth.stepUp.resend',
    title: 'Send a new code',
    group: GROUP,
    shortcut: 'mod+shift+s',
    when: open,
    disabledReason: busy,
    run: (ctx) => handle(ctx)?.actor.send({ type: 'code.resend' }),
  },
  {
    id: 'auth.stepUp.cancel',
    title: 'Cancel the confirmation',
    group: GROUP,
    shortcut: 'escape',
    when: open,
    label: () => 'Cancel',
    run: (ctx) => handle(ctx)?.actor.send({ type: 'cancel' }),
  },
]
