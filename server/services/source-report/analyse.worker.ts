/**
 * The worker thread of analyse-in-worker.ts: runs analyseCommit for the `workerData` it was
 * started with and posts `{ report }` or `{ error }` back, so the analysers' CPU work (languages,
 * secrets, manifests) never blocks the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { analyseCommit } from './analyse-commit'
import type { WorkerInput } from './analyse-in-worker'

const input = workerData as WorkerInput
analyseCommit(input.gitDir, input.commit, {
  category: input.category,
  previous: input.previous,
  limits: input.limits,
  now: () => new Date(input.now),
}).then(
  (report) => parentPort?.postMessage({ report }),
  (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
)
