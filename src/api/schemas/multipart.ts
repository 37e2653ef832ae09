/**
 * Multipart bodies in the contract. Hono's `parseBody({ all: true })` gives a field sent once as
 * its value, a repeated field as an array, and a missing one as undefined; these helpers turn a
 * file field into `File[]` and name an unknown field, so upload schemas read the same way.
 */
import * as v from 'valibot'

/** A file field's parts as `File[]` (missing → `[]`), or null when any part is text instead of a file. */
export function fileParts(value: unknown): File[] | null {
  const parts: unknown[] = value === undefined ? [] : [value].flat()
  return parts.every((part) => part instanceof File) ? (parts as File[]) : null
}

/** Strict-object message: 'Unknown field: {key}' for a key the schema does not name, else the issue's own. */
export const unknownFieldMessage = (issue: v.StrictObjectIssue) =>
  issue.expected === 'never' ? `Unknown field: ${v.getDotPath(issue) ?? ''}` : issue.message

/** Room for the multipart framing and text fields around the files of one request (1 MB): body limits add it. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024
