// The entry of the analysis thread (analyse-in-worker.ts): Node cannot start a thread from a .ts
// file, so this registers tsx for the thread and loads the TypeScript worker through it.
import { tsImport } from 'tsx/esm/api'

await tsImport('./analyse.worker.ts', import.meta.url)
