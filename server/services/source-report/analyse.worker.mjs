// The entry of the analysis process (analyse-in-worker.ts): it is started with plain node, so this
// registers tsx and loads the TypeScript worker through it.
import { tsImport } from 'tsx/esm/api'

await tsImport('./analyse.worker.ts', import.meta.url)
