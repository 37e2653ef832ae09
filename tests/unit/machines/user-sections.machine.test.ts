/**
 * The user detail's sections machine: every transition on its own (edit, draft, cancel, save with
 * nothing changed / invalid / done / failed / step-up cancelled, refresh, status toggle, reveal),
 * then a model-based walk of every simple path replayed with held fake actors.
 */
import { getShortestPaths, getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { UserDetail } from '../../../src/api/schemas/users'
import { StepUpCancelled } from '../../../src/machines/shared/step-up-gate'
import {
  userSectionsMachine,
  type UserSectionsEmitted,
  type UserSectionsEvent,
} from '../../../src/machines/user-sections.machine'
import { deferred, flush } from '../../fixtures/project'
import { makeUser } from '../../fixtures/user'
import { fakeActors, replay, unreached } from './model-walk'

type Call<I, O> = { input: I; d: ReturnType<typeof deferred<O>> }

function start(user = makeUser()) {
  const saves: Array<Call<{ id: string; body: Record<string, unknown>; version: string }, UserDetail>> = []
  const statuses: Array<Call<{ id: string; status: 'active' | 'inactive'; version: string }, UserDetail>> = []
  const fetches: Array<Call<{ id: string }, UserDetail>> = []
  const reveals: Array<Call<{ id: string }, string>> = []
  const held = <I, O>(list: Array<Call<I, O>>) =>
    fromPromise(({ input }: { input: I }) => {
      const d = deferred<O>()
      list.push({ input, d })
      return d.promise
    })
  const machine = userSectionsMachine.provide({
    actors: {
      saveUser: held(saves),
      setStatus: held(statuses),
      revealAccount: held(reveals),
      fetchUser: held(fetches),
    },
  })
  const actor = createActor(machine, { input: { user } }).start()
  const emitted: UserSectionsEmitted[] = []
  actor.on('*', (e) => emitted.push(e as UserSectionsEmitted))
  return {
    actor,
    saves,
    statuses,
    reveals,
    fetches,
    emitted,
    state: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
  }
}

const V2 = '2026-11-02T10:00:00.000Z'
function staleError(fields: string[]) {
  const body = {
    success: false as const,
    message: 'User was changed by Ravi since you opened it',
    code: 'version_conflict' as const,
    version: V2,
    changes: [{ actor: { id: 'r', name: 'Ravi' }, at: V2, action: 'user.update', fields, before: {}, after: {} }],
  }
  return new ApiError(409, body.message, undefined, body.code, undefined, body)
}

describe('userSectionsMachine: stale saves (decision 042)', () => {
  async function staleSave(patch: Record<string, string>, fields: string[]) {
    const t = start()
    t.actor.send({ type: 'section.edit', section: 'basic' })
    t.actor.send({ type: 'draft.change', patch })
    t.actor.send({ type: 'section.save' })
    expect(t.saves[0].input.version).toBe(makeUser().updatedAt)
    t.saves[0].d.reject(staleError(fields))
    await flush()
    expect(t.state()).toBe('refetching')
    return t
  }

  it('saving → refetching → merging when no field conflicts: their change kept, mine written with the new version', async () => {
    const t = await staleSave({ course: 'M.Tech' }, ['college'])
    t.fetches[0].d.resolve(makeUser({ college: 'IIT', updatedAt: V2 }))
    await flush()
    expect(t.state()).toBe('merging')
    expect(t.saves[1].input).toEqual({ id: makeUser()._id, body: { course: 'M.Tech' }, version: V2 })
    const saved = makeUser({ college: 'IIT', course: 'M.Tech' })
    t.saves[1].d.resolve(saved)
    await flush()
    expect(t.state()).toBe('viewing')
    expect(t.emitted).toEqual([
      { type: 'notify.success', text: "Merged with Ravi's change to College" },
      { type: 'user.saved', user: saved },
    ])
  })

  it('conflict → Keep mine writes mine; Take theirs shows theirs in the form; cancel shows the user as it is now', async () => {
    const keep = await staleSave({ course: 'M.Tech' }, ['course'])
    keep.fetches[0].d.resolve(makeUser({ course: 'MBA', updatedAt: V2 }))
    await flush()
    expect(keep.state()).toBe('conflict')
    expect(keep.ctx().conflict?.merge.conflicts).toMatchObject([{ field: 'course', theirs: 'MBA', mine: 'M.Tech' }])
    keep.actor.send({ type: 'conflict.keepMine' })
    expect(keep.state()).toBe('merging')
    expect(keep.saves[1].input).toEqual({ id: makeUser()._id, body: { course: 'M.Tech' }, version: V2 })

    const take = await staleSave({ course: 'M.Tech' }, ['course'])
    take.fetches[0].d.resolve(makeUser({ course: 'MBA', updatedAt: V2 }))
    await flush()
    take.actor.send({ type: 'conflict.takeTheirs' })
    expect(take.state()).toBe('editing')
    expect(take.ctx().draft.course).toBe('MBA')
    expect(take.ctx().user.updatedAt).toBe(V2)

    const cancel = await staleSave({ course: 'M.Tech' }, ['course'])
    cancel.fetches[0].d.resolve(makeUser({ course: 'MBA', updatedAt: V2 }))
    await flush()
    cancel.actor.send({ type: 'section.cancel' })
    expect(cancel.state()).toBe('viewing')
    expect(cancel.ctx().user.course).toBe('MBA')
  })

  it('a failed refetch or merge returns to editing with the reason; a stale merge refetches again', async () => {
    const t = await staleSave({ course: 'M.Tech' }, ['college'])
    t.fetches[0].d.reject(new ApiError(500, 'Database unavailable'))
    await flush()
    expect(t.state()).toBe('editing')
    expect(t.ctx().error).toBe('Database unavailable')
    const again = await staleSave({ course: 'M.Tech' }, ['college'])
    again.fetches[0].d.resolve(makeUser({ college: 'IIT', updatedAt: V2 }))
    await flush()
    again.saves[1].d.reject(staleError(['college']))
    await flush()
    expect(again.state()).toBe('refetching')
  })
})

describe('userSectionsMachine', () => {
  it('viewing → editing from the loaded values (country defaults to India) → viewing on cancel, dropping the draft', () => {
    const { actor, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'address' })
    expect(state()).toBe('editing')
    expect(ctx().draft).toEqual({
      street: '12 MG Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      country: 'India',
      pincode: '600001',
    })
    actor.send({ type: 'draft.change', patch: { city: 'Madurai' } })
    expect(ctx().draft.city).toBe('Madurai')
    actor.send({ type: 'section.cancel' })
    expect(state()).toBe('viewing')
    expect(ctx()).toMatchObject({ section: null, draft: {}, error: null })
    expect(ctx().user.address.city).toBe('Chennai')
  })

  it('allows one section at a time: a second edit while editing is ignored', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'section.edit', section: 'basic' })
    actor.send({ type: 'section.edit', section: 'flags' })
    expect(ctx().section).toBe('basic')
  })

  it('a save with nothing changed closes the section without a request', () => {
    const { actor, saves, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'preferences' })
    actor.send({ type: 'section.save' })
    expect(state()).toBe('viewing')
    expect(ctx().section).toBeNull()
    expect(saves).toHaveLength(0)
  })

  it("an invalid save stays in editing with the contract's message under its field, and sends nothing", () => {
    const { actor, saves, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'agent' })
    actor.send({ type: 'draft.change', patch: { defaultDiscountPercent: '60' } })
    actor.send({ type: 'section.save' })
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({
      error: null,
      fieldErrors: { defaultDiscountPercent: 'Default discount cannot exceed 50' },
    })
    expect(saves).toHaveLength(0)
    // Typing in the field drops its message.
    actor.send({ type: 'draft.change', patch: { defaultDiscountPercent: '6' } })
    expect(ctx().fieldErrors).toEqual({})
  })

  it('saving sends only the changed fields of the group → viewing with the server user, emits user.saved', async () => {
    const { actor, saves, emitted, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'agent' })
    actor.send({ type: 'draft.change', patch: { isAgent: true, defaultDiscountPercent: '10' } })
    actor.send({ type: 'section.save' })
    expect(state()).toBe('saving')
    expect(saves[0].input).toEqual({
      id: makeUser()._id,
      body: { isAgent: true, defaultDiscountPercent: 10 },
      version: makeUser().updatedAt,
    })
    const agent = makeUser({
      isAgent: true,
      role: 'agent',
      defaultDiscountPercent: 10,
      agentCode: 'AGT-7Q2K9',
      referralCode: 'REF-7Q2K9',
    })
    saves[0].d.resolve(agent)
    await flush()
    expect(state()).toBe('viewing')
    expect(ctx()).toMatchObject({ user: agent, section: null, error: null })
    expect(emitted).toEqual([{ type: 'user.saved', user: agent }])
  })

  it("a failed save returns to editing with the server's issues under their fields, else its errors or message", async () => {
    const { actor, saves, state, ctx } = start()
    const ifsc = 'IFSC code must look like SBIN0001234 (4 letters, 0, 6 letters or digits)'
    actor.send({ type: 'section.edit', section: 'bankDetails' })
    actor.send({ type: 'draft.change', patch: { bankName: 'Canara Bank' } })
    actor.send({ type: 'section.save' })
    expect(saves[0].input.body).toEqual({ bankDetails: { bankName: 'Canara Bank' } })
    saves[0].d.reject(new ApiError(400, ifsc, [ifsc], undefined, [{ path: 'bankDetails.ifscCode', message: ifsc }]))
    await flush()
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({ error: null, fieldErrors: { ifscCode: ifsc } })
    expect(ctx().draft.bankName).toBe('Canara Bank')
    actor.send({ type: 'section.save' })
    saves[1].d.reject(new ApiError(400, 'Validation failed', ['Bank is busy', 'Try later']))
    await flush()
    expect(ctx().error).toBe('Bank is busy\nTry later')
    actor.send({ type: 'section.save' })
    saves[2].d.reject(new Error(''))
    await flush()
    expect(ctx().error).toBe('Failed to save')
  })

  it('a cancelled step-up returns to editing with the draft and no error', async () => {
    const { actor, saves, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'flags' })
    actor.send({ type: 'draft.change', patch: { isAdmin: true } })
    actor.send({ type: 'section.save' })
    expect(saves[0].input.body).toEqual({ isAdmin: true })
    saves[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({ error: null, draft: { isAdmin: true } })
  })

  it('refresh replaces the user while viewing; while editing the loaded user stays the base of the form', () => {
    const { actor, state, ctx } = start()
    actor.send({ type: 'user.refresh', user: makeUser({ name: 'Asha R.' }) })
    expect(ctx().user.name).toBe('Asha R.')
    actor.send({ type: 'section.edit', section: 'basic' })
    actor.send({ type: 'user.refresh', user: makeUser({ name: 'Asha Rao', updatedAt: '2026-11-03T00:00:00.000Z' }) })
    expect(ctx().user).toMatchObject({ name: 'Asha R.', updatedAt: makeUser().updatedAt })
    expect(state()).toBe('editing')
  })

  it('toggles active with PUT status and the success text, and reports a failure as SPEC.md 8 says', async () => {
    const { actor, statuses, emitted, state } = start()
    actor.send({ type: 'user.toggleActive' })
    expect(state()).toBe('togglingActive')
    expect(statuses[0].input).toEqual({ id: makeUser()._id, status: 'inactive', version: makeUser().updatedAt })
    statuses[0].d.resolve(makeUser({ isActive: false }))
    await flush()
    expect(state()).toBe('viewing')
    actor.send({ type: 'user.toggleActive' })
    expect(statuses[1].input.status).toBe('active')
    statuses[1].d.reject(new ApiError(409, 'You cannot deactivate your own account'))
    await flush()
    expect(state()).toBe('viewing')
    expect(emitted.filter((e) => e.type !== 'user.saved')).toEqual([
      { type: 'notify.success', text: 'User deactivated successfully' },
      { type: 'notify.error', text: 'Failed to update user status: You cannot deactivate your own account' },
    ])
  })

  it('a cancelled step-up of the status toggle goes back to viewing, unchanged and silent', async () => {
    const { actor, statuses, emitted, state, ctx } = start()
    actor.send({ type: 'user.toggleActive' })
    statuses[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('viewing')
    expect(ctx().user.isActive).toBe(true)
    expect(emitted).toEqual([])
  })

  it('reveal keeps the full number until a bank-details save; a cancelled step-up changes nothing; a failure is told', async () => {
    const { actor, reveals, saves, emitted, state, ctx } = start()
    actor.send({ type: 'account.reveal' })
    expect(state()).toBe('revealing')
    reveals[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('viewing')
    expect(ctx().revealed).toBeNull()
    expect(emitted).toEqual([])
    actor.send({ type: 'account.reveal' })
    reveals[1].d.reject(new ApiError(404, 'User not found'))
    await flush()
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to reveal the account number: User not found' }])
    actor.send({ type: 'account.reveal' })
    reveals[2].d.resolve('001234561234')
    await flush()
    expect(ctx().revealed).toBe('001234561234')
    // Another group's save keeps it; a bank-details save forgets it.
    actor.send({ type: 'section.edit', section: 'basic' })
    actor.send({ type: 'draft.change', patch: { course: 'M.Tech' } })
    actor.send({ type: 'section.save' })
    saves[0].d.resolve(makeUser({ course: 'M.Tech' }))
    await flush()
    expect(ctx().revealed).toBe('001234561234')
    actor.send({ type: 'section.edit', section: 'bankDetails' })
    actor.send({ type: 'draft.change', patch: { accountNumber: '99887766' } })
    actor.send({ type: 'section.save' })
    expect(saves[1].input.body).toEqual({ bankDetails: { accountNumber: '99887766' } })
    saves[1].d.resolve(makeUser({ bankDetails: { ...makeUser().bankDetails, accountNumber: '••••7766' } }))
    await flush()
    expect(ctx().revealed).toBeNull()
    expect(ctx().user.bankDetails.accountNumber).toBe('••••7766')
  })

  it('ignores page actions while a section is open', () => {
    const { actor, state, statuses, reveals } = start()
    actor.send({ type: 'section.edit', section: 'basic' })
    actor.send({ type: 'user.toggleActive' })
    actor.send({ type: 'account.reveal' })
    expect(state()).toBe('editing')
    expect([statuses.length, reveals.length]).toEqual([0, 0])
  })
})

const user = makeUser()
const EVENTS = [
  { type: 'section.edit', section: 'basic' },
  { type: 'draft.change', patch: { course: 'M.Tech' } },
  { type: 'draft.change', patch: { name: ' ' } },
  { type: 'section.cancel' },
  { type: 'section.save' },
  { type: 'user.refresh', user },
  { type: 'user.toggleActive' },
  { type: 'account.reveal' },
  { type: 'xstate.done.actor.saveUser', output: user },
  { type: 'xstate.error.actor.saveUser', error: new ApiError(400, 'Bad') },
  { type: 'xstate.error.actor.saveUser', error: new StepUpCancelled() },
  { type: 'xstate.done.actor.setStatus', output: user },
  { type: 'xstate.error.actor.setStatus', error: new ApiError(409, 'Last admin') },
  { type: 'xstate.error.actor.setStatus', error: new StepUpCancelled() },
  { type: 'xstate.done.actor.revealAccount', output: '001234561234' },
  { type: 'xstate.error.actor.revealAccount', error: new StepUpCancelled() },
  { type: 'xstate.error.actor.revealAccount', error: new ApiError(500, 'down') },
] as unknown as UserSectionsEvent[]

/** A stale save and what follows: theirs changed the course too (a conflict with the draft's) or only the college. */
const STALE_EVENTS = [
  ...EVENTS.filter((e) => !e.type.startsWith('xstate.') || e.type.includes('saveUser')),
  { type: 'xstate.error.actor.saveUser', error: staleError(['course']) },
  { type: 'xstate.done.actor.fetchUser', output: makeUser({ course: 'MBA' }) },
  { type: 'xstate.done.actor.fetchUser', output: makeUser({ college: 'IIT' }) },
  { type: 'xstate.error.actor.fetchUser', error: new ApiError(500, 'down') },
  { type: 'conflict.keepMine' },
  { type: 'conflict.takeTheirs' },
] as unknown as UserSectionsEvent[]

// The merge guards read the draft and the loaded user, so they are part of a node; the shortest
// path to each node is replayed (the simple paths over that many are too many).
const stalePaths = getShortestPaths(userSectionsMachine, {
  input: { user },
  events: STALE_EVENTS,
  serializeState: (s) => {
    const { section, error, draft, user: u } = s.context
    return JSON.stringify([s.value, section, error, draft, u.course, u.college])
  },
})

const paths = getSimplePaths(userSectionsMachine, {
  input: { user },
  events: EVENTS,
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.section, s.context.error, s.context.draft, s.context.revealed]),
})

describe('userSectionsMachine, model-based', () => {
  it('its simple paths reach every state but those of a stale save (walked below)', () => {
    expect(paths.length).toBeGreaterThan(10)
    expect(unreached(userSectionsMachine, paths)).toEqual(['refetching', 'conflict', 'merging'])
  })
  it('the shortest paths with stale saves reach every state and replay on a live actor', async () => {
    expect(unreached(userSectionsMachine, stalePaths)).toEqual([])
    for (const path of stalePaths) {
      const fakes = fakeActors(['saveUser', 'setStatus', 'revealAccount', 'fetchUser'] as const)
      await replay(userSectionsMachine.provide({ actors: fakes.actors }), path, fakes, { user })
    }
  })
  it('replays every simple path on a live actor', async () => {
    for (const path of paths) {
      const fakes = fakeActors(['saveUser', 'setStatus', 'revealAccount', 'fetchUser'] as const)
      await replay(userSectionsMachine.provide({ actors: fakes.actors }), path, fakes, { user })
    }
  })
})
