// Writes src/erc7730/chainTable.json: EIP-155 chain names and native currencies from viem's chain list, mainnets
// winning over look-alike testnets. Loading viem/chains at run time costs about 360 ms (every chain module), for a
// table this small; run this script when viem is upgraded (`--check` fails when the committed table differs).
import { readFileSync, writeFileSync } from 'node:fs'
import * as chains from 'viem/chains'

type ChainInfo = { name: string; nativeCurrency: { name: string; symbol: string; decimals: number } }

function chainTable(): Record<string, ChainInfo> {
  const byId = new Map<number, ChainInfo>()
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
      const { name, symbol, decimals } = chain.nativeCurrency
      byId.set(chain.id, { name: chain.name, nativeCurrency: { name, symbol, decimals } })
    }
  }
  const { name, symbol, decimals } = chains.mainnet.nativeCurrency
  byId.set(1, { name: chains.mainnet.name, nativeCurrency: { name, symbol, decimals } })
  return Object.fromEntries([...byId].sort(([a], [b]) => a - b).map(([id, info]) => [String(id), info]))
}

const target = new URL('../src/erc7730/chainTable.json', import.meta.url)
const text = `${JSON.stringify(chainTable())}\n`
if (process.argv.includes('--check')) {
  // Compared as data: the formatter may lay the committed file out its own way.
  if (JSON.stringify(JSON.parse(readFileSync(target, 'utf8'))) !== JSON.stringify(JSON.parse(text))) {
    console.error('src/erc7730/chainTable.json differs from viem/chains: run the script without --check')
    process.exit(1)
  }
} else writeFileSync(target, text)
