import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { decodeFunctionData, erc20Abi } from 'viem'
import { bench, describe } from 'vitest'
import { createEntitiesDataProvider, decodeIntent, decodeRequest } from '../src'

// A real mainnet USDT transfer (fixtures/requests/erc20-transfer-usdt.json).
const data =
  '0xa9059cbb0000000000000000000000005bdbd6e977d40a2fbebad8d8654556582a6df8540000000000000000000000000000000000000000000000000000000009896800' as const
const request = {
  method: 'eth_sendTransaction',
  params: [
    {
      from: '0x0f1beb71c67fd219495f9400c06a6245b2db4831',
      to: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      value: '0x0',
      data,
      chainId: '0x1',
    },
  ],
}
const entities = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../fixtures/requests/entities.json', import.meta.url)), 'utf8'),
)
const dataProvider = createEntitiesDataProvider(entities)
// Longer runs than the default, so that pauses from other processes on a shared machine average out.
const options = { time: 1500, warmupTime: 300 }

describe('ERC-20 transfer calldata to intent', () => {
  bench(
    'baseline: viem decodeFunctionData alone (erc20Abi)',
    () => {
      decodeFunctionData({ abi: erc20Abi, data })
    },
    options,
  )

  bench(
    'rampart decodeIntent: JSON-RPC request to intent',
    () => {
      decodeIntent(request, { dataProvider })
    },
    options,
  )

  bench(
    'rampart decodeRequest: intent plus ERC-7730 display',
    () => {
      decodeRequest(request, { dataProvider })
    },
    options,
  )
})
