/**
 * Source report transport (contract src/api/schemas/source-report.ts, decision 046): a project's
 * report (latest or of one commit) with its history, polled while the analysis is queued; a re-run
 * of the head commit's analysis; the CycloneDX SBOM of a report as a download. Every failure is an
 * ApiError (409 'The project has no uploaded source to analyse' for a re-run without source, 404
 * 'No source report yet' for an SBOM without report).
 */
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { api } from './client'
import {
  SourceReportQueuedResponseSchema,
  SourceReportResponseSchema,
  type SourceReportResponse,
} from './schemas/source-report'

/** How often a queued analysis is asked about again (ms). */
export const QUEUED_POLL_MS = 2_000

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/source-report`

/**
 * Under the project's detail key: a change of the project (a new upload) arrives as a live change
 * event that invalidates ['projects', 'detail', id] (src/api/live-keys.ts), and with it its reports.
 */
export const sourceReportKeys = {
  all: (projectId: string) => ['projects', 'detail', projectId, 'source-report'] as const,
  /** `commit` null = the latest report. */
  report: (projectId: string, commit: string | null) =>
    ['projects', 'detail', projectId, 'source-report', commit ?? 'latest'] as const,
}

/** GET /api/projects/{id}/source-report(?commit=) → state, report (null unless 'ready' or a past commit), history newest first. */
export async function fetchSourceReport(
  projectId: string,
  commit?: string | null,
  signal?: AbortSignal,
): Promise<SourceReportResponse> {
  return api.get(base(projectId), SourceReportResponseSchema, { query: commit ? { commit } : undefined, signal })
}

/**
 * The report of `projectId` (latest, or of `commit`), refetched every QUEUED_POLL_MS while its
 * state is 'queued' (the job makes it in the background; decision 047) or while `poll` (a re-run
 * of a commit that has a report: the old one answers until the new one is stored). Disabled for null.
 */
export function useSourceReport(projectId: string | null, commit?: string | null, poll = false) {
  return useQuery({
    queryKey: sourceReportKeys.report(projectId ?? '', commit ?? null),
    queryFn: ({ signal }) => fetchSourceReport(projectId ?? '', commit, signal),
    enabled: !!projectId,
    refetchInterval: (query) => (poll || query.state.data?.state === 'queued' ? QUEUED_POLL_MS : false),
  })
}

/** POST /api/projects/{id}/source-report → the server's message ('Analysis queued' or already queued) and the head commit. */
export async function rerunSourceReport(projectId: string): Promise<{ message: string; commit: string }> {
  const { message, commit } = await api.post(base(projectId), {}, SourceReportQueuedResponseSchema)
  return { message, commit }
}

/** The parts of a CycloneDX document the client reads: its format and the root component's version (the commit). */
const CycloneDxSchema = v.looseObject({
  bomFormat: v.literal('CycloneDX'),
  specVersion: v.string(),
  metadata: v.optional(v.looseObject({ component: v.optional(v.looseObject({ version: v.optional(v.string()) })) })),
})

/** The file name the server gives the SBOM of `commit` (its Content-Disposition): 'sbom-<12 hex>.cdx.json'. */
export function sbomFileName(commit: string | undefined): string {
  return commit ? `sbom-${commit.slice(0, 12)}.cdx.json` : 'sbom.cdx.json'
}

/**
 * GET /api/projects/{id}/source-report/sbom(?commit=) through the api client (bearer token and its
 * refresh; the route has no signed link) → `{ fileName, blob }`: the CycloneDX JSON as the server
 * wrote it (2-space indent), typed application/vnd.cyclonedx+json, for `downloadBlob`.
 */
export async function fetchSbom(projectId: string, commit?: string | null): Promise<{ fileName: string; blob: Blob }> {
  const bom = await api.get(`${base(projectId)}/sbom`, CycloneDxSchema, { query: commit ? { commit } : undefined })
  const blob = new Blob([JSON.stringify(bom, null, 2)], { type: 'application/vnd.cyclonedx+json' })
  return { fileName: sbomFileName(commit ?? bom.metadata?.component?.version), blob }
}
