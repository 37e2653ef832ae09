/**
 * Owner section commands (SPEC.md 2 "Owner selection"): pick one of the users the search found
 * (the user is the control's `target`) or clear the owner. They change the owner section's draft;
 * its Save (`projects.detail.save`) stores it. The owner picker publishes `ownerSearch`.
 */
import type { Command, CommandContext } from './registry'

/** A user the owner search found. */
export interface OwnerCandidate {
  _id: string
  name: string
  email: string
}

declare module './registry' {
  interface ViewCommandContext {
    ownerSearch?: { users: readonly OwnerCandidate[] }
  }
}

const editingOwner = (ctx: CommandContext) => ctx.view.projectDetail?.editing === 'owner'
const picked = (ctx: CommandContext) =>
  ctx.view.focused?.kind === 'user'
    ? ctx.view.ownerSearch?.users.find((u) => u._id === ctx.view.focused?.id)
    : undefined

const ownerBlocked = (ctx: CommandContext) => {
  const d = ctx.view.projectDetail
  if (d?.editing && d.editing !== 'owner') return 'Save or cancel the open section first'
  return d?.busy ? 'Wait for the current change to finish' : null
}

export const projectOwnerCommands: Command[] = [
  {
    // Keys and buttons open the Owner section's picker; the palette asks for the user on its own page and saves at once.
    id: 'projects.owner.assign',
    title: 'Assign owner',
    group: 'Project',
    keywords: ['owner', 'user', 'change owner', 'transfer'],
    when: (ctx) => !!ctx.view.projectDetail,
    disabledReason: ownerBlocked,
    run: (ctx) => ctx.view.projectDetail?.actor.send({ type: 'section.edit', section: 'owner' }),
    argument: {
      kind: 'user',
      prompt: () => 'Who owns this project?',
      placeholder: 'Find a user by name, e-mail or phone…',
      runWith: (ctx, user) => {
        const actor = ctx.view.projectDetail?.actor
        if (!actor) return
        if (ctx.view.projectDetail?.editing !== 'owner') actor.send({ type: 'section.edit', section: 'owner' })
        actor.send({ type: 'draft.change', patch: { projectOwner: user.id, ownerLabel: user.label } })
        actor.send({ type: 'section.save' })
      },
    },
  },
  {
    id: 'projects.owner.pick',
    title: 'Make this user the owner',
    group: 'Project',
    keywords: ['owner', 'user', 'assign'],
    label: (ctx) => {
      const u = picked(ctx)
      return u ? `${u.name} (${u.email})` : 'Pick owner'
    },
    // Runs with the user as target (the picker's rows); not a palette entry of its own.
    when: (ctx) => editingOwner(ctx) && !!picked(ctx),
    checked: (ctx) => !!ctx.view.focused && ctx.view.projectDetail?.draft.projectOwner === ctx.view.focused.id,
    run: (ctx) => {
      const u = picked(ctx)
      if (u)
        ctx.view.projectDetail?.actor.send({
          type: 'draft.change',
          patch: { projectOwner: u._id, ownerLabel: `${u.name} (${u.email})` },
        })
    },
  },
  {
    id: 'projects.owner.clear',
    title: 'Clear owner',
    group: 'Project',
    keywords: ['owner', 'remove'],
    when: editingOwner,
    disabledReason: (ctx) => (ctx.view.projectDetail?.draft.projectOwner ? null : 'No owner is set'),
    run: (ctx) =>
      ctx.view.projectDetail?.actor.send({ type: 'draft.change', patch: { projectOwner: '', ownerLabel: '' } }),
  },
]
