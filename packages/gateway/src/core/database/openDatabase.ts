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
import type { KeyedLock } from '../lock/keyedLock'
import { createAdvisoryLock, lockSpaces } from './advisoryLock'
import { ReadCache } from './readCache'
// The module is drizzle's schema: every table it exports. No export of its own is named `schema` (a bag of the same
// tables was): the published index.d.ts names the module's namespace after its file, and would have to rename one.
import * as schema from './schema'
import { trackPgliteWrites } from './writeTracking'

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
  /**
   * Runs tasks one at a time per key across every gateway sharing the database (PostgreSQL's advisory locks).
   * PGlite has none: only one process opens it.
   */
  lockAcrossGateways?: KeyedLock
  /**
   * The same for the local provider's vaults, by connection (`LocalProviderOptions.vaultLock`), on connections of
   * its own: a vault held while a node answers never delays a decision. PGlite has none.
   */
  lockVaults?: KeyedLock
  /**
   * Reads kept until this process's next write that may change them: PGlite only, which one process owns, so
   * every write goes through here (see trackPgliteWrites).
   */
  readCache?: ReadCache
  close: () => Promise<void>
}

/** The committed migrations folder, found from both `src/core/database` (tests) and the bundled `dist`. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'migrations')
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate
    dir = dirname(dir)
  }
  throw new Error('The gateway migrations folder was not found next to the package')
}

/** Connections that hold decision locks: as many clients' limited decisions as this gateway takes at once. */
const lockConnections = 4

/** The advisory lock gateways sharing a PostgreSQL database take to apply migrations one at a time. */
const migrationLock = 0x72616d70617274n // "rampart"

/**
 * Applies the pending migrations while holding a session advisory lock, so gateways starting together on one
 * database migrate one after the other: the first applies, the others find nothing left to do (unlocked, each
 * ran the same CREATE statements at once and all but one failed to start).
 */
async function migrateOnce(pool: pg.Pool, migrationsFolderPath: string): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock.toString()])
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolderPath })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLock.toString()])
    }
  } finally {
    client.release()
  }
}

/** Opens the database and applies every pending migration before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  const migrationsFolderPath = migrationsFolder()
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // An idle connection the server ends (a restart, pg_terminate_backend, a forced drop) must not crash the
    // process: pg-pool discards that client on its own, and the next query that needs one opens a fresh one.
    pool.on('error', () => {})
    try {
      await migrateOnce(pool, migrationsFolderPath)
    } catch (error) {
      await pool.end()
      throw error
    }
    const db = drizzlePg(pool, { schema })
    const lockPool = new pg.Pool({ connectionString: options.url, max: lockConnections })
    lockPool.on('error', () => {})
    const vaultLockPool = new pg.Pool({ connectionString: options.url, max: lockConnections })
    vaultLockPool.on('error', () => {})
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      lockAcrossGateways: createAdvisoryLock(lockPool),
      lockVaults: createAdvisoryLock(vaultLockPool, lockSpaces.localVaults),
      close: async () => {
        await Promise.all([pool.end(), lockPool.end(), vaultLockPool.end()])
      },
    }
  }
  const client = new PGlite(options.dataDir)
  const database = pgliteDatabase(client)
  await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], {
    migrationsFolder: migrationsFolderPath,
  })
  return database
}

/** A PGlite client as the gateway's database, every statement through {@link trackPgliteWrites} for the read cache. */
export function pgliteDatabase(client: PGlite): OpenDatabase {
  const { client: tracked, writes } = trackPgliteWrites(client)
  return {
    db: drizzlePglite(tracked, { schema }) as unknown as Database,
    kind: 'pglite',
    readCache: new ReadCache(writes),
    close: () => client.close(),
  }
}
