/**
 * Triage mode: the verification queue one project at a time, oldest in the queue
 * first or lowest risk first with ?sort=risk (of one category with ?category=), the queue's next
 * projects listed above with their risk. The flow is the triage machine's (src/machines/triage.machine.ts); the project's bundle
 * (README, changes since the last review, images) comes from react-query, and the next project's
 * is prefetched; beside the README, its source report (triage-source-report.tsx). Every control is a `projects.triage.*` command with its key shown; decisions'
 * undo offers go to the console's undo toast, and an undo brings the project back.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useSearch } from 'wouter'
import { projectKeys } from '../../api/projects'
import { usePreferences } from '../../api/preferences'
import { prefetchTriageBundle, triageKeys, useTriageBundle } from '../../api/triage'
import type { TriageBundle } from '../../api/schemas/triage'
import { CommandButton } from '../../commands/command-button'
import { CommandRetry } from '../../commands/command-retry'
import { sortOfSearch, type TriageHandle, type TriageStep } from '../../commands/triage.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { ShortcutKeys } from '../../components/kbd'
import { PageHeader } from '../../components/page-header'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { toast } from '../../components/toast'
import { TextArea } from '../../components/field'
import { formatINR } from '../../lib/format'
import { actorOptions } from '../../machines/shared/inspect'
import { candidates, currentItem, nextId, triageMachine, type TriageContext } from '../../machines/triage.machine'
import { VerificationBadge } from '../projects/shared/verification-badge'
import { statusTitle } from '../../lib/status-title'
import { useOfferUndo, useUndoDone } from '../layout/undo-context'
import { formatAge } from './format-age'
import { offeredTemplates } from './triage-templates'
import { TriageChanges } from './triage-changes'
import { TriageQueue } from './triage-queue'
import { TriageSourceReport } from './triage-source-report'
import './triage.css'

const stepOf = (value: unknown): TriageStep => {
  if (typeof value === 'object' && value && 'showing' in value)
    return (value as { showing: { review: string } }).showing.review === 'notes' ? 'notes' : 'showing'
  // Left: the screen is going away (or coming back after a StrictMode remount).
  return value === 'left' ? 'loading' : (value as TriageStep)
}

export default function TriageView() {
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const preferences = usePreferences()
  const notesRef = useRef<HTMLTextAreaElement>(null)
  // ?category= triages one category only (read once: the actor keeps it for the session).
  const search = useSearch()
  const category = new URLSearchParams(search).get('category') ?? ''
  // ?sort=risk: the order is the address's; a change of it (the sort commands) reloads the queue.
  const sort = sortOfSearch(search)
  // Declared before useActorRef: React runs a component's effect cleanups in declaration order,
  // so the actor still runs when it is told the screen is going (useActorRef's cleanup stops it)
  // and can release its claim.
  const leave = useRef<() => void>(() => {})
  useEffect(() => () => leave.current(), [])
  const actor = useActorRef(triageMachine, actorOptions({ input: { category, sort } }))
  useEffect(() => actor.send({ type: 'queue.sort', sort }), [actor, sort])
  useEffect(() => {
    leave.current = () => actor.send({ type: 'triage.leave' })
    actor.send({ type: 'triage.resume' })
  }, [actor])
  const step = useSelector(actor, (s) => stepOf(s.value))
  const context = useSelector(actor, (s) => s.context)
  const current = currentItem(context)
  const bundle = useTriageBundle(context.currentId)
  const upcoming = nextId(context)

  useEffect(() => {
    const subs = [
      actor.on('undo.offered', (e) => offerUndo(e.text, e.undo, 'projects')),
      actor.on('notify.success', (e) => toast.success(e.text)),
      actor.on('notify.info', (e) => toast.info(e.text)),
      actor.on('projects.changed', () => {
        void queryClient.invalidateQueries({ queryKey: projectKeys.all })
        void queryClient.invalidateQueries({ queryKey: triageKeys.all })
      }),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, offerUndo, queryClient])
  useUndoDone('projects', () => actor.send({ type: 'decision.undone' }))
  useEffect(() => {
    if (upcoming) void prefetchTriageBundle(queryClient, upcoming)
  }, [upcoming, queryClient])

  const project = bundle.data
  const templates = useMemo(
    () =>
      offeredTemplates(
        preferences.reasonTemplates,
        context.notes?.status ?? null,
        project
          ? { title: project.project.title, owner: project.owner?.name, category: project.project.category }
          : current
            ? { title: current.title, owner: current.ownerName, category: current.category }
            : null,
      ),
    [preferences.reasonTemplates, context.notes?.status, project, current],
  )
  const handle = useMemo<TriageHandle>(
    () => ({
      actor,
      step,
      templates,
      notes: context.notes?.text ?? '',
      focusNotes: () => notesRef.current?.focus(),
      category: context.category,
      sort: context.sort,
    }),
    [actor, step, templates, context.notes?.text, context.category, context.sort],
  )
  usePublishCommandContext(
    useMemo(
      () => ({
        triage: handle,
        ...(context.currentId ? { focused: { kind: 'project', id: context.currentId } } : {}),
      }),
      [handle, context.currentId],
    ),
  )

  const left = candidates(context).length
  return (
    <div className="triage" data-testid="triage" data-step={step} data-sort={context.sort}>
      <PageHeader
        title={context.category ? `Triage · ${context.category}` : 'Triage'}
        description={
          step === 'done' || step === 'loading' || step === 'failed'
            ? `The verification queue, ${context.sort === 'risk' ? 'lowest risk' : 'oldest'} first.`
            : `${left} to go · ${context.decided.length} decided, ${context.skipped.length} skipped this session · ${context.total} in the queue${context.claimedByOthers ? ` · ${context.claimedByOthers} being reviewed by others` : ''}`
        }
        actions={
          <>
            <CommandButton id="projects.triage.sortRisk" showShortcut />
            <CommandButton id="projects.triage.sortOldest" showShortcut />
            <CommandButton id="projects.triage.editTemplates" />
            <CommandButton id="projects.triage.exit" showShortcut />
          </>
        }
      />
      {step === 'loading' ? (
        <LoadingState title="Loading the queue" />
      ) : step === 'failed' ? (
        <ErrorState
          title="Failed to load the queue"
          message={context.error ?? 'Request failed'}
          action={<CommandRetry retry={() => actor.send({ type: 'retry' })} />}
        />
      ) : step === 'done' ? (
        <EmptyState
          title="The queue is clear"
          description={
            context.skipped.length
              ? `${context.skipped.length} skipped this session: reload to see them again.`
              : 'Nothing waits for a decision.'
          }
          action={<CommandButton id="projects.triage.reload" showShortcut />}
        />
      ) : (
        <div className="triage__layout">
          <section className="triage__main" aria-label="Project under review">
            <TriageQueue items={candidates(context)} currentId={context.currentId} />
            {step === 'claiming' ? (
              // Not shown before it is ours: another moderator may be claiming it at this moment.
              <LoadingState title={current ? `Claiming ${current.title}` : 'Claiming'} />
            ) : bundle.error && !project ? (
              <ErrorState title="Failed to load the project" message={bundle.error.message} />
            ) : !project ? (
              <LoadingState title={current ? `Loading ${current.title}` : 'Loading'} />
            ) : (
              <ProjectPanel bundle={project} />
            )}
          </section>
          <DecisionPanel
            context={context}
            step={step}
            templates={templates}
            notesRef={notesRef}
            onNotes={(text) => actor.send({ type: 'notes.change', text })}
          />
        </div>
      )}
    </div>
  )
}

function ProjectPanel({ bundle }: { bundle: TriageBundle }) {
  const { project: p, owner } = bundle
  return (
    <article
      className="card triage-project"
      data-testid="triage-project"
      data-project-id={p._id}
      aria-labelledby="triage-title"
    >
      <header className="card__header triage-project__header">
        <div>
          <h2 id="triage-title">{p.title}</h2>
          <p className="triage-project__meta">
            {p.category} · {formatINR(p.price)} · {owner ? `${owner.name} <${owner.email}>` : 'No owner'}
          </p>
        </div>
        <div className="triage-project__status">
          <VerificationBadge status={p.verificationStatus} />
          <span className="triage-age" data-testid="triage-age" title={`In the queue since ${bundle.enteredQueueAt}`}>
            {formatAge(bundle.ageMs)} in queue
          </span>
        </div>
      </header>
      <div className="card__body triage-project__body">
        <section aria-label="Submission message">
          <h3>Submission message</h3>
          <p className="triage-text">{p.submissionMessage || <span className="muted">No message.</span>}</p>
        </section>
        {bundle.lastDecision ? (
          <p className="triage-last muted">
            Last review: {statusTitle(bundle.lastDecision.status)} by {bundle.lastDecision.by ?? 'someone'} · “
            {bundle.lastDecision.notes}”
          </p>
        ) : null}
        <TriageChanges changes={bundle.changes} decided={!!bundle.lastDecision} />
        <section aria-label="Description">
          <h3>Description</h3>
          <p className="triage-text">{p.description}</p>
          {p.technologies.length ? <p className="muted">{p.technologies.join(', ')}</p> : null}
        </section>
        {bundle.images.length ? (
          <section aria-label="Images">
            <h3>Images</h3>
            <div className="triage-images">
              {bundle.images.map((img) => (
                <img key={img.url} src={img.url} alt={img.alt || p.title} loading="lazy" />
              ))}
            </div>
          </section>
        ) : null}
        <div className="triage-source-row">
          <section aria-label="README">
            <h3>README{bundle.readme ? <span className="muted"> · {bundle.readme.path}</span> : null}</h3>
            {bundle.readme ? (
              <pre className="triage-readme" tabIndex={0}>
                {bundle.readme.text}
                {bundle.readme.truncated ? '\n…' : ''}
              </pre>
            ) : (
              <p className="muted">No README: the project has no repository, or none at its root.</p>
            )}
          </section>
          <TriageSourceReport projectId={p._id} />
        </div>
      </div>
    </article>
  )
}

const DECISIONS = [
  'projects.triage.approve',
  'projects.triage.needsChanges',
  'projects.triage.reject',
  'projects.triage.hold',
  'projects.triage.skip',
]

function DecisionPanel({
  context,
  step,
  templates,
  notesRef,
  onNotes,
}: {
  context: TriageContext
  step: TriageStep
  templates: readonly { id: string; label: string; text: string }[]
  notesRef: React.RefObject<HTMLTextAreaElement | null>
  onNotes: (text: string) => void
}) {
  const notes = context.notes
  return (
    <aside className="card triage-decide" aria-label="Decision">
      <header className="card__header">
        <h2>{notes ? statusTitle(notes.status) : 'Decide'}</h2>
      </header>
      <div className="card__body triage-decide__body">
        {context.error ? (
          <p className="triage-error" role="alert">
            {context.error}
          </p>
        ) : null}
        {step === 'claiming' ? (
          <p className="muted" role="status">
            Claiming the project…
          </p>
        ) : null}
        {step === 'submitting' ? (
          <p className="muted" role="status">
            Saving the decision…
          </p>
        ) : null}
        {notes ? (
          <div className="triage-notes" data-testid="triage-notes">
            {templates.length ? (
              <ol className="triage-templates" aria-label="Reason templates">
                {templates.map((t, i) => (
                  <li key={t.id}>
                    <CommandButton id={`projects.triage.template.${i + 1}`} variant="ghost" size="sm" showShortcut />
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">No saved templates for this decision.</p>
            )}
            <label className="field__label" htmlFor="triage-notes-text">
              Notes to the owner
            </label>
            <TextArea
              id="triage-notes-text"
              ref={notesRef}
              rows={6}
              value={notes.text}
              data-testid="triage-notes-text"
              onChange={(e) => onNotes(e.target.value)}
              placeholder="Pick a template with 1-9, or press E to write"
            />
            <div className="triage-decide__row">
              <CommandButton id="projects.triage.submit" variant="primary" showShortcut />
              <CommandButton id="projects.triage.back" variant="ghost" showShortcut />
              <CommandButton id="projects.triage.editNotes" variant="ghost" showShortcut />
            </div>
          </div>
        ) : (
          <div className="triage-decide__list">
            {DECISIONS.map((id) => (
              <CommandButton
                key={id}
                id={id}
                variant={id.endsWith('approve') ? 'primary' : 'secondary'}
                showShortcut
                disabled={step !== 'showing'}
              />
            ))}
          </div>
        )}
        <p className="triage-hint muted">
          Undo the last decision with <ShortcutKeys shortcut="u" /> or <ShortcutKeys shortcut="mod+z" /> while its toast
          shows.
        </p>
      </div>
    </aside>
  )
}
