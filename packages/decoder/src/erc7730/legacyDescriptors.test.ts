import { type AbiFunction, encodeFunctionData, parseAbiItem } from 'viem'
import { describe, expect, it } from 'vitest'
import { createDescriptorRegistry } from './createDescriptorRegistry'
import { ALICE, mailTypes, provider, ROUTER, USDC } from './testDescriptors'

const transfer = parseAbiItem('function transfer(address to, uint256 value)') as AbiFunction

// A v1 file: selector and unnamed-signature keys named through the inline ABI, legacy required/excluded.
const v1Calldata = {
  $schema: 'https://eips.ethereum.org/assets/eip-7730/erc7730-v1.schema.json',
  context: { contract: { deployments: [{ chainId: 1, address: USDC }], abi: [transfer] } },
  metadata: { owner: 'Circle' },
  display: {
    formats: {
      '0xa9059cbb': {
        intent: 'Send',
        fields: [
          { path: 'to', label: 'To', format: 'addressName' },
          { path: 'value', label: 'Amount', format: 'tokenAmount', params: { tokenPath: '@.to' } },
        ],
        required: ['to', 'value'],
      },
      'approve(address,uint256)': {
        intent: 'Approve',
        fields: [{ path: '#.0', label: 'Spender', format: 'addressName' }],
      },
    },
  },
}

// A v1 EIP-712 file: the format is keyed by primary type and the schema lives in context.eip712.schemas.
const v1Mail = {
  context: {
    eip712: {
      deployments: [{ chainId: 1, address: ROUTER }],
      schemas: [{ primaryType: 'Mail', types: mailTypes }],
    },
  },
  metadata: { owner: 'Mailer v1' },
  display: {
    formats: {
      Mail: {
        intent: 'Send mail',
        fields: [
          { path: 'contents', label: 'Contents', format: 'raw' },
          {
            path: 'sent',
            label: 'Sent',
            format: 'raw',
            encryption: { scheme: 'fhevm', fallbackLabel: '[sealed]' },
          },
          { path: 'to.[].name', label: 'To', format: 'raw', separator: 'Recipient {index}' },
        ],
        excluded: ['from'],
      },
    },
  },
}

const registry = createDescriptorRegistry([
  { source: 'v1/calldata-usdc.json', json: v1Calldata },
  { source: 'v1/eip712-mail.json', json: v1Mail },
])

describe('legacy (v1) descriptors', () => {
  it('match selector keys and take parameter names from the inline ABI', () => {
    const data = encodeFunctionData({ abi: [transfer], functionName: 'transfer', args: [ALICE, 2_000_000n] })
    const display = registry.formatCalldata({ chainId: 1, to: USDC, data }, provider)
    expect(display?.fields.map((field) => field.value)).toEqual(['Alice (treasury)', '2 USDC'])
    expect(display?.requiredFields).toEqual(['to', 'value'])
    expect(registry.issues).toEqual([])
  })

  it('match bare primary-type keys only when the message has one of the declared schemas', () => {
    const typedData = {
      types: mailTypes,
      primaryType: 'Mail',
      domain: { chainId: 1, verifyingContract: ROUTER },
      message: {
        from: { name: 'A', wallet: ALICE },
        to: [
          { name: 'B', wallet: ALICE },
          { name: 'C', wallet: ALICE },
        ],
        contents: 'Hi',
        sent: 5,
      },
    }
    const display = registry.formatTypedData(typedData)
    expect(display?.fields.map((field) => [field.label, field.value, field.separator])).toEqual([
      ['Contents', 'Hi', undefined],
      ['Sent', '[sealed]', undefined],
      ['To', 'B', 'Recipient 0'],
      ['To', 'C', 'Recipient 1'],
    ])
    expect(display?.error?.message).toContain('encrypted')

    const otherShape = { ...typedData, types: { ...mailTypes, Mail: mailTypes.Mail.slice(0, 3) } }
    expect(registry.formatTypedData(otherShape)).toBeUndefined()
  })
})
