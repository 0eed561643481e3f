import { describe, expect, it } from 'vitest'
import type { DataProvider } from '../erc7730'
import { createEntitiesDataProvider } from './createEntitiesDataProvider'

const doc = {
  tokens: [
    {
      id: 'eip155:1/erc20:0xa0b8',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      symbol: 'USDC',
      chainId: 1,
      decimals: 6,
    },
  ],
  addressBook: [
    {
      id: 'exchange-hot',
      address: '0x28C6c06298d514Db089934071355E5743bf21d60',
      chainId: 1,
      classification: 'counterparty',
    },
  ],
  accounts: [
    { id: 'treasury', address: '0x28C6c06298d514Db089934071355E5743bf21d60', chainId: 1, accountType: 'eoa' },
  ],
}

describe('createEntitiesDataProvider', () => {
  it('finds tokens and names case-insensitively, per chain', () => {
    const provider = createEntitiesDataProvider(doc)
    expect(provider.token?.(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toEqual({
      decimals: 6,
      symbol: 'USDC',
      name: 'USDC',
    })
    expect(provider.token?.(10, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBeUndefined()
    // The organization's own account wins over an address-book entry for the same address.
    expect(provider.addressName?.(1, '0x28c6c06298d514db089934071355e5743bf21d60')).toBe('treasury')
  })

  it('accepts, from an untyped caller, an index that exposes its document, and ignores malformed entries', () => {
    const untyped = createEntitiesDataProvider as (entities: unknown) => DataProvider
    const provider = untyped({ document: { tokens: [null, { address: 5 }, ...doc.tokens] } })
    expect(provider.token?.(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')?.symbol).toBe('USDC')
    expect(untyped(null).token?.(1, '0x00')).toBeUndefined()
  })
})

describe('createEntitiesDataProvider over an entities index', () => {
  it('reads through indexEntities lookups', async () => {
    const { indexEntities } = await import('@rampart/entities')
    const full = {
      users: [],
      userGroups: [],
      userGroupMembers: [],
      userAccounts: [],
      credentials: [],
      accounts: doc.accounts,
      accountGroups: [],
      accountGroupMembers: [],
      tokens: [{ ...doc.tokens[0]!, id: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }],
      addressBook: doc.addressBook,
    }
    const provider = createEntitiesDataProvider(indexEntities(full as never))
    expect(provider.token?.(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')?.decimals).toBe(6)
    expect(provider.addressName?.(1, '0x28c6c06298d514db089934071355e5743bf21d60')).toBe('treasury')
  })
})
