/**
 * Add Project's unfinished drafts (decision 038): each with its title, when it was last touched
 * and what the server holds, and Resume (the `projects.new.resumeDraft` command with the draft as
 * target); below, the drafts nobody touched for STALE_DRAFT_DAYS days, deleted only through
 * `projects.new.deleteStaleDrafts` and its confirmation. Hidden once a draft is open or none exist.
 */
import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { useQueryClient } from '@tanstack/react-query'
import { draftKeys, useDrafts } from '../../../api/upload'
import { projectKeys } from '../../../api/projects'
import type { DraftSummary } from '../../../api/schemas/upload'
import { Card } from '../../../components/card'
import { ConfirmDialog } from '../../../components/dialog'
import { toast } from '../../../components/toast'
import { CommandButton } from '../../../commands/command-button'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { STALE_DRAFT_DAYS } from '../../../domain/upload-resume'
import { formatQuantity, formatRelativeTime } from '../../../lib/format'
import { actorOptions } from '../../../machines/shared/inspect'
import { deletedText, staleQuestion, uploadDraftsMachine } from '../../../machines/upload-drafts.machine'
import { versionsOf } from '../../../api/bulk-outcome'

/** What the server holds of a draft, in words. */
function holds(draft: DraftSummary): string {
  if (draft.hasFiles) return 'files uploaded, not published'
  if (draft.totalChunks === null) return 'no files on the server'
  return `${formatQuantity(draft.uploadedFiles, 'file')} on the server (${draft.uploadedChunks} of ${draft.totalChunks} chunks)`
}

function DraftItem({ draft, resumable }: { draft: DraftSummary; resumable: boolean }) {
  return (
    <li className="drafts-offer__item" data-testid="draft-item">
      <span className="drafts-offer__title">{draft.title}</span>
      <span className="drafts-offer__meta faint">
        last touched {formatRelativeTime(draft.lastTouchedAt)} · {holds(draft)}
      </span>
      {resumable ? (
        <CommandButton id="projects.new.resumeDraft" target={{ kind: 'draft', id: draft._id }} size="sm" />
      ) : null}
    </li>
  )
}

export function DraftsOffer({ hidden }: { hidden: boolean }) {
  const drafts = useDrafts()
  const queryClient = useQueryClient()
  const actor = useActorRef(uploadDraftsMachine, actorOptions())
  const confirming = useSelector(actor, (s) => s.matches('confirming'))
  const deleting = useSelector(actor, (s) => s.matches('deleting'))
  const pending = useSelector(actor, (s) => s.context.ids.length)
  const list = useMemo(() => drafts.data ?? [], [drafts.data])
  const fresh = list.filter((d) => !d.stale)
  const stale = list.filter((d) => d.stale)
  const staleDrafts = useMemo(() => {
    const rows = list.filter((d) => d.stale).map((d) => ({ id: d._id, updatedAt: d.updatedAt }))
    const ids = rows.map((r) => r.id)
    return { actor, ids, versions: versionsOf(rows, ids) }
  }, [actor, list])
  const published = useMemo(() => ({ staleDrafts }), [staleDrafts])
  usePublishCommandContext(published)

  useEffect(() => {
    const subs = [
      actor.on('drafts.deleted', ({ count, kept }) => {
        const text = deletedText(count, kept)
        if (count === 0) toast.error(text)
        else toast.success(text)
        void queryClient.invalidateQueries({ queryKey: draftKeys.all })
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists })
      }),
      actor.on('notify.error', ({ text }) => toast.error(text)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, queryClient])

  if (hidden || list.length === 0) return null
  return (
    <Card title="Unfinished drafts" data-testid="drafts-offer">
      {fresh.length > 0 ? (
        <>
          <p className="faint drafts-offer__hint">
            Resume one to continue its upload: select the same folder or ZIP again, and the chunks already on the server
            are skipped.
          </p>
          <ul className="drafts-offer__list">
            {fresh.map((d) => (
              <DraftItem key={d._id} draft={d} resumable />
            ))}
          </ul>
        </>
      ) : null}
      {stale.length > 0 ? (
        <div className="drafts-offer__stale" data-testid="stale-drafts">
          <p className="drafts-offer__hint">
            <strong>Untouched for {STALE_DRAFT_DAYS}+ days</strong>{' '}
            <span className="faint">(kept until you delete them)</span>
          </p>
          <ul className="drafts-offer__list">
            {stale.map((d) => (
              <DraftItem key={d._id} draft={d} resumable />
            ))}
          </ul>
          <div>
            <CommandButton id="projects.new.deleteStaleDrafts" variant="danger" size="sm" loading={deleting} />
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && actor.send({ type: 'confirm.cancel' })}
        title="Delete stale drafts"
        description={staleQuestion(pending)}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
      />
    </Card>
  )
}
