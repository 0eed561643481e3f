// The requests a custody gateway sees most, from real mainnet fixtures (fixtures/requests): decodeRequest (the
// whole resolution: intent, ERC-7730 display, decoding) and decodeIntent, each beside a viem baseline that does
// a part of their work (reading the calldata; parsing and validating the typed data), measured in the same run.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { decodeFunctionData, erc20Abi, validateTypedData } from 'viem'
import { bench, describe } from 'vitest'
import { createEntitiesDataProvider, decodeIntent, decodeRequest } from '../src'

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../fixtures/requests/${name}.json`, import.meta.url)), 'utf8'),
  ).request
const entities = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../fixtures/requests/entities.json', import.meta.url)), 'utf8'),
)
const dataProvider = createEntitiesDataProvider(entities)
const options = { time: 1000, warmupTime: 200 }

const calls = {
  'ERC-20 approve (unlimited)': fixture('erc20-approve-unlimited'),
  'native transfer': fixture('native-transfer'),
}
// One yardstick for both: viem reading the approve calldata (a native transfer has none to read).
const approveData = calls['ERC-20 approve (unlimited)'].params[0].data as `0x${string}`
for (const [name, request] of Object.entries(calls)) {
  describe(name, () => {
    bench(
      'baseline: viem decodeFunctionData of the approve (erc20Abi)',
      () => void decodeFunctionData({ abi: erc20Abi, data: approveData }),
      options,
    )
    bench('rampart decodeIntent', () => void decodeIntent(request, { dataProvider }), options)
    bench('rampart decodeRequest', () => void decodeRequest(request, { dataProvider }), options)
  })
}

const typed = {
  'EIP-2612 permit (typed data)': fixture('permit-eip2612-usdc'),
  'Permit2 PermitSingle (typed data)': fixture('permit2-permit-single-unlimited'),
}
for (const [name, request] of Object.entries(typed)) {
  const [, json] = request.params as [string, string | object]
  describe(name, () => {
    bench(
      'baseline: JSON.parse + viem validateTypedData',
      () => {
        const data = typeof json === 'string' ? JSON.parse(json) : json
        const { EIP712Domain: _, ...types } = data.types
        validateTypedData({ ...data, types })
      },
      options,
    )
    bench('rampart decodeIntent', () => void decodeIntent(request, { dataProvider }), options)
    bench('rampart decodeRequest', () => void decodeRequest(request, { dataProvider }), options)
  })
}
