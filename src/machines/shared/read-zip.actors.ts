/**
 * The ZIP reading actor shared by Add Project and the detail page's files section: reads the
 * file in the worker and hands xstate's AbortSignal on, so leaving the reading state (a new
 * selection, Clear all) or stopping the machine terminates the worker.
 */
import { fromPromise } from 'xstate'
import { readZipInWorker, startZipWorker, type ZipWorker } from '../../workers/read-zip'
import type { Selection } from './upload-files.rules'

/** `readZip` actor logic; tests pass a fake worker factory. */
export const createReadZip = (start: () => ZipWorker = startZipWorker) =>
  fromPromise<Selection, { file: Blob }>(({ input, signal }) => readZipInWorker(input.file, signal, start))
