import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { type Database, type OpenDatabase, tables } from '../../src'
import { migrationsPath, pgliteFromTarball } from './pgliteTemplate'

/**
 * A test file's own in-memory PGlite database, loaded from the global setup's migrated template rather than
 * created and migrated (src/db/openDatabase.test.ts keeps testing that path). The migrator runs again and finds
 * nothing to apply, as a restarted gateway does; it would apply a migration the template lacked.
 */
export async function openTemplateDatabase(templatePath: string): Promise<OpenDatabase> {
  const client = await pgliteFromTarball(templatePath)
  try {
    const db = drizzle(client, { schema: tables })
    await migrate(db, { migrationsFolder: migrationsPath })
    return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() }
  } catch (error) {
    await client.close()
    throw error
  }
}
