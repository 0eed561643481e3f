import { describe, expect, it } from 'vitest'
import { assetCatalogue } from './assetCatalogue'
import { networkCatalogue } from './networkCatalogue'

describe('networks catalogue', () => {
  it('has at least 30 networks, EVM and not, with unique ids and chain ids', () => {
    expect(networkCatalogue.length).toBeGreaterThanOrEqual(30)
    const ids = networkCatalogue.map((network) => network.networkId)
    expect(new Set(ids).size).toBe(ids.length)
    const chainIds = networkCatalogue.flatMap((network) =>
      network.evmChainId === null ? [] : [network.evmChainId],
    )
    expect(new Set(chainIds).size).toBe(chainIds.length)
    expect(networkCatalogue.filter((network) => network.type !== 'evm').length).toBeGreaterThanOrEqual(15)
    for (const network of networkCatalogue) {
      expect(network.type === 'evm', network.networkId).toBe(network.evmChainId !== null)
      expect(network.caip2).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
    }
  })

  it('gives each network its SLIP-44 coin type, and testnets coin type 1', () => {
    const coinType = (id: string) => networkCatalogue.find((network) => network.networkId === id)?.coinType
    expect(coinType('BITCOIN')).toBe(0)
    expect(coinType('ETHEREUM')).toBe(60)
    expect(coinType('SOLANA')).toBe(501)
    expect(coinType('COSMOS')).toBe(118)
    expect(coinType('ETHEREUM_SEPOLIA')).toBe(1)
  })

  it('has a native coin per network and CAIP-19 asset ids', () => {
    expect(assetCatalogue.filter((asset) => asset.onchainId === null)).toHaveLength(networkCatalogue.length)
    const ids = assetCatalogue.map((asset) => asset.assetId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const asset of assetCatalogue)
      expect(asset.assetId).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/(slip44:\d+|erc20:0x[0-9a-f]{40})$/)
  })
})
