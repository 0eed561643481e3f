import { migrate } from 'drizzle-orm/pglite/migrator'
import type { OpenDatabase } from '../../src'
import { pgliteDatabase } from '../../src/core/database/openDatabase'
import { migrationsPath, pgliteFromTarball } from './pgliteTemplate'

/**
 * A test file's own in-memory PGlite database, loaded from the global setup's migrated template rather than
 * created and migrated (src/db/openDatabase.test.ts keeps testing that path). The migrator runs again and finds
 * nothing to apply, as a restarted gateway does; it would apply a migration the template lacked.
 */
export async function openTemplateDatabase(templatePath: string): Promise<OpenDatabase> {
  const client = await pgliteFromTarball(templatePath)
  try {
    // Through the gateway's own wrapper, so tests run with the read cache a PGlite gateway has.
    const database = pgliteDatabase(client)
    await migrate(database.db as unknown as Parameters<typeof migrate>[0], {
      migrationsFolder: migrationsPath,
    })
    return database
  } catch (error) {
    await client.close()
    throw error
  }
}
