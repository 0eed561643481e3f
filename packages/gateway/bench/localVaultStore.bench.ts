// `pnpm bench`: the local provider signing an ERC-20 transfer (5 USDC, offline: nonce from the vault) with its
// vault in the database (PGlite, the `local_vaults` table: a read and a revision-fenced write per transfer) against
// the file store (a JSON file read, then written to a temporary file and renamed), the baseline, in the same run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, bench, describe } from 'vitest'
import { openDatabase } from '../src/core/database/openDatabase'
import { createDatabaseVaultStore } from '../src/providers/local/databaseVaultStore'
import { createFileVaultStore } from '../src/providers/local/fileVaultStore'
import { createLocalProvider } from '../src/providers/local/localProvider'
import type { LocalVaultStoreFactory } from '../src/providers/local/vault'

const mnemonic = 'test test test test test test test test test test test junk'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// Longer than the default half second: the machine is shared, and a longer run evens out its noise.
const options = { time: 3000, warmupTime: 500 }

async function transferSigner(vaultStore: LocalVaultStoreFactory) {
  const provider = createLocalProvider({ scrypt: { N: 2 ** 10, r: 8, p: 1 }, vaultStore })
  const session = await provider.connect(
    { passphrase: 'a long enough passphrase', mnemonic },
    { connectionId: 'bench' },
  )
  const [wallet] = await session.listWallets()
  const accountExternalId = wallet!.accounts.find((account) => account.networkId === 'ETHEREUM')!.externalId
  return async () => {
    await session.buildTransfer({
      source: { accountExternalId },
      networkId: 'ETHEREUM',
      destinationAddress: recipient,
      asset: { kind: 'erc20', contractAddress: usdc },
      amount: '5000000',
    })
  }
}

const directory = mkdtempSync(join(tmpdir(), 'rampart-vault-bench-'))
const database = await openDatabase({})
const withFile = await transferSigner(createFileVaultStore(directory))
const withDatabase = await transferSigner(createDatabaseVaultStore(database.db))
afterAll(async () => {
  await database.close()
  rmSync(directory, { recursive: true, force: true })
})

describe('sign a 5 USDC transfer with the local provider', () => {
  bench('file vault store (baseline)', withFile, options)
  bench('database vault store, PGlite', withDatabase, options)
})
