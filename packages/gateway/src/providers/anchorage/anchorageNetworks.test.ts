import { describe, expect, it } from 'vitest'
import { anchorageAssetOf, anchorageNetworkOf, networkIdOfAnchorage } from './anchorageNetworks'

describe('Anchorage networks and assets', () => {
  it('name networks both ways from the catalogue’s Anchorage listing', () => {
    expect(networkIdOfAnchorage('ETH')).toBe('ETHEREUM')
    expect(networkIdOfAnchorage('ETHHOL')).toBe('ETHEREUM_HOLESKY')
    expect(networkIdOfAnchorage('BTC')).toBe('BITCOIN')
    expect(anchorageNetworkOf('ETHEREUM')).toBe('ETH')
    // Networks the catalogue does not list under Anchorage have no name on the other side.
    expect(networkIdOfAnchorage('ETH_ZKSYNC_T')).toBeNull()
    expect(networkIdOfAnchorage('__proto__')).toBeNull()
    expect(anchorageNetworkOf('POLYGON_AMOY')).toBeNull()
  })

  it('know a network’s coin (asset type and decimals), and no token yet', () => {
    expect(anchorageAssetOf('ETHEREUM', { kind: 'native' })).toEqual({ assetType: 'ETH', decimals: 18 })
    expect(anchorageAssetOf('ETHEREUM_HOLESKY', { kind: 'native' })).toEqual({
      assetType: 'ETHHOL',
      decimals: 18,
    })
    expect(anchorageAssetOf('BITCOIN', { kind: 'native' })).toEqual({ assetType: 'BTC', decimals: 8 })
    expect(
      anchorageAssetOf('ETHEREUM', {
        kind: 'erc20',
        contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      }),
    ).toBeNull()
    expect(anchorageAssetOf('POLYGON_AMOY', { kind: 'native' })).toBeNull()
  })
})
