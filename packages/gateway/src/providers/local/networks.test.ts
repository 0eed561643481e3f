import { describe, expect, it } from 'vitest'
import { networkCatalogue } from '../../core/catalogue/networkCatalogue'
import { localNetworks } from './networks'

// The local provider's side of the catalogue (core/ imports no provider, so this check lives here).
describe('local provider networks', () => {
  it('names every EVM network of the local provider with its chain id', () => {
    for (const network of networkCatalogue) {
      const local = network.external.find((external) => external.provider === 'local')
      if (!local || network.type !== 'evm') continue
      expect(localNetworks[local.externalId]?.chainId, network.networkId).toBe(network.evmChainId)
    }
  })
})
