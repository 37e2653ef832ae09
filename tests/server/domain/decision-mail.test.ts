/**
 * The decision mail's pure rules (server/domain/decision-mail.ts, decision 048): which decisions
 * mail the owner, when the mail is due, the findings worth telling (never a secret's value) and
 * the subject, text and HTML of each decision.
 */
import { describe, expect, it } from 'vitest'
import type { SourceReport } from '../../../src/api/schemas/source-report'
import { UNDO_GRACE_MS, UNDO_WINDOW_MS } from '../../../src/api/schemas/undo'
import {
  buildDecisionMail,
  decisionMailRunAfter,
  FINDINGS_LISTED,
  mailsOwner,
  reportFindings,
} from '../../../server/domain/decision-mail'

const COMMIT = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0'

function report(overrides: Partial<SourceReport> = {}): SourceReport {
  return {
    commit: COMMIT,
    generatedAt: '2026-11-28T05:00:00.000Z',
    durationMs: 120,
    languages: { byLanguage: [], vendored: { count: 0, bytes: 0 } },
    files: {
      count: 3,
      totalBytes: 300,
      largest: [],
      binaries: [],
      shouldNotShip: [],
      notExamined: [],
      truncated: false,
    },
    readme: null,
    licence: { status: 'recognised', path: 'LICENSE', spdxId: 'MIT', score: 0.99 },
    secrets: [],
    manifests: [],
    risk: { weight: 0, reasons: [] },
    analyserErrors: [],
    changes: null,
    ...overrides,
  }
}

const secret = (path: string, line: number) => ({
  rule: '@secretlint/secretlint-rule-aws',
  path,
  line,
  masked: 'Qw8E********************************Nm6P',
})

describe('decision mail rules', () => {
  it('mails the owner for approved, needs changes and rejected only', () => {
    expect(
      ['pending', 'under_review', 'approved', 'needs_changes', 'rejected'].filter((s) => mailsOwner(s as never)),
    ).toEqual(['approved', 'needs_changes', 'rejected'])
  })

  it('is due when the undo of the decision is refused: the window and its grace later', () => {
    const at = new Date('2026-11-28T05:11:00.000Z')
    expect(decisionMailRunAfter(at).getTime() - at.getTime()).toBe(UNDO_WINDOW_MS + UNDO_GRACE_MS)
  })
})

describe('reportFindings', () => {
  it('names credentials as rule at path:line, never their value, masked or not', () => {
    const lines = reportFindings(report({ secrets: [secret('config/aws.js', 2)] }))
    expect(lines).toEqual(['A credential (aws) at config/aws.js:2: remove it from the source and revoke it.'])
    expect(lines.join('\n')).not.toContain('Qw8E')
  })

  it('says when there is no licence or one that is not recognised; a recognised one is no finding', () => {
    expect(reportFindings(report({ licence: { status: 'none' } }))).toEqual([
      'No licence: add a LICENSE file saying what buyers may do with the code.',
    ])
    expect(
      reportFindings(
        report({ licence: { status: 'unrecognised', path: 'COPYING', spdxId: 'GPL-3.0-only', score: 0.7 } }),
      ),
    ).toEqual(['The licence in COPYING is not one we recognise (closest: GPL-3.0-only): use a standard licence text.'])
    expect(reportFindings(report())).toEqual([])
  })

  it('lists files that should not ship with the reason, each kind capped with a count of the rest', () => {
    const files = report().files
    const lines = reportFindings(
      report({
        secrets: Array.from({ length: FINDINGS_LISTED + 3 }, (_, i) => secret(`src/k${i}.js`, i + 1)),
        files: {
          ...files,
          shouldNotShip: [
            { path: '.env', reason: 'env-file' },
            { path: 'node_modules/', reason: 'node-modules' },
          ],
        },
      }),
    )
    expect(lines).toHaveLength(FINDINGS_LISTED + 1 + 2)
    expect(lines[FINDINGS_LISTED]).toBe('… and 3 more credentials')
    expect(lines.slice(-2)).toEqual([
      '.env should not ship (an environment file).',
      'node_modules/ should not ship (installed dependencies).',
    ])
  })
})

describe('buildDecisionMail', () => {
  const base = {
    projectTitle: 'Library <manager>',
    ownerName: 'Meera Iyer',
    notes: 'Remove the key.\nAdd a licence.',
    decidedAt: new Date('2026-11-28T05:11:00.000Z'),
    findings: ['A credential (aws) at config/aws.js:2: remove it from the source and revoke it.'],
    commit: COMMIT,
  }

  it('needs changes: the decision and its date in IST, the notes, the findings of the commit, what to do', () => {
    const mail = buildDecisionMail({ ...base, status: 'needs_changes' })
    expect(mail.subject).toBe('Your project "Library <manager>" needs changes')
    expect(mail.text).toBe(
      [
        'Hello Meera Iyer,',
        'Your project "Library <manager>" was reviewed on 28 Nov 2026, 10:41 am IST and needs changes before it can be approved.',
        "The moderator's notes:",
        'Remove the key.\nAdd a licence.',
        'What the review of your source found (commit a1b2c3d4e5f6):\n' +
          '- A credential (aws) at config/aws.js:2: remove it from the source and revoke it.',
        'Please make these changes and upload the project again; it will be reviewed again.',
      ].join('\n\n') + '\n',
    )
    expect(mail.html).toContain('<p>Your project &quot;Library &lt;manager&gt;&quot; was reviewed')
    expect(mail.html).toContain('<p style="white-space:pre-wrap">Remove the key.\nAdd a licence.</p>')
    expect(mail.html).toContain('<ul><li>A credential (aws) at config/aws.js:2')
    expect(mail.html).not.toContain('<manager>')
  })

  it('rejected names the findings too; approved names none; empty notes and name are left out', () => {
    const rejected = buildDecisionMail({ ...base, status: 'rejected' })
    expect(rejected.subject).toBe('Your project "Library <manager>" was not approved')
    expect(rejected.text).toContain('has been rejected.')
    expect(rejected.text).toContain('- A credential (aws) at config/aws.js:2')

    const approved = buildDecisionMail({ ...base, status: 'approved', notes: '  ', ownerName: '' })
    expect(approved.subject).toBe('Your project "Library <manager>" is approved')
    expect(approved.text).toMatch(/^Hello there,\n\n/)
    expect(approved.text).toContain('has been approved.')
    expect(approved.text).not.toContain("moderator's notes")
    expect(approved.text).not.toContain('credential')
  })

  it('without findings or a commit there is no findings paragraph', () => {
    const mail = buildDecisionMail({ ...base, status: 'needs_changes', findings: [], commit: null })
    expect(mail.text).not.toContain('What the review of your source found')
  })
})
