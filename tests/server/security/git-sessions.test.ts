/**
 * git over HTTP honours the live sessions as /api does: an access token whose session was signed
 * out, revoked from another session or ended by a password change, or whose admin was deactivated,
 * is refused with 401 on /git/… (HTTP Basic: e-mail + access token) as on /api/…, and `git clone`
 * with it fails; before that the same token clones. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { authHelpers } from '../auth-helpers'
import { call, describeEachDatabase } from '../harness'
import { insertProject } from '../projects-helpers'
import { gitClone, listen, postChunk, readTree } from '../upload-helpers'

describeEachDatabase('git over HTTP and signed-out sessions', (get) => {
  const { newAdmin, signInAs } = authHelpers(get)
  let server: Awaited<ReturnType<typeof listen>>
  let repo: string
  beforeAll(async () => {
    server = await listen(get())
    const uploader = await newAdmin()
    const { accessToken } = await signInAs(uploader.email)
    const project = await insertProject(get(), { title: 'Private source' })
    const res = await postChunk(
      get(),
      accessToken,
      project.id,
      [{ path: 'README.md', data: Buffer.from('# private\n') }],
      0,
      1,
    )
    repo = res.body.data.github.repoName
  })
  afterAll(() => server?.close())

  /** The status of git's first request (ref advertisement) with `email` and `token` as Basic credentials. */
  const refs = async (email: string, token: string) =>
    (
      await fetch(`${server.url}/git/${repo}.git/info/refs?service=git-upload-pack`, {
        headers: { authorization: `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}` },
      })
    ).status
  const cloneUrl = (email: string, token: string) =>
    `${server.url.replace('http://', `http://${encodeURIComponent(email)}:${token}@`)}/git/${repo}.git`
  const profile = async (token: string) => (await call(get(), 'GET', '/api/auth/profile', undefined, token)).status

  it("refuses a signed-out session's token on /git as on /api; git clone fails with it", async () => {
    const admin = await newAdmin()
    const { accessToken, refreshToken } = await signInAs(admin.email)
    expect(await refs(admin.email, accessToken)).toBe(200)
    expect([...(await readTree(await gitClone(cloneUrl(admin.email, accessToken)))).keys()]).toEqual(['README.md'])

    expect((await call(get(), 'POST', '/api/auth/logout', { refreshToken })).status).toBe(200)
    expect(await profile(accessToken)).toBe(401)
    expect(await refs(admin.email, accessToken)).toBe(401)
    await expect(gitClone(cloneUrl(admin.email, accessToken))).rejects.toThrow(/Authentication failed|401/)
  })

  it('refuses the token of a session revoked from another one, and of every other session after a password change', async () => {
    const admin = await newAdmin()
    const laptop = await signInAs(admin.email)
    const phone = await signInAs(admin.email)
    const tablet = await signInAs(admin.email)
    const sessions = (await call(get(), 'GET', '/api/auth/sessions', undefined, laptop.accessToken)).body.sessions as {
      _id: string
      current: boolean
    }[]
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string
    expect(sessions.map((s) => s._id)).toContain(sid(phone.accessToken))

    expect(
      (await call(get(), 'DELETE', `/api/auth/sessions/${sid(phone.accessToken)}`, undefined, laptop.accessToken))
        .status,
    ).toBe(200)
    expect(await refs(admin.email, phone.accessToken)).toBe(401)
    expect(await refs(admin.email, tablet.accessToken)).toBe(200)

    const changed = await call(
      get(),
      'PUT',
      '/api/auth/change-password',
      { currentPassword: '', newPassword: 'a-new-secret' },
      laptop.accessToken,
    )
    expect(changed.status).toBe(200)
    expect(await refs(admin.email, tablet.accessToken)).toBe(401)
    expect(await refs(admin.email, laptop.accessToken)).toBe(200)
  })

  it('refuses the token of a deactivated admin', async () => {
    const actor = await newAdmin()
    const target = await newAdmin()
    const acting = await signInAs(actor.email)
    const { accessToken } = await signInAs(target.email)
    expect(await refs(target.email, accessToken)).toBe(200)
    expect(
      (await call(get(), 'PUT', `/api/users/${target.id}/status`, { status: 'inactive' }, acting.accessToken)).status,
    ).toBe(200)
    expect(await profile(accessToken)).toBe(403)
    expect(await refs(target.email, accessToken)).toBe(401)
  })
})
