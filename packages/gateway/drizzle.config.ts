import { defineConfig } from 'drizzle-kit'

// One schema, one set of SQL migrations, applied at start on both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/core/database/schema.ts',
    './src/core/database/organizationSchema.ts',
    './src/core/database/actionsSchema.ts',
    './src/core/database/grantsSchema.ts',
    './src/providers/local/vaultTable.ts',
    './src/decisionLog/decisionLogTable.ts',
    './src/shadow/shadowSchema.ts',
    './src/governance/governanceSchema.ts',
    './src/signing/follow/followSchema.ts',
    './src/passkeys/passkeysSchema.ts',
    './src/signing/pipeline/rejectionsSchema.ts',
    './src/signing/pipeline/clientChangesSchema.ts',
  ],
  out: './migrations',
})
