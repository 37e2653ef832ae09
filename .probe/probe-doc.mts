import { createTestContext, signIn, call } from '/work/wt-limits/tests/server/harness.ts'
const ctx = await createTestContext('pglite')
const { accessToken } = await signIn(ctx)
const t0 = Date.now()
const res = await call(ctx, 'GET', '/api/openapi.json', undefined, accessToken)
console.log(res.status, Date.now() - t0, 'ms', JSON.stringify(res.body).length)
console.log((await call(ctx, 'GET', '/api/openapi.json')).status)
const doc = res.body
console.log(Object.entries(doc.paths).map(([p, o]: any) => `${p}: ${Object.entries(o).map(([m, op]: any) => m + '[' + Object.keys(op.responses).join('/') + (op.requestBody ? ' body:' + Object.keys(op.requestBody.content) : '') + (op.parameters ? ' params:' + op.parameters.map((x: any) => x.in + '.' + x.name).join(',') : '') + ']').join(' ')}`).join('\n'))
console.log(JSON.stringify(doc.paths['/api/upload/upload'].post.requestBody).slice(0, 1500))
const d = await ctx.app.request('/api/docs'); console.log(d.status, (await d.text()).slice(0, 80))
const j = await ctx.app.request('/api/docs/swagger-ui-bundle.js'); console.log(j.status, (await j.arrayBuffer()).byteLength)
await ctx.close()
