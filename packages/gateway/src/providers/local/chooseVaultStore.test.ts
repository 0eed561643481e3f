import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenDatabase, openDatabase } from '../../core/database/openDatabase'
import { createKeyedLock } from '../../core/lock/keyedLock'
import { chooseVaultStore } from './chooseVaultStore'
import { createFileVaultStore } from './fileVaultStore'
import { createLocalProvider } from './localProvider'

const scrypt = { N: 2 ** 10, r: 8, p: 1 }
const credentials = {
  passphrase: 'a long enough passphrase',
  mnemonic: 'test test test test test test test test test test test junk',
}

let database: OpenDatabase
beforeAll(async () => {
  database = await openDatabase({})
})
afterAll(() => database.close())

describe('chooseVaultStore (what bin/start.ts sets the local provider up with)', () => {
  it('file: the directory, and no lock across gateways even when the database has one', () => {
    const lockVaults = createKeyedLock()
    const chosen = chooseVaultStore('file', { db: database.db, lockVaults }, '/srv/vaults')
    expect(chosen.vaultLock).toBeUndefined()
    expect(chosen.description).toBe('files in /srv/vaults (this gateway only)')
  })

  it("database: the database's lock, and a vault of the directory taken into the table the first time", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'rampart-choose-'))
    const before = createLocalProvider({ scrypt, vaultStore: createFileVaultStore(directory) })
    const fileSession = await before.connect(credentials, { connectionId: 'kept' })
    await fileSession.createWallet({ label: 'Made on the file store' })

    const lockVaults = createKeyedLock()
    const chosen = chooseVaultStore('database', { db: database.db, lockVaults }, directory)
    expect(chosen.vaultLock).toBe(lockVaults)
    expect(chosen.description).toContain(`importing vaults it lacks from ${directory}`)
    const after = createLocalProvider({ scrypt, ...chosen })
    const session = await after.connect({ passphrase: credentials.passphrase }, { connectionId: 'kept' })
    expect((await session.listWallets()).map((wallet) => wallet.label)).toEqual([
      'Default',
      'Made on the file store',
    ])
    // Without the directory there is nothing to import from.
    expect(chooseVaultStore('database', { db: database.db }, join(directory, 'absent')).description).toBe(
      'the database',
    )
  })
})
