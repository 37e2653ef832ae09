/**
 * Mermaid `stateDiagram-v2` text for an XState v5 machine, from its JSON definition
 * (`machine.toJSON()`): compound states nest, parallel regions are split by `--`, each transition is
 * labelled with its event (done/error of an invoked actor, `after N ms`, `always`) and its guard.
 * Used by `npm run machines`; the output is deterministic so CI can compare it with docs/machines.
 */

/** The parts of `machine.toJSON()` read here (XState v5 StateNode.definition). */
export interface StateNodeJSON {
  id: string
  key: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  initial?: { target: string[] }
  states: Record<string, StateNodeJSON>
  on: Record<string, TransitionJSON[]>
  always?: TransitionJSON[]
  invoke?: Array<{ id: string; src: string | { id?: string } }>
}

interface TransitionJSON {
  target?: string[]
  guard?: { type?: string } | string
  eventType: string
}

const nodeName = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_')

/** A short label for an event type: invoked actors by their src, delays in ms. */
export function eventLabel(eventType: string, node: StateNodeJSON): string {
  const actorSrc = (actorId: string) => {
    const invoke = node.invoke?.find((i) => i.id === actorId)
    return invoke ? (typeof invoke.src === 'string' ? invoke.src : (invoke.src.id ?? actorId)) : actorId
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `${actorSrc(done[1])} done`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `${actorSrc(error[1])} error`
  const after = /^xstate\.after\.(\d+)\./.exec(eventType)
  if (after) return `after ${after[1]} ms`
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType)
  if (doneState) return `${doneState[1].split('.').pop()} done`
  return eventType === '' ? 'always' : eventType
}

function guardLabel(guard: TransitionJSON['guard']): string {
  if (!guard) return ''
  const type = typeof guard === 'string' ? guard : guard.type
  return type && !type.startsWith('xstate.') ? ` [${type}]` : ' [guard]'
}

function transitionLines(node: StateNodeJSON, indent: string): string[] {
  const lines: string[] = []
  const all = [...Object.values(node.on).flat(), ...(node.always ?? [])]
  for (const t of all) {
    const label = `${eventLabel(t.eventType, node)}${guardLabel(t.guard)}`.replace(/:/g, ' ')
    const targets = t.target?.length ? t.target : [`#${node.id}`]
    for (const target of targets)
      lines.push(`${indent}${nodeName(node.id)} --> ${nodeName(target.replace(/^#/, ''))} : ${label}`)
  }
  return lines
}

function stateLines(node: StateNodeJSON, indent: string): string[] {
  const name = nodeName(node.id)
  const children = Object.values(node.states)
  const lines = [`${indent}state "${node.key}" as ${name}`]
  if (children.length) {
    lines.push(`${indent}state ${name} {`)
    lines.push(...regionLines(node, `${indent}  `))
    lines.push(`${indent}}`)
  }
  if (node.type === 'final') lines.push(`${indent}${name} --> [*]`)
  return lines
}

function regionLines(node: StateNodeJSON, indent: string): string[] {
  const children = Object.values(node.states)
  if (node.type === 'parallel') {
    return children.flatMap((child, i) => [
      ...(i > 0 ? [`${indent}--`] : []),
      ...stateLines(child, indent),
      ...transitionLines(child, indent),
    ])
  }
  const initial = node.initial?.target[0]
  return [
    ...(initial ? [`${indent}[*] --> ${nodeName(initial.replace(/^#/, ''))}`] : []),
    ...children.flatMap((child) => [...stateLines(child, indent), ...transitionLines(child, indent)]),
  ]
}

/** The whole diagram for the machine definition `root` (the value of `machine.toJSON()`). */
export function toMermaid(root: StateNodeJSON): string {
  // Mermaid allows the '--' region separator only inside a composite state: box a parallel root.
  const body =
    root.type === 'parallel' ? [`  [*] --> ${nodeName(root.id)}`, ...stateLines(root, '  ')] : regionLines(root, '  ')
  return ['stateDiagram-v2', ...body, ...transitionLines(root, '  ')].join('\n') + '\n'
}
