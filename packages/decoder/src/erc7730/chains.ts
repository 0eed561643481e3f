import chainTable from './chainTable.json'

export interface ChainInfo {
  name: string
  nativeCurrency: { symbol: string; decimals: number; name: string }
}

const table = chainTable as Record<string, ChainInfo>

/**
 * EIP-155 chain names and native currencies, from viem's chain list (mainnets win over look-alikes), as
 * `scripts/chainTable.ts` writes them: a table, because importing viem/chains costs about 360 ms.
 */
export function chainInfo(chainId: number): ChainInfo | undefined {
  return Object.hasOwn(table, chainId) ? table[chainId] : undefined
}
