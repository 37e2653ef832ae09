import { describe, expect, it, vi } from 'vitest'
import type { ContactDetailHandle } from '../../../src/commands/contact-detail.commands'
import { registry } from '../../../src/commands/app-registry'
import type { ContactDetail, ContactStatus } from '../../../src/api/schemas/contacts'
import { context, control, recorder } from './context'

const contact = (over: Partial<ContactDetail> = {}) =>
  ({
    _id: 'c1',
    name: 'Asha Rao',
    email: 'asha@example.in',
    status: 'read',
    project: { _id: 'p1', title: 'Shop' },
    user: { _id: 'u1', name: 'Asha Rao' },
    reply: null,
    ...over,
  }) as ContactDetail

function detail(over: Partial<ContactDetailHandle> = {}, contactOver: Partial<ContactDetail> = {}) {
  const reply = recorder<ContactDetailHandle['reply']>()
  const status = recorder<ContactDetailHandle['status']>()
  const handle: ContactDetailHandle = {
    contact: contact(contactOver),
    reply: reply.actor,
    status: status.actor,
    replyBlank: false,
    sending: false,
    updating: false,
    replyFocused: false,
    focusReply: vi.fn(),
    leaveReply: vi.fn(),
    ...over,
  }
  return {
    ctx: context('/contacts/c1', { contactDetail: handle }),
    handle,
    replySent: reply.sent,
    statusSent: status.sent,
  }
}

const STATUS_IDS = ['read', 'replied', 'archived', 'new'].map((s) => `contacts.detail.status.${s}`)

describe('contact detail commands', () => {
  it('are absent elsewhere; back to Contacts also on the not-found and error pages (no handle)', () => {
    const elsewhere = context('/contacts')
    for (const id of [
      'contacts.detail.back',
      'contacts.detail.sendReply',
      'contacts.detail.openProject',
      ...STATUS_IDS,
    ]) {
      expect(control(id, elsewhere).visible, id).toBe(false)
    }
    const bare = context('/contacts/c1')
    expect(control('contacts.detail.back', bare).visible).toBe(true)
    expect(control('contacts.detail.status.read', bare).visible).toBe(false)
    control('contacts.detail.back', bare).run()
    expect(bare.navigate).toHaveBeenCalledWith('/contacts')
    expect(control('contacts.detail.back', bare).label).toBe('Back to Contacts')
  })

  it('the registered user and the related project navigate, and are hidden when there is none', () => {
    const { ctx } = detail()
    expect(control('contacts.detail.openUser', ctx).label).toBe('Back to Asha Rao')
    control('contacts.detail.openUser', ctx).run()
    control('contacts.detail.openProject', ctx).run()
    expect(ctx.navigate).toHaveBeenNthCalledWith(1, '/users/u1')
    expect(ctx.navigate).toHaveBeenNthCalledWith(2, '/projects/p1')
    const none = detail({}, { user: null, project: null })
    expect(control('contacts.detail.openUser', none.ctx).visible).toBe(false)
    expect(control('contacts.detail.openProject', none.ctx).visible).toBe(false)
  })

  it.each([
    ['read', 'i'],
    ['replied', 'y'],
    ['archived', 'e'],
    ['new', 'shift+u'],
  ] as const)("'%s' (%s) sends status.set and is disabled in its own status", (status: ContactStatus, key) => {
    const id = `contacts.detail.status.${status}`
    expect(registry.get(id)?.shortcut).toBe(key)
    const other = detail({}, { status: status === 'read' ? 'archived' : 'read' })
    expect(control(id, other.ctx).reason).toBeNull()
    control(id, other.ctx).run()
    expect(other.statusSent).toEqual([{ type: 'status.set', status }])
    const own = detail({}, { status })
    expect(control(id, own.ctx).reason).toMatch(/^Already /)
    expect(control(id, own.ctx).run().ran).toBe(false)
    expect(own.statusSent).toEqual([])
  })

  it('a stale change in its conflict bar: Keep mine (m) and Take theirs (t) send their events; the quick actions wait', () => {
    expect(registry.get('contacts.detail.conflict.keepMine')?.shortcut).toBe('m')
    expect(registry.get('contacts.detail.conflict.takeTheirs')?.shortcut).toBe('t')
    const idle = detail()
    expect(control('contacts.detail.conflict.keepMine', idle.ctx).visible).toBe(false)
    expect(control('contacts.detail.conflict.takeTheirs', idle.ctx).visible).toBe(false)
    const waiting = detail({ updating: true, conflict: true })
    expect(control('contacts.detail.status.new', waiting.ctx).reason).toBe('Keep your status or take theirs first')
    control('contacts.detail.conflict.keepMine', waiting.ctx).run()
    control('contacts.detail.conflict.takeTheirs', waiting.ctx).run()
    expect(waiting.statusSent).toEqual([{ type: 'conflict.keepMine' }, { type: 'conflict.takeTheirs' }])
    expect(control('contacts.detail.conflict.keepMine', waiting.ctx).label).toBe('Keep mine')
  })

  it('the quick actions wait for a change or a reply in flight', () => {
    expect(control('contacts.detail.status.archived', detail({ updating: true }).ctx).reason).toBe(
      'Wait for the current change to finish',
    )
    expect(control('contacts.detail.status.archived', detail({ sending: true }).ctx).reason).toBe(
      'Wait for the current change to finish',
    )
    expect(control('contacts.detail.status.new', detail().ctx).label).toBe('Mark as Unread')
  })

  it("Send Reply (mod+enter): disabled with 'Please enter a reply message' while blank, 'Sending…' in flight, else sends reply.send", () => {
    expect(registry.get('contacts.detail.sendReply')?.shortcut).toBe('mod+enter')
    expect(control('contacts.detail.sendReply', detail({ replyBlank: true }).ctx).reason).toBe(
      'Please enter a reply message',
    )
    expect(control('contacts.detail.sendReply', detail({ sending: true }).ctx).reason).toBe('Sending…')
    const ready = detail()
    expect(control('contacts.detail.sendReply', ready.ctx).label).toBe('Send Reply')
    control('contacts.detail.sendReply', ready.ctx).run()
    expect(ready.replySent).toEqual([{ type: 'reply.send' }])
  })

  it('r focuses the reply box, Escape leaves it; none of the reply commands exist once the contact is replied', () => {
    const out = detail()
    expect(control('contacts.detail.leaveReply', out.ctx).visible).toBe(false)
    control('contacts.detail.focusReply', out.ctx).run()
    expect(out.handle.focusReply).toHaveBeenCalledOnce()
    const inBox = detail({ replyFocused: true })
    expect(control('contacts.detail.focusReply', inBox.ctx).visible).toBe(false)
    control('contacts.detail.leaveReply', inBox.ctx).run()
    expect(inBox.handle.leaveReply).toHaveBeenCalledOnce()
    const replied = detail({ replyFocused: true }, { status: 'replied' })
    for (const id of ['contacts.detail.focusReply', 'contacts.detail.sendReply', 'contacts.detail.leaveReply']) {
      expect(control(id, replied.ctx).visible, id).toBe(false)
    }
  })

  it('its keys do not clash with another command that applies on the contact detail', () => {
    const { ctx } = detail({ replyFocused: true })
    const byKey = new Map<string, string[]>()
    for (const c of registry.visible(ctx))
      if (c.shortcut) byKey.set(c.shortcut, [...(byKey.get(c.shortcut) ?? []), c.id])
    expect([...byKey].filter(([, ids]) => ids.length > 1)).toEqual([])
  })
})
