/** The server's liveness (GET /api/health): what the connection machine probes while reconnecting. */
import { api } from './client'
import { HealthResponseSchema } from './schemas/common'

/** Resolves when the server answers GET /api/health with `{ success: true, status: 'ok' }`; rejects with an ApiError otherwise. */
export async function probeHealth(signal?: AbortSignal): Promise<void> {
  await api.get('/api/health', HealthResponseSchema, { auth: false, signal })
}
