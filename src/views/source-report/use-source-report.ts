/**
 * One source report surface (detail section or triage): the sourceReport actor of `projectId`,
 * the report of its chosen commit (react-query, polled while queued), the effects the actor emits
 * (toasts, saving the SBOM, refetching after a re-run, scrolling to the section) and the
 * `sourceReport` handle published for the `projects.sourceReport.*` commands.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { sourceReportKeys, useSourceReport } from '../../api/source-report'
import { SOURCE_REPORT_ANCHOR, type SourceReportHandle } from '../../commands/source-report.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { toast } from '../../components/toast'
import { downloadBlob } from '../../lib/download'
import { actorOptions } from '../../machines/shared/inspect'
import { sourceReportMachine } from '../../machines/source-report.machine'

/**
 * The actor, the query of the shown report, its state ('queued' also while a re-run waits for its
 * fresh report), the chosen commit (null = latest) and the action under way of `projectId` on `surface`.
 */
export function useSourceReportSurface(projectId: string, surface: SourceReportHandle['surface']) {
  const queryClient = useQueryClient()
  const actor = useActorRef(sourceReportMachine, actorOptions({ input: { projectId, surface } }))
  useEffect(() => actor.send({ type: 'project.set', projectId }), [actor, projectId])
  const chosen = useSelector(actor, (s) => (s.context.projectId === projectId ? s.context.commit : null))
  const step = useSelector(actor, (s) => s.value as 'idle' | 'rerunning' | 'downloading')
  const busy = step !== 'idle'
  const dialogOpen = useSelector(actor, (s) => s.context.dialogOpen)
  const awaiting = useSelector(actor, (s) => s.context.awaitingAfter !== null)
  const query = useSourceReport(projectId, chosen, awaiting)
  const report = query.data?.report ?? null
  const generatedAt = report?.generatedAt ?? null
  const failed = query.data?.state === 'failed'
  useEffect(() => actor.send({ type: 'report.shown', generatedAt, failed }), [actor, generatedAt, failed])
  // A re-run is under way until a report made since shows: say so as the server says 'queued'.
  const state = awaiting ? 'queued' : query.data?.state

  useEffect(() => {
    const sub = actor.on('*', (event) => {
      switch (event.type) {
        case 'notify.success':
          return void toast.success(event.text)
        case 'notify.error':
          return void toast.error(event.text)
        case 'file.save':
          return downloadBlob(event.blob, event.fileName)
        case 'report.queued':
          return void queryClient.invalidateQueries({ queryKey: sourceReportKeys.all(event.projectId) })
        case 'section.reveal':
          return document.getElementById(SOURCE_REPORT_ANCHOR)?.scrollIntoView({ block: 'start' })
      }
    })
    return () => sub.unsubscribe()
  }, [actor, queryClient])

  const handle = useMemo<SourceReportHandle>(
    () => ({ actor, surface, hasReport: !!report, commit: report?.commit ?? null, busy, dialogOpen }),
    [actor, surface, report, busy, dialogOpen],
  )
  usePublishCommandContext(useMemo(() => ({ sourceReport: handle }), [handle]))
  return { actor, query, report, state, chosen, step, busy, dialogOpen }
}
