import fc from 'fast-check'
import * as v from 'valibot'
import { it } from 'vitest'
import { CreateProjectSchema } from '../src/api/schemas/projects'
import { VerifyOtpRequestSchema } from '../src/api/schemas/auth'
import { jsonSchemaOf } from '../server/openapi/document'
import { validValue } from '../tests/server/security/fuzz-arbitraries'
it('x', async () => {
  for (const S of [CreateProjectSchema, VerifyOtpRequestSchema]) {
    const js = await jsonSchemaOf(S as never)
    const samples = fc.sample(validValue(js as never), 8)
    for (const s of samples) { const r = v.safeParse(S, s); console.log(r.success ? 'OK' : r.issues.map((i) => `${v.getDotPath(i)}: ${i.message} (${JSON.stringify(i.input)?.slice(0, 60)})`).join('; ')) }
  }
})
