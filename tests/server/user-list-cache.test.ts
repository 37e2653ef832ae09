/**
 * GET /api/users pages cached per users version (services/user-list-cache.ts): a repeated query
 * is a hit, a project write leaves it a hit, any write to users (here straight into the database,
 * past the app) makes the next answer a miss with the new rows. PGlite and PostgreSQL.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { describeEachDatabase, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'

describeEachDatabase('users list page cache', (get) => {
  let ctx: TestContext
  let token = ''
  beforeAll(async () => {
    ctx = get()
    token = (await adminSession(ctx)).token
  })
  const list = async (query: string) => {
    const res = await ctx.app.request(`/api/users?${query}`, { headers: { authorization: `Bearer ${token}` } })
    return { status: res.status, cache: res.headers.get('x-cache'), body: await res.json() as { users: { name: string }[] } }
  }

  it('reuses a page until a user row changes, whatever happens to projects', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    await ctx.database.db.insert(users).values({ name: `Cache ${tag} One`, email: `one-${tag}@example.com` })
    const query = `search=${tag}&limit=20`
    const first = await list(query)
    expect(first).toMatchObject({ status: 200, cache: 'miss' })
    expect(first.body.users.map((u) => u.name)).toEqual([`Cache ${tag} One`])
    const again = await list(query)
    expect(again.cache).toBe('hit')
    expect(again.body).toEqual(first.body)

    await insertProject(ctx, { title: `Not a user ${tag}` })
    expect((await list(query)).cache).toBe('hit')

    await ctx.database.db.update(users).set({ name: `Cache ${tag} Renamed` }).where(eq(users.email, `one-${tag}@example.com`))
    const renamed = await list(query)
    expect(renamed.cache).toBe('miss')
    expect(renamed.body.users.map((u) => u.name)).toEqual([`Cache ${tag} Renamed`])
    expect((await list(query)).cache).toBe('hit')
  })
})
