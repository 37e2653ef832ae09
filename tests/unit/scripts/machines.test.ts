import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import {
  DOCS_DIR,
  MACHINES_DIR,
  collectMachines,
  definitionOf,
  renderDocuments,
} from '../../../scripts/machines/collect'
import { toMermaid } from '../../../scripts/machines/mermaid'

const sample = setup({
  actors: { load: fromPromise(async () => 1) },
  guards: { isReady: () => true },
}).createMachine({
  id: 'sample',
  type: 'parallel',
  states: {
    flow: {
      initial: 'loading',
      states: {
        loading: { invoke: { src: 'load', onDone: 'done', onError: 'failed' } },
        failed: { on: { retry: { guard: 'isReady', target: 'loading' } }, after: { 500: 'loading' } },
        done: { type: 'final' },
      },
    },
    banner: { initial: 'hidden', states: { hidden: { on: { show: 'shown' } }, shown: {} } },
  },
})

describe('machine diagrams (npm run machines)', () => {
  it('renders nesting, parallel regions, invoked actors, guards, delays and final states', () => {
    const text = toMermaid(definitionOf(sample))
    expect(text.split('\n')[0]).toBe('stateDiagram-v2')
    expect(text).toContain('state sample {')
    expect(text).toContain('state sample_flow {')
    expect(text).toContain('  --\n')
    expect(text).toContain('[*] --> sample_flow_loading')
    expect(text).toContain('sample_flow_loading --> sample_flow_done : load done')
    expect(text).toContain('sample_flow_loading --> sample_flow_failed : load error')
    expect(text).toContain('sample_flow_failed --> sample_flow_loading : retry [isReady]')
    expect(text).toContain('sample_flow_failed --> sample_flow_loading : after 500 ms')
    expect(text).toContain('sample_flow_done --> [*]')
  })

  it('documents a machine from every machine file of src/machines', async () => {
    const found = new Set((await collectMachines()).map((m) => m.file))
    const files = fs.readdirSync(MACHINES_DIR).filter((f) => f.endsWith('.machine.ts'))
    expect(files.length).toBeGreaterThan(0)
    expect([...found].sort()).toEqual(files.sort())
  })

  it('docs/machines matches the code (run `npm run machines` after changing a machine)', async () => {
    const docs = await renderDocuments()
    const onDisk = fs.readdirSync(DOCS_DIR).sort()
    expect(onDisk).toEqual([...docs.keys()].sort())
    for (const [name, text] of docs) expect(fs.readFileSync(path.join(DOCS_DIR, name), 'utf8'), name).toBe(text)
  })
})
