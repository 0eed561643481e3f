import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenDatabase, openDatabase } from '../core/database/openDatabase'
import { seenSignatures } from '../core/database/schema'
import { DatabaseReplayStore } from './databaseReplayStore'

const inAMinute = () => new Date(Date.now() + 60_000)

describe('DatabaseReplayStore', () => {
  let database: OpenDatabase
  beforeAll(async () => {
    database = await openDatabase({})
  })
  afterAll(async () => {
    await database?.close()
  })

  it('records requests arriving together in one batch, and refuses each replay: in the batch, later, elsewhere', async () => {
    const store = new DatabaseReplayStore(database.db)
    const keys = Array.from({ length: 50 }, (_, i) => `batch-${i}`)
    const results = await Promise.allSettled([
      ...keys.map((key) => store.remember('alice', key, inAMinute())),
      // The same request twice in the same turn: one of the two is the replay.
      store.remember('alice', 'batch-0', inAMinute()),
      // Another client's key of the same value is another request.
      store.remember('bob', 'batch-0', inAMinute()),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(51)
    const refused = results.filter((result) => result.status === 'rejected')
    expect(refused).toHaveLength(1)
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      httpStatus: 401,
      code: 'JWS_REPLAYED',
    })
    expect(await database.db.select().from(seenSignatures)).toHaveLength(51)

    await expect(store.remember('alice', 'batch-7', inAMinute())).rejects.toMatchObject({
      code: 'JWS_REPLAYED',
    })
    // Another gateway on the same database.
    const other = new DatabaseReplayStore(database.db)
    await expect(other.remember('bob', 'batch-0', inAMinute())).rejects.toMatchObject({
      code: 'JWS_REPLAYED',
    })
    await other.remember('bob', 'batch-1', inAMinute())
  })

  it('refuses every request of a batch the database could not record (fail closed)', async () => {
    const broken = await openDatabase({})
    await broken.close()
    const store = new DatabaseReplayStore(broken.db)
    const results = await Promise.allSettled([
      store.remember('alice', 'k1', inAMinute()),
      store.remember('alice', 'k2', inAMinute()),
    ])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
  })
})
