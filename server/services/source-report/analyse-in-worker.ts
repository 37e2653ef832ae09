/**
 * analyseCommit in a child process of its own (analyse.worker.mjs → analyse.worker.ts), run at a
 * lower CPU priority (nice 10): the job worker awaits it while the server keeps answering
 * requests first, even on a machine whose cores the analysis would otherwise share with them.
 * The process ends with the analysis.
 */
import { fork } from 'node:child_process'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import type { SourceReport } from '../../../src/api/schemas/source-report'
import type { AnalyseOptions } from './analyse-commit'

/** The nice value of the analysis process (higher is lower priority; Linux 0-19). */
const ANALYSIS_NICE = 10

/** What the process is given: the analysis' arguments, with the clock as an ISO time. */
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
 * Analyse `commit` of the bare repository `gitDir` in a child process; resolves with its
 * SourceReport, rejects with the analysis' error (an unknown commit) or the process's exit.
 */
export function analyseInWorker(input: WorkerInput): Promise<SourceReport> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./analyse.worker.mjs', import.meta.url)), [], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    })
    try {
      if (child.pid) os.setPriority(child.pid, ANALYSIS_NICE)
    } catch {
      // Not allowed here (some containers): the analysis runs at the server's priority.
    }
    let settled = false
    child.once('message', (message: { report?: SourceReport; error?: string }) => {
      settled = true
      if (message.report) resolve(message.report)
      else reject(new Error(message.error ?? 'The analysis ended without a report'))
      child.kill()
    })
    child.once('error', (error) => {
      settled = true
      reject(error)
    })
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`The analysis process exited (${signal ?? code})`))
    })
    child.send(input)
  })
}
