/**
 * The step-up machine: every transition on its own, a model-based walk of every simple
 * path (which must take every transition the machine defines), and the whole loop over the real
 * API client and step-up calls against a fake server that wants a fresh code.
 */
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyStateNode } from 'xstate'
import * as v from 'valibot'
import { ApiError, createApiClient, isStepUpRequired } from '../../../src/api/client'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'
import { createStepUpApi } from '../../../src/api/step-up'
import { STEP_UP_REQUIRED } from '../../../src/api/schemas/step-up'
import { isWellFormedCode, stepUpMachine, type StepUpEvent } from '../../../src/machines/step-up.machine'
import { fakeActors, replay, unreached } from './model-walk'

const REASON = 'Changing commission needs a fresh confirmation: enter the code we send to your e-mail.'
const stepUp = () => new ApiError(403, REASON, undefined, STEP_UP_REQUIRED)
const settle = () => new Promise((r) => setTimeout(r, 0))

/** A live actor whose I/O answers from queues (one entry per call; an Error entry rejects). */
function start(answers: { performAction?: unknown[]; sendCode?: unknown[]; verifyCode?: unknown[] }) {
  const calls: Array<[string, unknown]> = []
  const fake = (name: keyof typeof answers) =>
    fromPromise<any, any>(async ({ input }) => {
      calls.push([name, input])
      const next = (answers[name] ?? []).shift()
      if (next instanceof Error) throw next
      return next
    })
  const actor = createActor(
    stepUpMachine.provide({
      actors: { performAction: fake('performAction'), sendCode: fake('sendCode'), verifyCode: fake('verifyCode') },
    }),
  ).start()
  const state = () => actor.getSnapshot()
  /** Resolves once the actor rests in `value` (1 s at most). */
  const until = (value: string) => waitFor(actor, (s) => s.value === value, { timeout: 1000 })
  return {
    actor,
    calls,
    state,
    until,
    send: async (event: StepUpEvent) => {
      actor.send(event)
      await settle()
    },
  }
}

const SENT = { sessionToken: 'st-1', message: 'A confirmation code has been sent to admin@example.com.' }

describe('stepUpMachine, transition by transition', () => {
  it('idle → running → done keeps the result when no step-up is needed', async () => {
    const { state, send, calls } = start({ performAction: [{ saved: true }] })
    expect(state().value).toBe('idle')
    await send({ type: 'run' })
    expect(state().value).toBe('done')
    expect(state().context.result).toEqual({ saved: true })
    expect(calls.map(([name]) => name)).toEqual(['performAction'])
  })

  it('running → failed on any other error, with its message; failed → dismiss → idle; failed → run → running', async () => {
    const { state, send } = start({
      performAction: [new ApiError(409, 'This email is already used by another user'), { ok: 1 }],
    })
    await send({ type: 'run' })
    expect(state().value).toBe('failed')
    expect(state().context.error).toBe('This email is already used by another user')
    expect(state().hasTag('dialog')).toBe(false)
    await send({ type: 'dismiss' })
    expect(state().value).toBe('idle')
    expect(state().context.error).toBeNull()
    const again = start({ performAction: [new ApiError(500, 'Boom'), { ok: 1 }] })
    await again.send({ type: 'run' })
    await again.send({ type: 'run' })
    expect(again.state().value).toBe('done')
  })

  it("running → sending → awaitingCode on step_up_required, with the server's reason and the notice; the dialog is open", async () => {
    const { state, send, actor, until } = start({ performAction: [stepUp()], sendCode: [SENT, SENT] })
    actor.send({ type: 'run' })
    expect(state().value).toBe('running')
    await until('sending')
    expect(state().context.reason).toBe(REASON)
    await until('awaitingCode')
    expect(state().context).toMatchObject({ sessionToken: 'st-1', reason: REASON, notice: SENT.message, error: null })
    expect(state().hasTag('dialog')).toBe(true)
    await send({ type: 'code.resend' })
    expect(state().value).toBe('awaitingCode')
    expect(state().context.reason).toBe(REASON)
    await send({ type: 'cancel' })
    expect(state().context.reason).toBeNull()
  })

  it('awaitingCode ignores a malformed code, verifies a 6-digit one (trimmed) and retries the request', async () => {
    const { state, send, calls } = start({
      performAction: [stepUp(), { saved: 2 }],
      sendCode: [SENT],
      verifyCode: [undefined],
    })
    await send({ type: 'run' })
    await settle()
    await send({ type: 'code.submit', otp: '12a456' })
    expect(state().value).toBe('awaitingCode')
    await send({ type: 'code.submit', otp: ' 123456 ' })
    await settle()
    expect(state().value).toBe('done')
    expect(state().context.result).toEqual({ saved: 2 })
    expect(calls).toEqual([
      ['performAction', undefined],
      ['sendCode', undefined],
      ['verifyCode', { otp: '123456', sessionToken: 'st-1' }],
      ['performAction', undefined],
    ])
  })

  it('verifying → awaitingCode with the server message on a wrong code; a second try can succeed', async () => {
    const { state, send } = start({
      performAction: [stepUp(), 'ok'],
      sendCode: [SENT],
      verifyCode: [new ApiError(400, 'Invalid or expired OTP'), undefined],
    })
    await send({ type: 'run' })
    await settle()
    await send({ type: 'code.submit', otp: '000000' })
    expect(state().value).toBe('awaitingCode')
    expect(state().context.error).toBe('Invalid or expired OTP')
    await send({ type: 'code.submit', otp: '111111' })
    await settle()
    expect(state().value).toBe('done')
  })

  it('a failed send keeps the dialog with the message and no submit until a resend works', async () => {
    const { state, send } = start({
      performAction: [stepUp()],
      sendCode: [new ApiError(429, 'Too many OTP requests. Please try again in 3 minutes.'), SENT],
    })
    await send({ type: 'run' })
    await settle()
    expect(state().value).toBe('awaitingCode')
    expect(state().context).toMatchObject({
      sessionToken: null,
      error: 'Too many OTP requests. Please try again in 3 minutes.',
    })
    await send({ type: 'code.submit', otp: '123456' })
    expect(state().value).toBe('awaitingCode')
    await send({ type: 'code.resend' })
    await settle()
    expect(state().context).toMatchObject({ sessionToken: 'st-1', error: null })
  })

  it('cancel from sending or awaitingCode goes back to idle without retrying', async () => {
    const waiting = start({ performAction: [stepUp()], sendCode: [SENT] })
    waiting.actor.send({ type: 'run' })
    await waiting.until('sending')
    waiting.actor.send({ type: 'cancel' })
    expect(waiting.state().value).toBe('idle')
    const asked = start({ performAction: [stepUp()], sendCode: [SENT] })
    await asked.send({ type: 'run' })
    await settle()
    await asked.send({ type: 'cancel' })
    expect(asked.state().value).toBe('idle')
    expect(asked.state().context).toMatchObject({ sessionToken: null, notice: null, error: null })
    expect(asked.calls.filter(([name]) => name === 'performAction')).toHaveLength(1)
  })

  it('retrying → failed, never a second dialog, when the retry fails (even with step_up_required)', async () => {
    const { state, send } = start({ performAction: [stepUp(), stepUp()], sendCode: [SENT], verifyCode: [undefined] })
    await send({ type: 'run' })
    await settle()
    await send({ type: 'code.submit', otp: '123456' })
    await settle()
    expect(state().value).toBe('failed')
    expect(state().context.error).toBe(REASON)
  })

  it('done → run → running starts over with a clean context', async () => {
    const { state, send } = start({ performAction: ['first', 'second'] })
    await send({ type: 'run' })
    await send({ type: 'run' })
    expect(state().context.result).toBe('second')
  })

  it('accepts exactly six digits as a code', () => {
    expect(['123456', ' 123456 ', '000000'].map(isWellFormedCode)).toEqual([true, true, true])
    expect(['12345', '1234567', '12345a', ''].map(isWellFormedCode)).toEqual([false, false, false, false])
  })
})

const EVENTS = [
  { type: 'run' },
  { type: 'code.change', code: '12 34a5' },
  { type: 'code.submit', otp: '123456' },
  { type: 'code.submit', otp: 'abc' },
  { type: 'code.resend' },
  { type: 'cancel' },
  { type: 'dismiss' },
  { type: 'xstate.done.actor.performAction', output: 'ok' },
  { type: 'xstate.error.actor.performAction', error: stepUp() },
  { type: 'xstate.error.actor.performAction', error: new ApiError(500, 'Boom') },
  { type: 'xstate.done.actor.sendCode', output: SENT },
  { type: 'xstate.error.actor.sendCode', error: new ApiError(429, 'Too many') },
  { type: 'xstate.done.actor.verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: new ApiError(400, 'Invalid or expired OTP') },
] as unknown as StepUpEvent[]

const serializeState = (snapshot: ReturnType<typeof stepUpMachine.getInitialSnapshot>) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.sessionToken,
    snapshot.context.error !== null,
    snapshot.context.code,
  ])
const options = { events: EVENTS, serializeState }
/** Every edge of the model: (state, event) → next state, each reached by the shortest path to its state. */
const shortest = new Map(getShortestPaths(stepUpMachine, options).map((p) => [serializeState(p.state), p]))
const edges = adjacencyMapToArray(getAdjacencyMap(stepUpMachine, options))
  // An actor's done/error event where that actor is not running changes nothing and cannot happen.
  .filter(
    (edge) => !edge.event.type.startsWith('xstate.') || serializeState(edge.state) !== serializeState(edge.nextState),
  )
  .map((edge) => {
    const to = shortest.get(serializeState(edge.state))!
    return { edge, path: { steps: [...to.steps, { event: edge.event, state: edge.nextState }] } }
  })

/** Every (state, event type) transition the machine defines. */
const definedTransitions = () =>
  Object.values(stepUpMachine.root.states as Record<string, AnyStateNode>)
    .flatMap((node) => [...node.transitions.keys()].map((type) => `${node.key} ${type}`))
    .sort()

describe('stepUpMachine, model-based', () => {
  it('reaches every state and takes every transition the machine defines', () => {
    expect(unreached(stepUpMachine, [...shortest.values()])).toEqual([])
    // A transition is taken when it moves to another state or changes what the model tracks (the typed code).
    const taken = new Set(
      edges
        .filter(({ edge }) => serializeState(edge.nextState) !== serializeState(edge.state))
        .map(({ edge }) => `${String(edge.state.value)} ${edge.event.type}`),
    )
    expect(definedTransitions().filter((t) => !taken.has(t))).toEqual([])
  })
  it.each(
    edges.map(
      ({ edge, path }, i) =>
        [i, `${String(edge.state.value)} --${edge.event.type}--> ${String(edge.nextState.value)}`, path] as const,
    ),
  )('edge %i: %s', async (_, __, path) => {
    const fakes = fakeActors(['performAction', 'sendCode', 'verifyCode'] as const)
    await replay(stepUpMachine.provide({ actors: fakes.actors }), path, fakes)
  })
})

describe('step-up over the API client', () => {
  it('recognises step_up_required, sends and verifies a code, stores the new token and retries', async () => {
    const calls: string[] = []
    let authToken = 'old-access'
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(new URL(String(input), 'http://t'), init)
      const path = new URL(req.url).pathname
      calls.push(`${req.method} ${path} ${req.headers.get('authorization')}`)
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      if (path === '/api/auth/step-up/send-otp')
        return json(200, { success: true, message: 'Sent', sessionToken: 'st' })
      if (path === '/api/auth/step-up/verify') {
        const body = (await req.json()) as { otp: string }
        if (body.otp !== '424242') return json(400, { success: false, message: 'Invalid or expired OTP' })
        authToken = 'fresh-access'
        return json(200, { success: true, message: 'Confirmed', accessToken: 'fresh-access' })
      }
      if (req.headers.get('authorization') !== 'Bearer fresh-access') {
        return json(403, { success: false, message: 'Confirm it is you', code: STEP_UP_REQUIRED })
      }
      return json(200, { success: true, user: { email: 'new@example.com' } })
    }) as typeof globalThis.fetch
    const session = createSessionStore(createMemoryStorage())
    session.setTokens({ accessToken: 'old-access', refreshToken: 'r' })
    const client = createApiClient({ fetch, session, baseURL: 'http://t', locks: null })
    const saved = v.object({ success: v.literal(true), user: v.object({ email: v.string() }) })
    const change = () => client.put('/api/auth/profile', { email: 'new@example.com' }, saved)

    await expect(change()).rejects.toSatisfy(isStepUpRequired)
    const api = createStepUpApi(client, session)
    const actor = createActor(
      stepUpMachine.provide({
        actors: {
          sendCode: fromPromise(() => api.sendCode()),
          verifyCode: fromPromise<void, { otp: string; sessionToken: string }>(({ input }) => api.verifyCode(input)),
        },
      }),
    ).start()
    // The request given with 'run' (as step-up-gate.ts does), called by the default performAction.
    actor.send({ type: 'run', request: change })
    await new Promise((r) => setTimeout(r, 20))
    expect(actor.getSnapshot().value).toBe('awaitingCode')
    actor.send({ type: 'code.submit', otp: '111111' })
    await new Promise((r) => setTimeout(r, 20))
    expect(actor.getSnapshot().context.error).toBe('Invalid or expired OTP')
    actor.send({ type: 'code.submit', otp: '424242' })
    await new Promise((r) => setTimeout(r, 20))
    expect(actor.getSnapshot().value).toBe('done')
    expect(actor.getSnapshot().context.result).toEqual({ success: true, user: { email: 'new@example.com' } })
    expect(session.getAccessToken()).toBe('fresh-access')
    expect(session.getRefreshToken()).toBe('r')
    expect(authToken).toBe('fresh-access')
    expect(calls.at(-1)).toBe('PUT /api/auth/profile Bearer fresh-access')
    expect(isStepUpRequired(new ApiError(403, 'Admin access required'))).toBe(false)
  })
})
