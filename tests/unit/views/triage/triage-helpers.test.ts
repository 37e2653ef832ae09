/**
 * Triage's view helpers: the queue age as text and the reason templates offered for a decision
 * (the admin's order, at most nine, filled in for the project).
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_REASON_TEMPLATES, type ReasonTemplate } from '../../../../src/api/schemas/preferences'
import { formatAge } from '../../../../src/views/triage/format-age'
import { offeredTemplates } from '../../../../src/views/triage/triage-templates'

describe('formatAge', () => {
  it('seconds, minutes, hours with minutes, days with hours', () => {
    expect(formatAge(-5)).toBe('0 s')
    expect(formatAge(45_999)).toBe('45 s')
    expect(formatAge(12 * 60_000)).toBe('12 min')
    expect(formatAge(5 * 3_600_000)).toBe('5 h')
    expect(formatAge(5 * 3_600_000 + 12 * 60_000)).toBe('5 h 12 min')
    expect(formatAge(3 * 86_400_000)).toBe('3 d')
    expect(formatAge(3 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000)).toBe('3 d 4 h')
  })
})

describe('offeredTemplates', () => {
  const project = { title: 'Shop', owner: 'Asha', category: 'Web Development' }
  it("keeps the decision's templates in saved order with variables filled", () => {
    expect(offeredTemplates(DEFAULT_REASON_TEMPLATES, 'rejected', project)).toEqual([
      {
        id: 'does-not-build',
        label: 'Does not build',
        text: 'The source of "Shop" does not build from a fresh clone. Please fix the build and resubmit.',
      },
      {
        id: 'duplicate',
        label: 'Duplicate listing',
        text: '"Shop" duplicates a project already listed in Web Development.',
      },
      {
        id: 'not-original',
        label: 'Not original work',
        text: '"Shop" appears to be copied from a public source without the rights to sell it.',
      },
    ])
    expect(offeredTemplates(DEFAULT_REASON_TEMPLATES, 'needs_changes', { title: 'Shop', owner: null })[0].text).toBe(
      'Hi there, please add a README to "Shop" with setup steps and the technologies used, then resubmit.',
    )
  })
  it('offers at most nine, and none without a decision or a project', () => {
    const many: ReasonTemplate[] = Array.from({ length: 12 }, (_, i) => ({
      id: `t${i}`,
      label: `T${i}`,
      text: 'x',
      decisions: ['rejected'],
    }))
    expect(offeredTemplates(many, 'rejected', project).map((t) => t.id)).toEqual(many.slice(0, 9).map((t) => t.id))
    expect(offeredTemplates(many, null, project)).toEqual([])
    expect(offeredTemplates(many, 'rejected', null)).toEqual([])
  })
})
