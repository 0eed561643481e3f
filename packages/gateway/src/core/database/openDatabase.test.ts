import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { migrationsFolder, openDatabase } from './openDatabase'
import { clients } from './schema'

const url = process.env.DATABASE_URL

// Only PostgreSQL has server-side connections that can be ended under the gateway's feet; CI runs this file
// again with DATABASE_URL set.
describe.runIf(url)('openDatabase on PostgreSQL', () => {
  it('survives the server ending its idle connections, and reconnects for the next query', async () => {
    // A name of its own, so that only this pool's connections are ended, never another test file's.
    const applicationName = `rampart_pool_test_${randomBytes(6).toString('hex')}`
    const poolUrl = new URL(url!)
    poolUrl.searchParams.set('application_name', applicationName)
    const database = await openDatabase({ url: poolUrl.toString() })
    try {
      await database.db.select({ clientId: clients.clientId }).from(clients)
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      )
      await admin.end()
      expect(rowCount).toBeGreaterThan(0)
      // Give the terminated connections' error events time to fire: without a pool error listener they crash.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await database.db.select({ clientId: clients.clientId }).from(clients)).toEqual([])
    } finally {
      await database.close()
    }
  })
})

describe.runIf(url)('openDatabase on PostgreSQL, several gateways at once', () => {
  it('lets gateways that start together on a new database apply the migrations once, and all start', async () => {
    const name = `rampart_migrate_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const databaseUrl = new URL(url!)
    databaseUrl.pathname = `/${name}`
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 3 }, () => openDatabase({ url: databaseUrl.toString() })),
      )
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close()
      expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
      const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'))
      const check = new pg.Client({ connectionString: databaseUrl.toString() })
      await check.connect()
      const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations')
      await check.end()
      expect(rows[0].n).toBe(journal.entries.length)
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})

describe('openDatabase on PGlite', () => {
  it('applies the migrations to an in-memory database', async () => {
    const database = await openDatabase({})
    try {
      expect(await database.db.select({ clientId: clients.clientId }).from(clients)).toEqual([])
    } finally {
      await database.close()
    }
  })
})
