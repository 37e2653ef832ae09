import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { CONTACT_LIMITS, REPLY_REQUIRED_MESSAGE, type ContactDetail } from '../../../src/api/schemas/contacts'
import {
  contactReplyMachine,
  isBlankReply,
  type ContactReplyEmitted,
  type ContactReplyEvent,
} from '../../../src/machines/contact-reply.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const replied = { _id: 'c1', email: 'asha@example.in', status: 'replied', reply: 'Thanks' } as ContactDetail

function start() {
  const sends: Array<{ input: { id: string; reply: string }; d: ReturnType<typeof deferred<ContactDetail>> }> = []
  const actor = createActor(
    contactReplyMachine.provide({
      actors: {
        sendReply: fromPromise(({ input }: { input: { id: string; reply: string } }) => {
          const d = deferred<ContactDetail>()
          sends.push({ input, d })
          return d.promise
        }),
      },
    }),
    { input: { contactId: 'c1' } },
  ).start()
  const emitted: ContactReplyEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, sends, emitted, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

describe('isBlankReply (SPEC.md 5)', () => {
  it('is true for empty and whitespace-only text (spaces, tabs, line breaks), false otherwise', () => {
    expect(['', '   ', '\n\t \r\n'].map(isBlankReply)).toEqual([true, true, true])
    expect(isBlankReply('  ok ')).toBe(false)
  })
})

describe('contactReplyMachine', () => {
  it('starts editing with an empty form for its contact', () => {
    const { ctx, state } = start()
    expect(state()).toBe('editing')
    expect(ctx()).toEqual({ contactId: 'c1', text: '', error: null })
  })

  it("a blank reply is never sent: editing stays editing with 'Please enter a reply message', typing clears it", () => {
    const { actor, sends, ctx, state, emitted } = start()
    actor.send({ type: 'reply.send' })
    actor.send({ type: 'reply.change', value: ' \n\t ' })
    expect(ctx().error).toBeNull()
    actor.send({ type: 'reply.send' })
    expect(state()).toBe('editing')
    expect(ctx().error).toBe(REPLY_REQUIRED_MESSAGE)
    expect(sends).toHaveLength(0)
    expect(emitted).toEqual([])
    actor.send({ type: 'reply.change', value: 'Hello' })
    expect(ctx()).toMatchObject({ text: 'Hello', error: null })
  })

  it('editing → sending → sent: sends the text as typed, clears the form, emits the replied contact and a toast', async () => {
    const { actor, sends, emitted, ctx, state } = start()
    actor.send({ type: 'reply.change', value: '  Dear Asha,\n\nYes, it ships with docs.  ' })
    actor.send({ type: 'reply.send' })
    expect(state()).toBe('sending')
    expect(sends[0].input).toEqual({ id: 'c1', reply: '  Dear Asha,\n\nYes, it ships with docs.  ' })
    sends[0].d.resolve(replied)
    await flush()
    expect(state()).toBe('sent')
    expect(ctx()).toMatchObject({ text: '', error: null })
    expect(emitted).toEqual([
      { type: 'reply.sent', contact: replied },
      { type: 'notify.success', text: 'Reply sent to asha@example.in' },
    ])
  })

  it("sending → failed: 'Failed to send reply: {reason}', the text kept; a retry from failed sends it again", async () => {
    const { actor, sends, emitted, ctx, state } = start()
    actor.send({ type: 'reply.change', value: 'Hello' })
    actor.send({ type: 'reply.send' })
    sends[0].d.reject(new ApiError(502, 'SMTP server refused the message'))
    await flush()
    expect(state()).toBe('failed')
    expect(ctx()).toMatchObject({ text: 'Hello', error: 'Failed to send reply: SMTP server refused the message' })
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to send reply: SMTP server refused the message' }])
    actor.send({ type: 'reply.send' })
    expect(state()).toBe('sending')
    expect(ctx().error).toBeNull()
    expect(sends[1].input).toEqual({ id: 'c1', reply: 'Hello' })
  })

  it("a failure without a reason says 'Request failed'; a 409 shows its reason and asks for the contact again", async () => {
    const plain = start()
    plain.actor.send({ type: 'reply.change', value: 'Hi' })
    plain.actor.send({ type: 'reply.send' })
    plain.sends[0].d.reject(new Error(''))
    await flush()
    expect(plain.ctx().error).toBe('Failed to send reply: Request failed')
    expect(plain.emitted.map((e) => e.type)).toEqual(['notify.error'])

    const conflict = start()
    conflict.actor.send({ type: 'reply.change', value: 'Hi' })
    conflict.actor.send({ type: 'reply.send' })
    conflict.sends[0].d.reject(new ApiError(409, 'This contact has already been replied to'))
    await flush()
    expect(conflict.state()).toBe('failed')
    expect(conflict.ctx()).toMatchObject({
      text: 'Hi',
      error: 'Failed to send reply: This contact has already been replied to',
    })
    expect(conflict.emitted).toEqual([
      { type: 'notify.error', text: 'Failed to send reply: This contact has already been replied to' },
      { type: 'contact.stale' },
    ])
  })

  it('failed → editing on typing (the error goes); failed → editing on a blank send (the required message)', async () => {
    const { actor, sends, ctx, state } = start()
    actor.send({ type: 'reply.change', value: 'Hi' })
    actor.send({ type: 'reply.send' })
    sends[0].d.reject(new ApiError(502, 'down'))
    await flush()
    actor.send({ type: 'reply.change', value: 'Hi again' })
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({ text: 'Hi again', error: null })
    actor.send({ type: 'reply.send' })
    sends[1].d.reject(new ApiError(502, 'down'))
    await flush()
    actor.send({ type: 'reply.change', value: '   ' })
    actor.send({ type: 'reply.send' })
    expect(state()).toBe('editing')
    expect(ctx().error).toBe(REPLY_REQUIRED_MESSAGE)
    expect(sends).toHaveLength(2)
  })

  it('sent → editing on typing (a form shown again, e.g. after Mark as Unread); a blank send from sent is refused', async () => {
    const { actor, sends, ctx, state } = start()
    actor.send({ type: 'reply.change', value: 'Hi' })
    actor.send({ type: 'reply.send' })
    sends[0].d.resolve(replied)
    await flush()
    actor.send({ type: 'reply.send' })
    expect(state()).toBe('editing')
    expect(ctx().error).toBe(REPLY_REQUIRED_MESSAGE)
    actor.send({ type: 'reply.change', value: 'More' })
    expect(ctx()).toMatchObject({ text: 'More', error: null })
    expect(sends).toHaveLength(1)
  })

  it('ignores typing and a second send while the reply is with the server', () => {
    const { actor, sends, ctx, state } = start()
    actor.send({ type: 'reply.change', value: 'Hi' })
    actor.send({ type: 'reply.send' })
    actor.send({ type: 'reply.change', value: 'late' })
    actor.send({ type: 'reply.send' })
    expect(state()).toBe('sending')
    expect(ctx().text).toBe('Hi')
    expect(sends).toHaveLength(1)
  })

  it('cuts the text at the reply limit', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'reply.change', value: 'x'.repeat(CONTACT_LIMITS.reply + 10) })
    expect(ctx().text).toHaveLength(CONTACT_LIMITS.reply)
  })
})

const EVENTS = [
  { type: 'reply.change', value: 'Hi' },
  { type: 'reply.change', value: ' ' },
  { type: 'reply.send' },
  { type: 'xstate.done.actor.sendReply', output: replied },
  { type: 'xstate.error.actor.sendReply', error: new ApiError(502, 'down') },
  { type: 'xstate.error.actor.sendReply', error: new ApiError(409, 'already') },
] as unknown as ContactReplyEvent[]
const paths = getSimplePaths(contactReplyMachine, {
  events: EVENTS,
  input: { contactId: 'c1' },
  serializeState: (s) => JSON.stringify([s.value, s.context.text, s.context.error]),
})

describe('contactReplyMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(unreached(contactReplyMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['sendReply'] as const)
      await replay(contactReplyMachine.provide({ actors: fakes.actors }), path, fakes, { contactId: 'c1' })
    },
  )
})
