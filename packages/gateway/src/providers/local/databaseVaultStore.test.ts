import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenDatabase, openDatabase } from '../../core/database/openDatabase'
import { createKeyedLock } from '../../core/lock/keyedLock'
import { createDatabaseVaultStore } from './databaseVaultStore'
import { createLocalProvider } from './localProvider'
import { createMemoryVaultStore } from './memoryVaultStore'
import { localVaults } from './vaultTable'

const scrypt = { N: 2 ** 10, r: 8, p: 1 }
const passphrase = 'a long enough passphrase'
const mnemonic = 'test test test test test test test test test test test junk'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let database: OpenDatabase
beforeAll(async () => {
  database = await openDatabase({})
})
afterAll(() => database.close())

describe('createDatabaseVaultStore (PGlite)', () => {
  it('keeps one row per connection that two providers on the database sign from, each nonce once', async () => {
    const vaultStore = createDatabaseVaultStore(database.db)
    // Two providers on one store are two gateways: each has its own lock within its process, sharing nothing else.
    const [first, second] = [1, 2].map(() => createLocalProvider({ scrypt, vaultStore }))
    const a = await first!.connect({ passphrase, mnemonic }, { connectionId: 'db-1' })
    const b = await second!.connect({ passphrase }, { connectionId: 'db-1' })
    const [wallet] = await a.listWallets()
    expect(await b.listWallets()).toEqual([wallet])
    const accountExternalId = wallet!.accounts[0]!.externalId
    const nonces: number[] = []
    for (const session of [a, b, a, b]) {
      const signed = await session.signTransaction({
        accountExternalId,
        transaction: { to: recipient, value: '1' },
      })
      nonces.push(signed.transaction.nonce as number)
    }
    expect(nonces).toEqual([0, 1, 2, 3])
    const rows = await database.db.select().from(localVaults)
    expect(rows.map((row) => [row.connectionId, row.vault?.wallets.length])).toEqual([['db-1', 1]])
  })

  it('signs concurrently from two gateways: with a lock they share each nonce once in turn, without one a stale change is refused, never signed twice', async () => {
    const vaultStore = createDatabaseVaultStore(database.db)
    const shared = createKeyedLock()
    const sign = async (vaultLock: typeof shared | undefined, connectionId: string) => {
      const [first, second] = [1, 2].map(() =>
        createLocalProvider({ scrypt, vaultStore, ...(vaultLock ? { vaultLock } : {}) }),
      )
      const a = await first!.connect({ passphrase, mnemonic }, { connectionId })
      const b = await second!.connect({ passphrase }, { connectionId })
      const accountExternalId = (await a.listWallets())[0]!.accounts[0]!.externalId
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? a : b).signTransaction({ accountExternalId, transaction: { to: recipient, value: '1' } }),
        ),
      )
      const nonces = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.transaction.nonce] : []))
      const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason.code] : []))
      return { nonces, refusals }
    }
    const locked = await sign(shared, 'db-locked')
    expect(locked.refusals).toEqual([])
    expect([...locked.nonces].sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 12 }, (_, i) => i),
    )
    const unlocked = await sign(undefined, 'db-unlocked')
    expect(unlocked.refusals.length).toBeGreaterThan(0)
    expect(new Set(unlocked.refusals)).toEqual(new Set(['CONFLICT']))
    expect(new Set(unlocked.nonces).size).toBe(unlocked.nonces.length)
  })

  it('refuses a save made from a stale read: the change of another gateway is never overwritten', async () => {
    const storeFor = createDatabaseVaultStore(database.db)
    const provider = createLocalProvider({ scrypt, vaultStore: storeFor })
    await provider.connect({ passphrase }, { connectionId: 'db-2' })
    const [one, other] = [storeFor('db-2'), storeFor('db-2')]
    const read = (await one.load())!
    const alsoRead = (await other.load())!
    read.wallets[0]!.label = 'first'
    await one.save(read)
    alsoRead.wallets[0]!.label = 'second'
    await expect(other.save(alsoRead)).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await one.load())!.wallets[0]!.label).toBe('first')
    // A new vault for a connection that has one is as stale as it gets.
    await expect(other.save({ ...read })).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it('empties the row on revoke, so every gateway sees the connection revoked, and imports nothing in its place', async () => {
    const earlier = createMemoryVaultStore()
    const earlierProvider = createLocalProvider({ scrypt, vaultStore: earlier })
    const kept = await earlierProvider.connect({ passphrase, mnemonic }, { connectionId: 'db-3' })
    const [keptWallet] = await kept.listWallets()

    const vaultStore = createDatabaseVaultStore(database.db, { importFrom: earlier })
    const [first, second] = [1, 2].map(() => createLocalProvider({ scrypt, vaultStore }))
    // Imported once from the earlier store: the same seed, not a fresh one.
    const a = await first!.connect({ passphrase }, { connectionId: 'db-3' })
    expect(await a.listWallets()).toEqual([keptWallet])
    const b = await second!.connect({ passphrase }, { connectionId: 'db-3' })
    await a.revoke()
    await expect(b.listWallets()).rejects.toMatchObject({ code: 'REVOKED' })
    expect(await vaultStore('db-3').load()).toBeUndefined()
    const [row] = await database.db.select().from(localVaults).where(eq(localVaults.connectionId, 'db-3'))
    expect(row?.vault).toBeNull()
  })

  it('refuses a vault that is not one, naming it corrupt', async () => {
    const vaultStore = createDatabaseVaultStore(database.db)
    await database.db.insert(localVaults).values({
      connectionId: 'db-4',
      vault: { version: 2 } as never,
      revision: 1,
      updatedAt: new Date(),
    })
    await expect(vaultStore('db-4').load()).rejects.toMatchObject({ code: 'STORAGE_CORRUPT' })
  })
})
