/**
 * POST /api/contacts: the storefront's contact form, public (no token), mounted before
 * the admin guard (server/app.ts). Strict and bounded by ContactCreateSchema, a 32 KB body
 * (http/body-limits.ts), rate limited per client IP (http/client-ip.ts; 429 after
 * CONTACT_FORM_MAX_PER_IP in 15 minutes), stored as a new contact. CORS headers only for the
 * origins of STOREFRONT_ORIGINS (none when unset), on this route alone.
 */
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { ContactCreateSchema, ContactCreatedResponseSchema } from '../../src/api/schemas/contacts'
import { createPublicContact } from '../db/queries/contacts-write.queries'
import type { AppDeps, AppEnv } from '../deps'
import { CONTACT_CREATED_MESSAGE } from '../domain/contacts'
import { clientIp } from '../http/client-ip'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export function contactsPublicRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const origins = deps.env.STOREFRONT_ORIGINS ?? []
  if (origins.length) {
    // Preflight and the POST itself; a browser on any other origin gets no Access-Control-* header.
    app.on(
      ['OPTIONS', 'POST'],
      '/',
      cors({ origin: origins, allowMethods: ['POST'], allowHeaders: ['Content-Type'], maxAge: 600 }),
    )
  }
  app.post('/', validate('json', ContactCreateSchema), async (c) => {
    const contactId = await createPublicContact(
      deps.db,
      c.req.valid('json'),
      clientIp(c, deps.env.TRUST_PROXY),
      deps.now(),
    )
    return ok(c, ContactCreatedResponseSchema, { success: true, message: CONTACT_CREATED_MESSAGE, contactId }, 201)
  })
  return app
}
