/**
 * The project owner's e-mail about a verification decision (decision 048): which decisions mail
 * the owner, when the mail may leave (after the decision's undo could still be accepted), the
 * source report's findings worth telling the owner, and the message itself. Pure: the job in
 * services/decision-mail.ts reads the rows and sends.
 */
import { OWNER_MAILED_STATUSES, type VerificationStatus } from '../../src/api/schemas/projects'
import type { SourceReport } from '../../src/api/schemas/source-report'
import { UNDO_GRACE_MS } from '../../src/api/schemas/undo'
import { undoExpiry } from './undo'
import { formatIstDateTime } from './ist-time'

/** The job kind; its key is the history entry's id, so one decision mails once. */
export const DECISION_MAIL_JOB = 'decision-mail'

/** At most this many findings of one kind are listed; the rest are counted. */
export const FINDINGS_LISTED = 20

type MailedStatus = (typeof OWNER_MAILED_STATUSES)[number]

/** True for the decisions the owner is told of: approved, needs changes, rejected. */
export function mailsOwner(status: VerificationStatus): status is MailedStatus {
  return (OWNER_MAILED_STATUSES as readonly string[]).includes(status)
}

/**
 * When the mail of a decision made at `decidedAt` may leave: when its undo is refused (the undo
 * window plus the grace the server still accepts), so an undo always finds the mail unsent.
 */
export function decisionMailRunAfter(decidedAt: Date): Date {
  return new Date(undoExpiry(decidedAt).getTime() + UNDO_GRACE_MS)
}

const SHOULD_NOT_SHIP: Record<SourceReport['files']['shouldNotShip'][number]['reason'], string> = {
  'env-file': 'an environment file',
  'private-key': 'a private key',
  keystore: 'a keystore',
  executable: 'an executable',
  'node-modules': 'installed dependencies',
  'git-metadata': 'git metadata',
}

/** '@secretlint/secretlint-rule-aws' → 'aws': the rule's own name, for a person. */
function ruleName(rule: string): string {
  return rule.replace(/^@secretlint\/secretlint-rule-/, '').replace(/^@[^/]+\//, '')
}

function capped(lines: string[], what: string): string[] {
  if (lines.length <= FINDINGS_LISTED) return lines
  return [...lines.slice(0, FINDINGS_LISTED), `… and ${lines.length - FINDINGS_LISTED} more ${what}`]
}

/**
 * The findings of `report` the owner must act on, one line each: credentials as 'rule at
 * path:line' (never the value, not even masked: a mail is forwarded and kept), no licence or an
 * unrecognised one, files that should not ship. Each kind at most FINDINGS_LISTED lines.
 */
export function reportFindings(report: SourceReport): string[] {
  const secrets = report.secrets.map(
    (s) => `A credential (${ruleName(s.rule)}) at ${s.path}:${s.line}: remove it from the source and revoke it.`,
  )
  const licence =
    report.licence.status === 'none'
      ? ['No licence: add a LICENSE file saying what buyers may do with the code.']
      : report.licence.status === 'unrecognised'
        ? [
            `The licence in ${report.licence.path ?? 'the project'} is not one we recognise` +
              `${report.licence.spdxId ? ` (closest: ${report.licence.spdxId})` : ''}: use a standard licence text.`,
          ]
        : []
  const files = report.files.shouldNotShip.map((f) => `${f.path} should not ship (${SHOULD_NOT_SHIP[f.reason]}).`)
  return [...capped(secrets, 'credentials'), ...licence, ...capped(files, 'files')]
}

const SUBJECT: Record<MailedStatus, (title: string) => string> = {
  approved: (t) => `Your project "${t}" is approved`,
  needs_changes: (t) => `Your project "${t}" needs changes`,
  rejected: (t) => `Your project "${t}" was not approved`,
}

const VERDICT: Record<MailedStatus, string> = {
  approved: 'has been approved.',
  needs_changes: 'needs changes before it can be approved.',
  rejected: 'has been rejected.',
}

const CLOSING: Record<MailedStatus, string> = {
  approved: 'Thank you for your project.',
  needs_changes: 'Please make these changes and upload the project again; it will be reviewed again.',
  rejected: 'You may upload a corrected version of the project for a new review.',
}

/** What a decision mail says: the project, the owner, the decision, the notes and the findings. */
export type DecisionMailInput = {
  projectTitle: string
  ownerName: string
  status: MailedStatus
  notes: string
  decidedAt: Date
  /** reportFindings of the reviewed commit's report; ignored for an approval. */
  findings: readonly string[]
  /** The reviewed commit (40 hex), named beside the findings; null without one. */
  commit: string | null
}

/** A decision mail: subject, plain text and the same as simple HTML. */
export type DecisionMail = { subject: string; text: string; html: string }

/**
 * The owner's mail of a decision: subject by decision; text with the greeting, the decision and
 * its date (IST, en-IN), the moderator's notes, for needs changes and rejection the findings of
 * the reviewed commit, and a closing line; html the same paragraphs, escaped.
 */
export function buildDecisionMail(input: DecisionMailInput): DecisionMail {
  const findings = input.status === 'approved' ? [] : input.findings
  const notes = input.notes.trim()
  const reviewed = input.commit ? ` (commit ${input.commit.slice(0, 12)})` : ''
  const blocks: { text: string; list?: readonly string[]; pre?: boolean }[] = [
    { text: `Hello ${input.ownerName.trim() || 'there'},` },
    {
      text: `Your project "${input.projectTitle}" was reviewed on ${formatIstDateTime(input.decidedAt)} and ${VERDICT[input.status]}`,
    },
    ...(notes ? [{ text: "The moderator's notes:" }, { text: notes, pre: true }] : []),
    ...(findings.length ? [{ text: `What the review of your source found${reviewed}:`, list: findings }] : []),
    { text: CLOSING[input.status] },
  ]
  const text = blocks
    .map((b) => (b.list ? `${b.text}\n${b.list.map((l) => `- ${l}`).join('\n')}` : b.text))
    .join('\n\n')
  const html = blocks
    .map((b) => {
      const para = b.pre ? `<p style="white-space:pre-wrap">${escapeHtml(b.text)}</p>` : `<p>${escapeHtml(b.text)}</p>`
      return b.list ? `${para}\n<ul>${b.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : para
    })
    .join('\n')
  return { subject: SUBJECT[input.status](input.projectTitle), text: `${text}\n`, html }
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
