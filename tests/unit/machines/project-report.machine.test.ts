import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  projectReportMachine,
  type ProjectReportEmitted,
  type ProjectReportEvent,
} from '../../../src/machines/project-report.machine'

const docx = (name = 'report.docx') => new File(['PK'], name)
const settle = () => new Promise((r) => setTimeout(r, 0))

function start(hasReport = false, fail: string[] = []) {
  const calls: Array<[string, unknown]> = []
  const fake = <O, I>(name: string, output: O) =>
    fromPromise<O, I>(async ({ input }) => {
      calls.push([name, input])
      if (fail.includes(name)) throw new Error('Server down')
      return output
    })
  const actor = createActor(
    projectReportMachine.provide({
      actors: {
        uploadReport: fake('upload', 'Report uploaded'),
        fetchDownloadUrl: fake('download', 'http://files/r?sig=1'),
        deleteReport: fake<void, { projectId: string }>('delete', undefined),
        savePrice: fake<unknown, { projectId: string; price: number }>('price', {}),
      },
    }),
    { input: { projectId: 'p1', hasReport, reportPrice: 0 } },
  ).start()
  const emitted: ProjectReportEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted }
}

describe('projectReportMachine', () => {
  it('opens the picker at once without a report, after the replace question with one', () => {
    const fresh = start(false)
    fresh.actor.send({ type: 'report.choose' })
    expect(fresh.emitted).toEqual([{ type: 'picker.open' }])
    const existing = start(true)
    existing.actor.send({ type: 'report.choose' })
    expect(existing.actor.getSnapshot().value).toBe('confirmingReplace')
    existing.actor.send({ type: 'confirm.cancel' })
    expect(existing.emitted).toEqual([])
    existing.actor.send({ type: 'report.choose' })
    existing.actor.send({ type: 'confirm.accept' })
    expect(existing.emitted).toEqual([{ type: 'picker.open' }])
    expect(existing.actor.getSnapshot().value).toBe('idle')
  })

  it('uploads a .docx, says so and patches hasReport; refuses other files', async () => {
    const { actor, calls, emitted } = start()
    actor.send({ type: 'report.file', file: docx('notes.pdf') })
    expect(actor.getSnapshot().context.error).toBe('Only .docx and .doc files are accepted')
    actor.send({ type: 'report.file', file: docx() })
    expect(actor.getSnapshot().value).toBe('uploading')
    await settle()
    expect(calls[0]).toEqual(['upload', { projectId: 'p1', file: expect.any(File) }])
    expect(emitted).toEqual([
      { type: 'project.patch', patch: { hasReport: true, reportPrice: 0 } },
      { type: 'notify.success', text: 'Report uploaded successfully!' },
    ])
    expect(actor.getSnapshot().context).toMatchObject({ hasReport: true, error: null })
  })

  it('downloads through the signed link (tab.open); a blocked tab says Failed to download report', async () => {
    const { actor, emitted } = start(true)
    actor.send({ type: 'report.download' })
    await settle()
    expect(emitted).toEqual([{ type: 'tab.open', url: 'http://files/r?sig=1' }])
    actor.send({ type: 'download.blocked' })
    expect(actor.getSnapshot().context.error).toBe('Failed to download report')
  })

  it('refuses download and delete without a report', () => {
    const { actor, emitted } = start(false)
    actor.send({ type: 'report.download' })
    actor.send({ type: 'report.delete' })
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'No report uploaded' },
      { type: 'notify.error', text: 'No report uploaded' },
    ])
  })

  it('deletes after confirmation and patches hasReport false', async () => {
    const { actor, emitted } = start(true)
    actor.send({ type: 'report.delete' })
    expect(actor.getSnapshot().value).toBe('confirmingDelete')
    actor.send({ type: 'confirm.cancel' })
    actor.send({ type: 'report.delete' })
    actor.send({ type: 'confirm.accept' })
    actor.send({ type: 'report.price' })
    await settle()
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Wait for the current report action to finish.' },
      { type: 'project.patch', patch: { hasReport: false, reportPrice: 0 } },
      { type: 'notify.success', text: 'Report deleted successfully!' },
    ])
  })

  it('sets the price only when it is a number', async () => {
    const { actor, calls, emitted } = start(true)
    actor.send({ type: 'report.price' })
    actor.send({ type: 'price.submit', text: 'ten' })
    expect(actor.getSnapshot()).toMatchObject({
      value: 'editingPrice',
      context: { error: 'Report price must be a number' },
    })
    actor.send({ type: 'price.submit', text: '249.5' })
    await settle()
    expect(calls).toEqual([['price', { projectId: 'p1', price: 249.5 }]])
    expect(actor.getSnapshot().context.reportPrice).toBe(249.5)
    expect(emitted.at(-1)).toEqual({ type: 'notify.success', text: 'Report price updated successfully!' })
    actor.send({ type: 'report.price' })
    actor.send({ type: 'confirm.cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it.each<[string, ProjectReportEvent[], string]>([
    ['upload', [{ type: 'report.file', file: docx() }], 'Failed to upload report'],
    ['download', [{ type: 'report.download' }], 'Failed to generate download link'],
    ['delete', [{ type: 'report.delete' }, { type: 'confirm.accept' }], 'Failed to delete report'],
    ['price', [{ type: 'report.price' }, { type: 'price.submit', text: '5' }], 'Failed to update report price'],
  ])('a failed %s shows its SPEC text; dismiss clears it', async (name, events, text) => {
    const { actor } = start(true, [name])
    for (const event of events) actor.send(event)
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { error: text } })
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
