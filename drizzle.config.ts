import { defineConfig } from 'drizzle-kit'

/** drizzle-kit: SQL migrations generated from server/db/schema.ts, applied on server start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
