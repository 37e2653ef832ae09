/**
 * Source report commands: shift+s opens the focused project's Source report section from the
 * Projects list and sends 'report.open' where a report surface is published; shift+a re-runs,
 * shift+b downloads the SBOM only with a report and not while busy; a history row shows its commit.
 */
import { describe, expect, it } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import { sourceReportPath, type SourceReportHandle } from '../../../src/commands/source-report.commands'
import { context, control, recorder } from './context'

const COMMIT = 'a'.repeat(40)

function surface(extra: Partial<SourceReportHandle> = {}) {
  const { actor, sent } = recorder<SourceReportHandle['actor']>()
  const handle: SourceReportHandle = {
    actor,
    surface: 'detail',
    hasReport: true,
    commit: COMMIT,
    busy: false,
    dialogOpen: false,
    ...extra,
  }
  return { ctx: context('/projects/p1', { sourceReport: handle }), sent }
}

describe('source report commands', () => {
  it('have their keys: shift+s open, shift+a re-run, shift+b SBOM', () => {
    expect(registry.get('projects.sourceReport.open')?.shortcut).toBe('shift+s')
    expect(registry.get('projects.sourceReport.rerun')?.shortcut).toBe('shift+a')
    expect(registry.get('projects.sourceReport.sbom')?.shortcut).toBe('shift+b')
  })

  it('open navigates from the Projects list to the focused project at its Source report section', () => {
    const list = context('/projects', { projectsList: {} as never, focused: { kind: 'project', id: 'p7' } })
    control('projects.sourceReport.open', list).run()
    expect(list.navigate).toHaveBeenCalledWith(sourceReportPath('p7'))
    expect(sourceReportPath('p7')).toBe('/projects/p7#source-report')
    expect(control('projects.sourceReport.open', context('/projects', { projectsList: {} as never })).visible).toBe(
      false,
    )
    expect(control('projects.sourceReport.open', context('/')).visible).toBe(false)
  })

  it('open, re-run and SBOM send their events to a published surface', () => {
    const { ctx, sent } = surface()
    for (const id of ['open', 'rerun', 'sbom']) control(`projects.sourceReport.${id}`, ctx).run()
    expect(sent).toEqual([{ type: 'report.open' }, { type: 'report.rerun' }, { type: 'sbom.download' }])
  })

  it('in triage open reads Full report and waits for a report', () => {
    expect(control('projects.sourceReport.open', surface({ surface: 'triage' }).ctx).label).toBe('Full report')
    expect(control('projects.sourceReport.open', surface({ surface: 'triage', hasReport: false }).ctx).reason).toBe(
      'No report yet',
    )
  })

  it('the SBOM needs a report; re-run and SBOM wait while one of them runs', () => {
    expect(control('projects.sourceReport.sbom', surface({ hasReport: false }).ctx).reason).toBe('No source report yet')
    const busy = surface({ busy: true }).ctx
    expect(control('projects.sourceReport.sbom', busy).reason).toMatch(/Wait/)
    expect(control('projects.sourceReport.rerun', busy).reason).toMatch(/Wait/)
  })

  it('a history row shows its commit and is checked while shown', () => {
    const { ctx, sent } = surface()
    const other = 'b'.repeat(40)
    expect(control('projects.sourceReport.commit', ctx).visible).toBe(false)
    const row = control('projects.sourceReport.commit', ctx, { kind: 'sourceCommit', id: other })
    expect(row).toMatchObject({ visible: true, label: 'bbbbbbb', checked: false })
    expect(control('projects.sourceReport.commit', ctx, { kind: 'sourceCommit', id: COMMIT }).checked).toBe(true)
    row.run()
    expect(sent).toEqual([{ type: 'commit.select', commit: other }])
  })

  it('close shows only while the dialog is open', () => {
    expect(control('projects.sourceReport.close', surface().ctx).visible).toBe(false)
    const open = surface({ surface: 'triage', dialogOpen: true })
    control('projects.sourceReport.close', open.ctx).run()
    expect(open.sent).toEqual([{ type: 'dialog.close' }])
  })
})
