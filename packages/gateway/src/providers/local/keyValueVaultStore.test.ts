import { describe, expect, it } from 'vitest'
import { createKeyValueVaultStore } from './keyValueVaultStore'
import { createLocalProvider } from './localProvider'

describe('createKeyValueVaultStore', () => {
  it('keeps each connection under its own key, as JSON text, and destroys it on revoke', async () => {
    const table = new Map<string, string>()
    const vaultStore = createKeyValueVaultStore({
      get: async (key) => table.get(key),
      set: async (key, value) => {
        table.set(key, value)
      },
      delete: async (key) => {
        table.delete(key)
      },
    })
    const provider = createLocalProvider({ scrypt: { N: 2 ** 10, r: 8, p: 1 }, vaultStore })
    const session = await provider.connect({ passphrase: 'a long enough passphrase' }, { connectionId: 'c9' })
    await session.createWallet({ label: 'Second' })
    expect([...table.keys()]).toEqual(['local-vault:c9'])
    expect(JSON.parse(table.get('local-vault:c9')!).wallets).toHaveLength(2)

    table.set('local-vault:c9', '{oops')
    await expect(session.listWallets()).rejects.toMatchObject({ code: 'STORAGE_CORRUPT' })
    table.set('local-vault:c9', JSON.stringify({ version: 1 }))
    await expect(session.listWallets()).rejects.toMatchObject({ code: 'STORAGE_CORRUPT' })
    table.delete('local-vault:c9')
    await expect(session.listWallets()).rejects.toMatchObject({ code: 'REVOKED' })
  })
})
