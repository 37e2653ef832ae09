/**
 * The page's notice when `?inspect` asked for the state inspector and it could not open or
 * connect (src/machines/shared/inspect.ts): what happened and how to allow it. Nothing otherwise.
 */
import { useSyncExternalStore } from 'react'
import { inspectorProblem, onInspectorProblem } from '../../../machines/shared/inspect'

/** What the prerendered page showed, so hydration matches it; the real state follows at once. */
const noProblem = () => null

export function InspectorNotice() {
  const problem = useSyncExternalStore(onInspectorProblem, inspectorProblem, noProblem)
  if (!problem) return null
  return (
    <p className="inspector-notice" role="alert" data-testid="inspector-notice">
      {problem}
    </p>
  )
}
