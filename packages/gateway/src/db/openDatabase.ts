import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { schema } from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseOptions =
  /** PostgreSQL through node-postgres. */
  | { url: string }
  /** Embedded PGlite; `dataDir` omitted means in memory. */
  | { dataDir?: string }

export type OpenDatabase = {
  db: Database
  /** `postgres` or `pglite`, for logs and the startup banner. */
  kind: 'postgres' | 'pglite'
  close: () => Promise<void>
}

/** The committed migrations folder, found from both `src/db` (tests) and the bundled `dist`. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'migrations')
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate
    dir = dirname(dir)
  }
  throw new Error('The gateway migrations folder was not found next to the package')
}

/** Opens the database and applies every pending migration before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  const migrationsFolderPath = migrationsFolder()
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // An idle connection the server ends (a restart, pg_terminate_backend, a forced drop) must not crash the
    // process: pg-pool discards that client on its own, and the next query that needs one opens a fresh one.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema })
    await migratePg(db, { migrationsFolder: migrationsFolderPath })
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() }
  }
  const client = new PGlite(options.dataDir)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder: migrationsFolderPath })
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() }
}
