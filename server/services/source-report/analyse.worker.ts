/**
 * The analysis process of analyse-in-worker.ts: takes one WorkerInput message, runs analyseCommit
 * and sends back `{ report }` or `{ error }`, so the analysers' CPU work (languages, secrets,
 * manifests) runs outside the server's process, at a lower priority than its requests.
 */
import { analyseCommit } from './analyse-commit'
import type { WorkerInput } from './analyse-in-worker'

process.once('message', (input: WorkerInput) => {
  analyseCommit(input.gitDir, input.commit, {
    category: input.category,
    previous: input.previous,
    limits: input.limits,
    now: () => new Date(input.now),
  }).then(
    (report) => process.send?.({ report }),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
  )
})
