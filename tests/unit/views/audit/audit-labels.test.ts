/**
 * The audit log in words (src/views/audit/audit-labels.ts): every column of a table whose changes
 * the log records (by trigger or by the app) has a label, so a new column fails here until it gets
 * one; the app's camelCase keys read the same as the triggers' snake_case columns; actions read as
 * words, and every action code the server writes has its own description.
 */
import fs from 'node:fs'
import path from 'node:path'
import { getTableColumns } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { commissionConfigs, contacts, orders, payments, projects, users } from '../../../../server/db/schema'
import {
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  auditActionText,
  auditFieldLabel,
} from '../../../../src/views/audit/audit-labels'

const AUDITED = { users, projects, orders, payments, contacts, commissionConfigs }

/** Every .ts file under `dir`. */
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name))

describe('audit labels', () => {
  it.each(Object.entries(AUDITED))('every column of %s has a label', (_, table) => {
    const columns = Object.values(getTableColumns(table)).map((c) => c.name)
    expect(columns.filter((name) => !(name in AUDIT_FIELD_LABELS))).toEqual([])
  })

  it('labels a field by its column or its camelCase key, nested paths segment by segment', () => {
    expect(auditFieldLabel('is_active')).toBe('Active')
    expect(auditFieldLabel('isActive')).toBe('Active')
    expect(auditFieldLabel('created_at')).toBe('Created')
    expect(auditFieldLabel('verificationStatus')).toBe('Verification')
    expect(auditFieldLabel('bankDetails.ifscCode')).toBe('Bank details › Ifsc code')
    expect(auditFieldLabel('linkExpires')).toBe('Link expires')
  })

  it('describes actions in words; an unknown code reads as its words', () => {
    expect(auditActionText('commission.insert')).toBe('Commission config created')
    expect(auditActionText('user.role_change')).toBe('User role or status changed')
    expect(auditActionText('user.address.update')).toBe('User address update')
  })

  it('every action code the server writes and every trigger action has a description', () => {
    const written = new Set<string>()
    for (const file of sources(path.resolve(import.meta.dirname, '../../../../server'))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\baction: '([a-z_]+(?:\.[a-z_]+)+)'/g)) written.add(m[1])
    }
    const triggers = ['commission.insert', 'commission.update', 'commission.delete', 'payment.update', 'payment.delete']
    expect(written.size).toBeGreaterThan(20)
    expect([...written, ...triggers, 'user.role_change'].filter((a) => !(a in AUDIT_ACTION_LABELS))).toEqual([])
  })
})
