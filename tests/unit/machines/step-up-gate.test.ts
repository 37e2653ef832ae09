/**
 * The step-up gate: any call through one step-up actor — passed through when no step-up is asked
 * for, the dialog (the actor's 'dialog' states) and one retry when it is, StepUpCancelled on
 * cancel, the call's own error otherwise, one call at a time.
 */
import { describe, expect, it } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { STEP_UP_REQUIRED } from '../../../src/api/schemas/step-up'
import { createStepUpGate, isStepUpCancelled, StepUpCancelled } from '../../../src/machines/shared/step-up-gate'
import { stepUpMachine } from '../../../src/machines/step-up.machine'

const stepUp = () => new ApiError(403, 'Confirm it is you', undefined, STEP_UP_REQUIRED)

function gate() {
  const verified: string[] = []
  const g = createStepUpGate(
    stepUpMachine.provide({
      actors: {
        sendCode: fromPromise(async () => ({
          sessionToken: 'st-1',
          message: 'A confirmation code has been sent to admin@example.com.',
        })),
        verifyCode: fromPromise<void, { otp: string; sessionToken: string }>(async ({ input }) => {
          verified.push(input.otp)
          if (input.otp !== '424242') throw new ApiError(400, 'Invalid or expired OTP')
        }),
      },
    }),
  )
  const dialog = () => waitFor(g.actor, (s) => s.matches('awaitingCode'), { timeout: 1000 })
  return { g, verified, dialog }
}

/** A call answering from a queue: an Error entry rejects. */
function calls(...answers: unknown[]) {
  let count = 0
  const call = async () => {
    count += 1
    const next = answers.shift()
    if (next instanceof Error) throw next
    return next
  }
  return { call, made: () => count }
}

describe('step-up gate', () => {
  it('passes a call through when no step-up is asked for, and the call may run again later', async () => {
    const { g } = gate()
    const c = calls('first', 'second')
    await expect(g.run(c.call)).resolves.toBe('first')
    await expect(g.run(c.call)).resolves.toBe('second')
    expect(g.actor.getSnapshot().hasTag('dialog')).toBe(false)
  })

  it("rejects with the call's own error (the server's errors kept) and leaves the actor ready", async () => {
    const { g } = gate()
    const invalid = new ApiError(400, 'Validation failed', ['IFSC code must look like SBIN0001234'])
    await expect(g.run(calls(invalid).call)).rejects.toBe(invalid)
    expect(g.actor.getSnapshot().value).toBe('idle')
    await expect(g.run(calls('ok').call)).resolves.toBe('ok')
  })

  it('on step_up_required opens the dialog, keeps the typed digits, verifies the code and retries once', async () => {
    const { g, verified, dialog } = gate()
    const c = calls(stepUp(), { saved: true })
    const result = g.run(c.call)
    await dialog()
    expect(g.actor.getSnapshot().hasTag('dialog')).toBe(true)
    g.actor.send({ type: 'code.change', code: '11 11 11 9' })
    expect(g.actor.getSnapshot().context.code).toBe('111111')
    g.actor.send({ type: 'code.submit', otp: '111111' })
    await waitFor(g.actor, (s) => s.matches('awaitingCode') && s.context.error !== null, { timeout: 1000 })
    expect(g.actor.getSnapshot().context.error).toBe('Invalid or expired OTP')
    g.actor.send({ type: 'code.change', code: '424242' })
    g.actor.send({ type: 'code.submit', otp: g.actor.getSnapshot().context.code })
    await expect(result).resolves.toEqual({ saved: true })
    expect(verified).toEqual(['111111', '424242'])
    expect(c.made()).toBe(2)
    expect(g.actor.getSnapshot().context.code).toBe('')
  })

  it('cancel rejects with StepUpCancelled and makes no second call', async () => {
    const { g, dialog } = gate()
    const c = calls(stepUp(), 'never')
    const result = g.run(c.call)
    await dialog()
    g.actor.send({ type: 'cancel' })
    const error = await result.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StepUpCancelled)
    expect(isStepUpCancelled(error)).toBe(true)
    expect(isStepUpCancelled(stepUp())).toBe(false)
    expect(c.made()).toBe(1)
  })

  it("rejects with the retry's error when the call fails after the code", async () => {
    const { g, dialog } = gate()
    const conflict = new ApiError(409, 'The last active admin cannot be demoted')
    const result = g.run(calls(stepUp(), conflict).call)
    await dialog()
    g.actor.send({ type: 'code.submit', otp: '424242' })
    await expect(result).rejects.toBe(conflict)
  })

  it('runs calls one at a time: a second waits for the first confirmation', async () => {
    const { g, dialog } = gate()
    const order: string[] = []
    const first = g.run(async () => {
      order.push('first')
      if (order.length === 1) throw stepUp()
      return 1
    })
    const second = g.run(async () => {
      order.push('second')
      return 2
    })
    await dialog()
    expect(order).toEqual(['first'])
    g.actor.send({ type: 'code.submit', otp: '424242' })
    await expect(first).resolves.toBe(1)
    await expect(second).resolves.toBe(2)
    expect(order).toEqual(['first', 'first', 'second'])
  })
})
