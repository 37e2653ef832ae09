/**
 * GET /api/users pages cached per users version (services/user-list-cache.ts): a repeated query
 * is a hit, a project write leaves it a hit, any write to users (here straight into the database,
 * past the app) makes the next answer a miss with the new rows; identical misses share one build
 * and a search's total is reused on its next pages only while the users are unchanged.
 * PGlite and PostgreSQL.
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
    return {
      status: res.status,
      cache: res.headers.get('x-cache'),
      body: (await res.json()) as { users: { name: string }[] },
    }
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

    await ctx.database.db
      .update(users)
      .set({ name: `Cache ${tag} Renamed` })
      .where(eq(users.email, `one-${tag}@example.com`))
    const renamed = await list(query)
    expect(renamed.cache).toBe('miss')
    expect(renamed.body.users.map((u) => u.name)).toEqual([`Cache ${tag} Renamed`])
    expect((await list(query)).cache).toBe('hit')
  })

  it('answers a burst of identical misses from one build, all with the same body', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    await ctx.database.db.insert(users).values({ name: `Burst ${tag}`, email: `burst-${tag}@example.com` })
    const answers = await Promise.all(Array.from({ length: 8 }, () => list(`search=${tag}`)))
    expect(answers.filter((a) => a.cache === 'miss')).toHaveLength(1)
    expect(answers.every((a) => a.cache === 'miss' || a.cache === 'shared' || a.cache === 'hit')).toBe(true)
    for (const a of answers) expect(a.body).toEqual(answers[0].body)
  })

  it('reuses a search total on its next pages until a user row changes', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    await ctx.database.db.insert(users).values(
      Array.from({ length: 5 }, (_, i) => ({
        name: `Pager ${tag} ${i}`,
        email: `pager-${i}-${tag}@example.com`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    )
    const total = async (page: number) => {
      const res = await list(`search=${tag}&limit=2&page=${page}`)
      return {
        ...(res.body as unknown as { pagination: { totalUsers: number } }).pagination,
        names: res.body.users.map((u) => u.name),
      }
    }
    expect(await total(1)).toMatchObject({ totalUsers: 5, totalPages: 3, names: [`Pager ${tag} 4`, `Pager ${tag} 3`] })
    expect(await total(2)).toMatchObject({ totalUsers: 5, names: [`Pager ${tag} 2`, `Pager ${tag} 1`] })
    await ctx.database.db.insert(users).values({
      name: `Pager ${tag} new`,
      email: `pager-new-${tag}@example.com`,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    })
    expect(await total(3)).toMatchObject({
      totalUsers: 6,
      totalPages: 3,
      names: [`Pager ${tag} 0`, `Pager ${tag} new`],
    })
    await ctx.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, `pager-0-${tag}@example.com`))
    const inactive = await list(`search=${tag}&status=inactive`)
    expect((inactive.body as unknown as { pagination: { totalUsers: number } }).pagination.totalUsers).toBe(1)
  })
})
