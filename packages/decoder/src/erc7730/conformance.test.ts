import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AbiFunction, encodeFunctionData, parseAbiItem, serializeTransaction } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { runConformance } from './conformance'
import {
  ALICE,
  mailDescriptor,
  mailTypes,
  ROUTER,
  USDC,
  VAULT,
  vaultDescriptor,
  vaultInterface,
} from './testDescriptors'

const root = mkdtempSync(join(tmpdir(), 'rampart-conformance-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const entity = join(root, 'registry', 'example')
mkdirSync(join(entity, 'testsv2'), { recursive: true })
writeFileSync(join(entity, 'calldata-vault.json'), JSON.stringify(vaultDescriptor))
writeFileSync(join(entity, 'common-vault.json'), JSON.stringify(vaultInterface))
writeFileSync(join(entity, 'eip712-mail.json'), JSON.stringify(mailDescriptor))

const abi = [parseAbiItem('function sweep(uint256 amount)') as AbiFunction]
const rawTx = serializeTransaction({
  chainId: 1,
  type: 'eip1559',
  to: VAULT,
  data: encodeFunctionData({ abi, functionName: 'sweep', args: [2_500_000n] }),
  maxFeePerGas: 1n,
})

writeFileSync(
  join(entity, 'testsv2', 'calldata-vault.tests.json'),
  JSON.stringify({
    descriptor: '../calldata-vault.json',
    dataProvider: { tokens: { [USDC]: { symbol: 'USDC', decimals: 6, name: 'USD Coin' } } },
    tests: [
      {
        description: 'sweep',
        rawTx,
        expected: {
          intent: 'Sweep',
          owner: 'Example Vaults',
          fields: [{ label: 'Amount', value: '2.5 USDC' }],
        },
      },
      {
        description: 'wrong expectation',
        rawTx,
        expected: {
          intent: 'Sweep',
          owner: 'Example Vaults',
          fields: [{ label: 'Amount', value: '2.5 DAI' }],
        },
      },
    ],
  }),
)
writeFileSync(
  join(entity, 'testsv2', 'eip712-mail.tests.json'),
  JSON.stringify({
    descriptor: '../eip712-mail.json',
    dataProvider: { addressNames: { [ALICE]: 'Alice' }, blockTimestamps: { '100': 1709191632 } },
    tests: [
      {
        description: 'mail',
        data: {
          types: mailTypes,
          primaryType: 'Mail',
          domain: { name: 'Mail', chainId: 1, verifyingContract: ROUTER },
          message: { from: { name: 'A', wallet: ALICE }, to: [], contents: 'Hi', sent: 100 },
        },
        expected: {
          intent: 'Send mail',
          interpolatedIntent: 'Mail Hi from Alice',
          owner: 'Mailer',
          fields: [
            { label: 'From', value: 'Alice' },
            { label: 'Contents', value: 'Hi' },
            { label: 'Sent', value: '2024-02-29 07:27:12Z' },
          ],
        },
      },
    ],
  }),
)

describe('runConformance', () => {
  it('runs every testsv2 case, with its data-provider mocks, and reports each failure on one line', () => {
    const lines: string[] = []
    const result = runConformance(root, (line) => lines.push(line))
    expect(result).toEqual({ passed: 2, failed: 1 })
    expect(lines).toEqual([
      'FAIL registry/example/testsv2/calldata-vault.tests.json :: wrong expectation: fields[0] "Amount": "2.5 USDC" != "2.5 DAI"',
    ])
  })
})
