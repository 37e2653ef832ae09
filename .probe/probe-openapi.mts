import { generateSpecs } from 'hono-openapi'
import { createTestContext } from '/work/wt-limits/tests/server/harness.ts'
const ctx = await createTestContext('pglite')
console.log(ctx.app.routes.map((r) => `${r.method} ${r.path}`).filter((x) => !x.startsWith('ALL')).join('\n'))
const spec = await generateSpecs(ctx.app, { includeEmptyPaths: true })
console.log(Object.entries(spec.paths).map(([p, o]) => `${p}: ${Object.keys(o as object).join(',')}`).join('\n'))
console.log(JSON.stringify(spec.paths['/api/projects/create'], null, 1).slice(0, 3000))
console.log(JSON.stringify(spec.paths['/api/projects'], null, 1).slice(0, 2000))
await ctx.close()
