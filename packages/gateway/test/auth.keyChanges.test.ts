// The client keys cache and key changes: a changed key applies to the next request on the gateway that changed it,
// and, where gateways share PostgreSQL, on the others as soon as the NOTIFY arrives (not a second later).
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientKeyChanges } from '../src/auth/clientKeyChanges'
import { ClientKeys } from '../src/auth/clientKeys'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { type OpenDatabase, openDatabase } from '../src/core/database/openDatabase'
import { clients } from '../src/core/database/schema'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
const bob = useTestClient(gateway)

async function until(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return false
}

describe('client keys cache', () => {
  it('reads the keys on every request while changes made elsewhere cannot be heard', async () => {
    const keys = new ClientKeys(gateway.app.db, { shared: { listening: () => false } })
    const t = 1_000_000
    expect(await keys.keysOf(bob.clientId, t)).toEqual([bob.key.publicJwk])
    const next = await generateSigningJwk('EdDSA', `${bob.clientId}-rotated`)
    await gateway.app.db
      .update(clients)
      .set({ publicKeys: [next.publicJwk] as never })
      .where(eq(clients.clientId, bob.clientId))
    try {
      // Same clock: a cache would still answer the old key.
      expect(await keys.keysOf(bob.clientId, t)).toEqual([next.publicJwk])
    } finally {
      await gateway.app.db
        .update(clients)
        .set({ publicKeys: [bob.key.publicJwk] as never })
        .where(eq(clients.clientId, bob.clientId))
    }
  })

  it('is not listening, and reports the gap, while the database cannot be reached', async () => {
    let gaps = 0
    // Port 1 on loopback: refused at once.
    const changes = new ClientKeyChanges({
      url: 'postgres://nobody@127.0.0.1:1/none',
      onChange: () => {},
      onGap: () => gaps++,
      retryAfterMs: 60_000,
    })
    try {
      await changes.start()
      expect(changes.listening).toBe(false)
      expect(gaps).toBeGreaterThan(0)
    } finally {
      await changes.close()
    }
  })
})

const url = process.env.DATABASE_URL

describe.skipIf(!url)('key changes across gateways sharing PostgreSQL (LISTEN/NOTIFY)', () => {
  const name = `rampart_keys_${randomBytes(6).toString('hex')}`
  let database: OpenDatabase
  let databaseUrl: string

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const fileUrl = new URL(url!)
    fileUrl.pathname = `/${name}`
    databaseUrl = fileUrl.toString()
    database = await openDatabase({ url: databaseUrl })
  })

  afterAll(async () => {
    await database?.close()
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  async function sharedKeys() {
    let keys: ClientKeys | undefined
    const changes = new ClientKeyChanges({
      url: databaseUrl,
      onChange: (clientId) => keys?.forget(clientId),
      onGap: () => keys?.forgetAll(),
    })
    keys = new ClientKeys(database.db, { shared: { listening: () => changes.listening } })
    await changes.start()
    return { keys, changes }
  }

  it('forgets a revoked key on another gateway when its notification arrives, long before the cache would', async () => {
    const old = await generateSigningJwk('EdDSA', 'carol-old')
    const next = await generateSigningJwk('EdDSA', 'carol-next')
    const at = new Date()
    await database.db.insert(clients).values({
      clientId: 'carol',
      name: 'Carol',
      publicKeys: [old.publicJwk] as never,
      entitiesHead: {},
      policies: [],
      presets: [],
      createdAt: at,
      updatedAt: at,
    })
    const one = await sharedKeys()
    const two = await sharedKeys()
    try {
      expect(one.changes.listening && two.changes.listening).toBe(true)
      const t = Date.now()
      expect(await two.keys.keysOf('carol', t)).toEqual([old.publicJwk])
      await database.db
        .update(clients)
        .set({ publicKeys: [next.publicJwk] as never })
        .where(eq(clients.clientId, 'carol'))
      // Still cached on two (same clock) until one announces the change.
      expect(await two.keys.keysOf('carol', t)).toEqual([old.publicJwk])
      await one.keys.invalidate('carol')
      // The clock given never moves, so only the notification can make two read the row again.
      const heard = await until(async () => {
        const keys = await two.keys.keysOf('carol', t)
        return keys?.[0]?.kid === 'carol-next'
      })
      expect(heard).toBe(true)
    } finally {
      await one.changes.close()
      await two.changes.close()
    }
  })

  it('stops caching when its listening connection is ended, and caches again once it listens again', async () => {
    const { keys, changes } = await sharedKeys()
    try {
      expect(changes.listening).toBe(true)
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'LISTEN%'`,
      )
      await admin.end()
      expect(await until(async () => !changes.listening)).toBe(true)
      expect(await until(async () => changes.listening, 10_000)).toBe(true)
      expect(await keys.keysOf('carol')).toBeDefined()
    } finally {
      await changes.close()
    }
  })
})
