import { describe, expect, it } from 'vitest'
import { addressShard, idShard, inShards, libraryEntities, libraryPath, libraryValue } from './libraryLayout'
import { prepareEntities } from './prepareEntities'

describe('the policy library layout', () => {
  it('spreads ids of one scheme evenly over 16 shards, whatever they share', () => {
    for (const idOf of [
      (i: number) => `acct-${i}`,
      (i: number) => `user-${i}@example.com`,
      (i: number) => `${i}-eth`,
    ]) {
      const counts = new Map<string, number>()
      for (let i = 0; i < 16_000; i++) counts.set(idShard(idOf(i)), (counts.get(idShard(idOf(i))) ?? 0) + 1)
      expect(counts.size).toBe(16)
      // Within a quarter of the 1,000 each would hold evenly.
      for (const count of counts.values()) expect(Math.abs(count - 1_000)).toBeLessThan(250)
    }
  })

  it("takes an address's last character, counted in code points as Rego's substring counts them", () => {
    expect(addressShard('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe('8')
    expect(addressShard('addr😀')).toBe('😀')
    expect(addressShard('x')).toBe('x')
    expect(addressShard('')).toBe('')
  })

  it('holds accounts by shard, entries with their shard, and a chainless account with its shard', () => {
    const address = '0x00000000000000000000000000000000000000a7'
    const prepared = prepareEntities({
      users: [],
      userGroups: [],
      userGroupMembers: [],
      credentials: [],
      accounts: [
        { id: 'Vault-1', address, accountType: 'eoa', chainId: 1 },
        // With no chain (a document from outside TypeScript): requests on any chain meet it.
        {
          id: 'anywhere',
          address: '0x00000000000000000000000000000000000000b3',
          accountType: 'eoa',
        } as never,
      ],
      accountGroups: [],
      accountGroupMembers: [],
      userAccounts: [],
      tokens: [],
      addressBook: [],
    })
    const library = libraryEntities(prepared) as Record<string, Record<string, Record<string, unknown>>>
    expect(library.accounts?.[idShard('vault-1')]?.['vault-1']).toEqual(prepared.accounts['vault-1'])
    expect(library.accountsByAddress?.['7']?.[address]).toEqual([
      { chainId: 1, id: 'vault-1', shard: idShard('vault-1') },
    ])
    expect(library.chainlessAccounts?.['3']).toEqual({
      '0x00000000000000000000000000000000000000b3': { id: 'anywhere', shard: idShard('anywhere') },
    })
    // What is not sharded is held as prepared.
    expect(library.users).toBe(prepared.users)
    expect(libraryPath('accounts', 'vault-1')).toEqual([
      'entities',
      'accounts',
      idShard('vault-1'),
      'vault-1',
    ])
    expect(libraryPath('users', 'ann')).toEqual(['entities', 'users', 'ann'])
    expect(libraryValue('chainlessAccounts', undefined)).toBeUndefined()
  })

  it('files an id such as __proto__ like any other', () => {
    const accounts: Record<string, unknown> = Object.create(null)
    const id = '__proto__'
    accounts[id] = { id }
    const shards = inShards('accounts', accounts, ['__proto__'])
    expect(Object.keys(shards[idShard('__proto__')] ?? {})).toEqual(['__proto__'])
    expect(shards[idShard(id)]?.[id]).toEqual({ id })
  })
})
