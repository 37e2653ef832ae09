/**
 * Console preferences transport (contract src/api/schemas/preferences.ts): the signed-in
 * admin's single-key shortcut switch, recent commands and records, and reason templates, with the
 * react-query hook every consumer shares (one request per session, updated from each answer).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api } from './client'
import {
  DEFAULT_PREFERENCES,
  PreferencesResponseSchema,
  type Preferences,
  type RecentRecordKind,
  type RecordRecent,
  type UpdatePreferences,
} from './schemas/preferences'

export const preferencesKeys = { all: ['preferences'] as const }

/** GET /api/admin/preferences → the preferences (defaults until changed). */
export async function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  return (await api.get('/api/admin/preferences', PreferencesResponseSchema, { signal })).preferences
}

/** PUT /api/admin/preferences with the fields to change → the whole preferences. */
export async function updatePreferences(input: UpdatePreferences): Promise<Preferences> {
  return (await api.put('/api/admin/preferences', input, PreferencesResponseSchema)).preferences
}

/** POST /api/admin/preferences/recent: a command run or a record opened → the whole preferences. */
export async function recordRecent(input: RecordRecent): Promise<Preferences> {
  return (await api.post('/api/admin/preferences/recent', input, PreferencesResponseSchema)).preferences
}

/**
 * The admin's preferences; the defaults while they load or when they cannot be loaded (a console
 * without its recents still works).
 */
export function usePreferences(): Preferences {
  const { data } = useQuery({
    queryKey: preferencesKeys.all,
    queryFn: ({ signal }) => fetchPreferences(signal),
    staleTime: 60_000,
  })
  return data ?? DEFAULT_PREFERENCES
}

/** After a write: every consumer sees the server's answer at once. */
export function setPreferences(queryClient: QueryClient, preferences: Preferences): void {
  queryClient.setQueryData(preferencesKeys.all, preferences)
}

/**
 * Reports a record the admin opened (a project, user, order or contact detail) to
 * POST /api/admin/preferences/recent once `label` is known, so the palette lists it under
 * 'Recently opened'; once per record per mount. A failure is ignored (a missing recent is harmless).
 */
export function useRecordOpened(kind: RecentRecordKind, id: string | undefined, label: string | undefined): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!id || !label) return
    recordRecent({ record: { kind, id, label: label.slice(0, 200) } }).then(
      (preferences) => setPreferences(queryClient, preferences),
      () => undefined,
    )
  }, [queryClient, kind, id, label])
}

/** Whether the admin's saved preferences have arrived (false while loading, or when they failed). */
export function usePreferencesLoaded(): boolean {
  return useQuery({
    queryKey: preferencesKeys.all,
    queryFn: ({ signal }) => fetchPreferences(signal),
    staleTime: 60_000,
  }).isSuccess
}
