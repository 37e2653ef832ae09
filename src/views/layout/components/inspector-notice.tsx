/**
 * The page's notice when `?inspect` asked for the state inspector and it could not open or
 * connect (src/machines/shared/inspect.ts): what happened and how to allow it. Nothing otherwise.
 */
import { useSyncExternalStore } from 'react'
import { inspectorProblem, onInspectorProblem } from '../../../machines/shared/inspect'

export function InspectorNotice() {
  const problem = useSyncExternalStore(onInspectorProblem, inspectorProblem)
  if (!problem) return null
  return (
    <p className="inspector-notice" role="alert" data-testid="inspector-notice">
      {problem}
    </p>
  )
}
