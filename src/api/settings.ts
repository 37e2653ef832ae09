/**
 * Settings transport (SPEC.md 2 "/settings", 7 "Authentication and profile"): the signed-in
 * admin's profile and password, and their sessions (refresh-token families). Every failure is an
 * ApiError (src/api/client.ts): a taken e-mail is a 409, a wrong current password a 400, a new
 * e-mail may need a fresh OTP (403 step_up_required, src/api/step-up.ts).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './client'
import {
  MessageResponseSchema,
  SessionListResponseSchema,
  SessionRevokeResponseSchema,
  UpdateProfileResponseSchema,
  type Admin,
  type Session,
} from './schemas/auth'

/** PUT /api/auth/profile {name, email, phone} → the updated admin ('Profile updated successfully!'). */
export async function updateProfile(input: {
  name: string
  email: string
  phone: string
}): Promise<{ admin: Admin; message: string }> {
  const res = await api.put('/api/auth/profile', input, UpdateProfileResponseSchema)
  return { admin: res.user, message: res.message }
}

/**
 * PUT /api/auth/change-password {currentPassword, newPassword} → the server's message ('Password
 * changed successfully!'). Signs out the admin's other sessions; this one stays. An admin without a
 * password yet sends currentPassword ''.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<string> {
  return (await api.put('/api/auth/change-password', input, MessageResponseSchema)).message
}

/** GET /api/auth/sessions → the admin's active sessions, the current one first. */
export async function fetchSessions(signal?: AbortSignal): Promise<Session[]> {
  return (await api.get('/api/auth/sessions', SessionListResponseSchema, { signal })).sessions
}

/** DELETE /api/auth/sessions/{id}: signs that session out (its refresh tokens revoked) → the server's message. */
export async function revokeSession(id: string): Promise<string> {
  return (await api.del(`/api/auth/sessions/${id}`, SessionRevokeResponseSchema)).message
}

/** POST /api/auth/sessions/revoke-others: 'Sign out everywhere else' → how many sessions were signed out. */
export async function revokeOtherSessions(): Promise<number> {
  return (await api.post('/api/auth/sessions/revoke-others', undefined, SessionRevokeResponseSchema)).revoked
}

export const settingsKeys = { sessions: ['settings', 'sessions'] as const }

export function useSessions() {
  return useQuery({ queryKey: settingsKeys.sessions, queryFn: ({ signal }) => fetchSessions(signal), staleTime: 0 })
}

/** After a password change or a revoke: the sessions list refetches. */
export function invalidateSessions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: settingsKeys.sessions })
}
