/**
 * analyseCommit on a worker thread of its own (analyse.worker.ts): the job worker awaits it while
 * the server's event loop keeps answering requests. The thread starts at analyse.worker.mjs, which
 * loads the TypeScript sources through tsx (as the server itself runs), and ends with the analysis.
 */
import { Worker } from 'node:worker_threads'
import type { SourceReport } from '../../../src/api/schemas/source-report'
import type { AnalyseOptions } from './analyse-commit'

/** What the thread is given: the analysis' arguments, with the clock as an ISO time. */
export type WorkerInput = {
  gitDir: string
  commit: string
  category?: string
  previous?: AnalyseOptions['previous']
  limits?: AnalyseOptions['limits']
  /** generatedAt of the report (ISO 8601). */
  now: string
}

/**
 * Analyse `commit` of the bare repository `gitDir` on a worker thread; resolves with its
 * SourceReport, rejects with the analysis' error (an unknown commit) or the thread's exit.
 */
export function analyseInWorker(input: WorkerInput): Promise<SourceReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./analyse.worker.mjs', import.meta.url), { workerData: input })
    let settled = false
    worker.once('message', (message: { report?: SourceReport; error?: string }) => {
      settled = true
      if (message.report) resolve(message.report)
      else reject(new Error(message.error ?? 'The analysis ended without a report'))
      void worker.terminate()
    })
    worker.once('error', (error) => {
      settled = true
      reject(error)
    })
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The analysis thread exited with code ${code}`))
    })
  })
}
