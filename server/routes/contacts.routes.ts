/**
 * /api/contacts, admin side (SPEC.md 7 "Contacts"): GET / (filtered page-numbered list
 * with its total), GET /stats, PUT /bulk-update (all or nothing), GET /{id} and PUT /{id} (a status,
 * or with `reply` the e-mailed reply of services/contact-reply.ts). Pages and stats are cached per
 * table versions (decision 004); static paths come before /{id}. The storefront's public POST / is
 * contacts-public.routes.ts, mounted outside the admin guard.
 */
import { Hono, type Context } from 'hono'
import { LRUCache } from 'lru-cache'
import type * as v from 'valibot'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  ContactBulkResponseSchema,
  ContactBulkUpdateSchema,
  ContactListQuerySchema,
  ContactListResponseSchema,
  ContactMessageResponseSchema,
  ContactResponseSchema,
  ContactStatsResponseSchema,
  ContactUpdateSchema,
} from '../../src/api/schemas/contacts'
import { contactStats, findContactDetail, listContacts } from '../db/queries/contacts.queries'
import { bulkSetContactStatus, setContactStatus, type Actor } from '../db/queries/contacts-write.queries'
import type { AppDeps, AppEnv } from '../deps'
import { statusMessage } from '../domain/contacts'
import { monthStartIst } from '../domain/user-rules'
import { clientIp } from '../http/client-ip'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { ifMatchOf, setEtag } from '../http/versions'
import { replyToContact } from '../services/contact-reply'
import { createVersionedJsonCache, jsonResponse } from '../services/versioned-json-cache'

export function contactsRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>): Actor => ({ actorId: c.get('admin').id, ip: clientIp(c, deps.env.TRUST_PROXY) })

  // A page shows contacts and their project's title; the stats count contacts only. The stats key
  // holds the IST month, so 'this month' rolls over on the 1st without a write.
  const pages = createVersionedJsonCache(deps.versions, ['contacts', 'projects'], 16 * 1024 * 1024)
  const totals = new LRUCache<string, number>({ max: 10_000 })
  const stats = createVersionedJsonCache(deps.versions, ['contacts'], 64 * 1024)

  app.get('/', validate('query', ContactListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    return jsonResponse(
      await pages(
        JSON.stringify(query),
        async (versionKey): Promise<v.InferInput<typeof ContactListResponseSchema>> => {
          // The total of a filter is kept per versions: the other pages of the same filter do not count again.
          const totalKey = `${versionKey}|${JSON.stringify([query.search, query.status])}`
          const result = await listContacts(db, query, totals.get(totalKey))
          totals.set(totalKey, result.pagination.totalContacts)
          return { success: true, ...result }
        },
      ),
    )
  })

  app.get('/stats', async () => {
    const since = monthStartIst(deps.now())
    return jsonResponse(
      await stats(since.toISOString(), async (): Promise<v.InferInput<typeof ContactStatsResponseSchema>> => ({
        success: true,
        stats: await contactStats(db, since),
      })),
    )
  })

  app.put('/bulk-update', validate('json', ContactBulkUpdateSchema), async (c) => {
    const { contactIds, action, versions } = c.req.valid('json')
    return ok(
      c,
      ContactBulkResponseSchema,
      await bulkSetContactStatus(db, contactIds, action, actor(c), deps.now(), versions),
    )
  })

  app.get('/:id', validate('param', IdParamSchema), async (c) => {
    const contact = await findContactDetail(db, c.req.valid('param').id)
    setEtag(c, contact.updatedAt)
    return ok(c, ContactResponseSchema, { success: true, contact })
  })

  app.put('/:id', validate('param', IdParamSchema), validate('json', ContactUpdateSchema), async (c) => {
    const { id } = c.req.valid('param')
    const { status, reply } = c.req.valid('json')
    if (reply !== undefined) await replyToContact(deps, id, reply, actor(c), c.get('admin'))
    else await setContactStatus(db, id, status, actor(c), deps.now(), ifMatchOf(c))
    const contact = await findContactDetail(db, id)
    setEtag(c, contact.updatedAt)
    return ok(c, ContactMessageResponseSchema, {
      success: true,
      contact,
      message: reply !== undefined ? `Reply sent to ${contact.email}` : statusMessage(status),
    })
  })
  return app
}
