/**
 * Repository panel contract (SPEC.md 3 "Repository controls", 5 "Repository", 7 "Repository (by
 * repository name)"). Bodies are strict objects; the default collaborator permission is push and
 * the default base branch main (SPEC.md 9). Sizes are bytes.
 */
import * as v from 'valibot'

export const PERMISSIONS = ['pull', 'push', 'maintain', 'admin'] as const

/** Strict-object messages: 'Unknown field: {key}' for extras, the field's own text when a required one is missing. */
const strict = (required: Record<string, string>) => (issue: v.StrictObjectIssue) =>
  issue.expected === 'never'
    ? `Unknown field: ${v.getDotPath(issue) ?? ''}`
    : (required[v.getDotPath(issue) ?? ''] ?? issue.message)

export const RepoNameParamSchema = v.object({
  name: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'Invalid repository name')),
})

const refName = (required: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(200, 'Branch name cannot exceed 200 characters'),
    v.regex(/^(?!-)(?!.*\.\.)(?!.*\/\/)(?!\/)(?!.*\/$)(?!.*\.lock$)(?!.*\.$)[A-Za-z0-9._/-]+$/, 'Invalid branch name'),
  )

export const CollaboratorParamSchema = v.object({
  ...RepoNameParamSchema.entries,
  username: v.pipe(v.string(), v.regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'Invalid username')),
})

export const AddCollaboratorSchema = v.strictObject(
  {
    username: v.pipe(
      v.string('Username is required'),
      v.trim(),
      v.nonEmpty('Username is required'),
      v.regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'Username may contain letters, digits and dashes (max 39)'),
    ),
    permission: v.optional(v.picklist(PERMISSIONS, 'Permission must be pull, push, maintain or admin'), 'push'),
  },
  strict({ username: 'Username is required' }),
)

export const RepoFeaturesSchema = v.strictObject(
  {
    private: v.boolean('private must be true or false'),
  },
  strict({ private: 'private must be true or false' }),
)

export const CreateBranchSchema = v.strictObject(
  {
    branchName: refName('Branch name is required'),
    baseBranch: v.optional(refName('Base branch is required'), 'main'),
  },
  strict({ branchName: 'Branch name is required' }),
)

export const ArchiveQuerySchema = v.object({ ref: v.optional(refName('ref is required'), 'main') })

export const RepoInfoSchema = v.object({
  name: v.string(),
  private: v.boolean(),
  defaultBranch: v.string(),
  url: v.string(),
  cloneUrl: v.string(),
  sshUrl: v.string(),
  createdAt: v.string(),
  size: v.number(),
  commitCount: v.number(),
  latestCommit: v.nullable(v.object({ sha: v.string(), message: v.string(), date: v.string() })),
})
export type RepoInfoResponse = v.InferOutput<typeof RepoInfoSchema>

export const CollaboratorSchema = v.object({ username: v.string(), permission: v.picklist(PERMISSIONS) })

/** Answers of /api/github/repo/{name} (SPEC.md 7 "Repository"). */
const ok = <E extends v.ObjectEntries>(entries: E) => v.object({ success: v.literal(true), ...entries })
export const RepoResponseSchema = ok({ repo: RepoInfoSchema })
export const CollaboratorsResponseSchema = ok({ collaborators: v.array(CollaboratorSchema) })
export const CollaboratorAddedResponseSchema = ok({ message: v.string(), collaborator: CollaboratorSchema })
export const RepoFeaturesResponseSchema = ok({ message: v.string(), private: v.boolean() })
export const BranchesResponseSchema = ok({ branches: v.array(v.string()) })
export const BranchCreatedResponseSchema = ok({
  message: v.string(),
  branch: v.object({ branchName: v.string(), sha: v.string(), baseBranch: v.string() }),
})
export const ArchiveResponseSchema = ok({ url: v.string() })
export const RepoMessageResponseSchema = ok({ message: v.string() })
