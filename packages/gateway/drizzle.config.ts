import { defineConfig } from 'drizzle-kit'

// One schema, one set of SQL migrations, applied at start on both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/actionsSchema.ts', './src/db/grantsSchema.ts'],
  out: './migrations',
})
