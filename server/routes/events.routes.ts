/**
 * /api/events (decision 044): `GET /` is the signed-in console's `text/event-stream` of live
 * events (src/api/schemas/live.ts), behind requireAdmin like every admin route, so a missing or
 * expired token is a 401 before the stream opens. `Last-Event-ID` (an audit id) replays the
 * changes after it. The stream itself is services/event-stream.ts.
 */
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import * as v from 'valibot'
import { LastEventIdSchema } from '../../src/api/schemas/live'
import type { AppDeps, AppEnv } from '../deps'
import { validate } from '../http/validate'
import { runEventStream } from '../services/event-stream'

const EventsHeadersSchema = v.object({ 'last-event-id': v.optional(LastEventIdSchema) })

export function eventsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/', validate('header', EventsHeadersSchema), (c) => {
    const lastEventId = c.req.valid('header')['last-event-id']
    // requireAdmin accepted exactly this header's token.
    const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '')
    const { sid } = c.get('auth')
    return streamSSE(c, (stream) => runEventStream(deps, stream, { token, sid, lastEventId }))
  })
  return app
}
