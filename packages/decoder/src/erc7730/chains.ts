import * as chains from 'viem/chains'

export interface ChainInfo {
  name: string
  nativeCurrency: { symbol: string; decimals: number; name: string }
}

let byId: Map<number, ChainInfo> | undefined

/** EIP-155 chain names and native currencies, from viem's chain list (mainnets win over look-alikes). */
export function chainInfo(chainId: number): ChainInfo | undefined {
  if (!byId) {
    byId = new Map()
    const all = Object.values(chains) as unknown as {
      id?: unknown
      name?: unknown
      testnet?: boolean
      nativeCurrency?: ChainInfo['nativeCurrency']
    }[]
    for (const pass of [false, true]) {
      for (const chain of all) {
        if (typeof chain?.id !== 'number' || typeof chain.name !== 'string' || !chain.nativeCurrency) continue
        if (Boolean(chain.testnet) !== pass || byId.has(chain.id)) continue
        byId.set(chain.id, { name: chain.name, nativeCurrency: chain.nativeCurrency })
      }
    }
    byId.set(1, { name: chains.mainnet.name, nativeCurrency: chains.mainnet.nativeCurrency })
  }
  return byId.get(chainId)
}
