/**
 * sourceReportMachine: a re-run goes back to the latest report and announces 'report.queued'
 * with the server's message; the SBOM's blob is emitted to be saved (of the chosen commit); a
 * failure says the server's message; open is a dialog in triage and a scroll on the detail page;
 * a second action waits for the first; another project resets the choice; after a re-run the
 * screen waits for a report made since (or the analysis' failure).
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { sourceReportMachine, type SourceReportEmitted } from '../../../src/machines/source-report.machine'

const COMMIT = 'c'.repeat(40)

function start(surface: 'detail' | 'triage' = 'detail', fail: string[] = []) {
  const calls: Array<[string, unknown]> = []
  const blob = new Blob(['{}'])
  const actor = createActor(
    sourceReportMachine.provide({
      actors: {
        rerun: fromPromise<{ message: string }, { projectId: string }>(async ({ input }) => {
          calls.push(['rerun', input])
          if (fail.includes('rerun')) throw new ApiError(409, 'The project has no uploaded source to analyse')
          return { message: 'Analysis queued' }
        }),
        fetchSbom: fromPromise<{ fileName: string; blob: Blob }, { projectId: string; commit: string | null }>(
          async ({ input }) => {
            calls.push(['sbom', input])
            if (fail.includes('sbom')) throw new ApiError(404, 'No source report yet')
            return { fileName: 'sbom-cccccccccccc.cdx.json', blob }
          },
        ),
      },
    }),
    { input: { projectId: 'p1', surface } },
  ).start()
  const emitted: SourceReportEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  const idle = () => waitFor(actor, (s) => s.matches('idle'))
  return { actor, calls, emitted, blob, idle }
}

describe('sourceReportMachine', () => {
  it('re-runs the analysis, shows the latest report again and says so', async () => {
    const { actor, calls, emitted, idle } = start()
    actor.send({ type: 'commit.select', commit: COMMIT })
    actor.send({ type: 'report.rerun' })
    expect(actor.getSnapshot().value).toBe('rerunning')
    await idle()
    expect(calls).toEqual([['rerun', { projectId: 'p1' }]])
    expect(actor.getSnapshot().context.commit).toBeNull()
    expect(emitted).toEqual([
      { type: 'report.queued', projectId: 'p1' },
      { type: 'notify.success', text: 'Analysis queued' },
    ])
  })

  it("downloads the chosen commit's SBOM and hands the file over", async () => {
    const { actor, calls, emitted, blob, idle } = start()
    actor.send({ type: 'commit.select', commit: COMMIT })
    actor.send({ type: 'sbom.download' })
    await idle()
    expect(calls).toEqual([['sbom', { projectId: 'p1', commit: COMMIT }]])
    expect(emitted).toEqual([{ type: 'file.save', blob, fileName: 'sbom-cccccccccccc.cdx.json' }])
  })

  it("keeps the server's message of a refusal", async () => {
    const { actor, emitted, idle } = start('detail', ['rerun'])
    actor.send({ type: 'report.rerun' })
    await idle()
    expect(actor.getSnapshot().context.error).toBe('The project has no uploaded source to analyse')
    expect(emitted).toEqual([{ type: 'notify.error', text: 'The project has no uploaded source to analyse' }])
  })

  it('refuses a second action while one runs', async () => {
    const { actor, calls, emitted, idle } = start()
    actor.send({ type: 'report.rerun' })
    actor.send({ type: 'sbom.download' })
    expect(emitted[0]).toEqual({ type: 'notify.error', text: 'Wait for the current source report action to finish.' })
    await idle()
    expect(calls.map(([name]) => name)).toEqual(['rerun'])
  })

  it('opens a dialog in triage and asks for the section on the detail page', () => {
    const triage = start('triage')
    triage.actor.send({ type: 'report.open' })
    expect(triage.actor.getSnapshot().context.dialogOpen).toBe(true)
    triage.actor.send({ type: 'dialog.close' })
    expect(triage.actor.getSnapshot().context.dialogOpen).toBe(false)
    const detail = start('detail')
    detail.actor.send({ type: 'report.open' })
    expect(detail.actor.getSnapshot().context.dialogOpen).toBe(false)
    expect(detail.emitted).toEqual([{ type: 'section.reveal' }])
  })

  it('another project starts from its latest report with the dialog closed', () => {
    const { actor } = start('triage')
    actor.send({ type: 'commit.select', commit: COMMIT })
    actor.send({ type: 'report.open' })
    actor.send({ type: 'project.set', projectId: 'p1' })
    expect(actor.getSnapshot().context).toMatchObject({ commit: COMMIT, dialogOpen: true })
    actor.send({ type: 'project.set', projectId: 'p2' })
    expect(actor.getSnapshot().context).toMatchObject({ projectId: 'p2', commit: null, dialogOpen: false })
  })

  it('after a re-run waits for a report made since, or for the analysis to fail', async () => {
    const { actor, idle } = start()
    actor.send({ type: 'report.shown', generatedAt: 'T1', failed: false })
    actor.send({ type: 'report.rerun' })
    await idle()
    expect(actor.getSnapshot().context.awaitingAfter).toBe('T1')
    actor.send({ type: 'report.shown', generatedAt: 'T1', failed: false })
    expect(actor.getSnapshot().context.awaitingAfter).toBe('T1')
    actor.send({ type: 'report.shown', generatedAt: 'T2', failed: false })
    expect(actor.getSnapshot().context.awaitingAfter).toBeNull()

    actor.send({ type: 'report.rerun' })
    await idle()
    expect(actor.getSnapshot().context.awaitingAfter).toBe('T2')
    actor.send({ type: 'report.shown', generatedAt: 'T2', failed: true })
    expect(actor.getSnapshot().context.awaitingAfter).toBeNull()
  })
})
