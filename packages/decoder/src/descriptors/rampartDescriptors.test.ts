import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { decodeRequest } from '../decodeRequest'
import { createDescriptorRegistry } from '../erc7730'
import { rampartDescriptors } from './rampartDescriptors'

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../../fixtures/requests/${name}.json`, import.meta.url)),
      'utf8',
    ),
  )

describe("Rampart's own ERC-7730 descriptors", () => {
  it('load without issues', () => {
    const { calldata, typedData } = rampartDescriptors()
    for (const registry of [...Object.values(calldata), typedData]) {
      expect(registry.issues).toEqual([])
      expect(registry.size).toBeGreaterThan(0)
    }
  })

  it('display the built-in intents through the ERC-7730 engine', () => {
    const { request } = fixture('erc20-transfer-usdt')
    const entities = JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../../../fixtures/requests/entities.json', import.meta.url)),
        'utf8',
      ),
    )
    const resolution = decodeRequest(request, { entities })
    expect(resolution.display.intent).toBe('Send')
    expect(resolution.display.interpolatedIntent).toBe(
      'Send 160 USDT to 0x5bDBD6E977d40a2fbeBAD8D8654556582A6DF854',
    )
    expect(resolution.display.fields.map((f) => f.path)).toEqual(['#.amount', '#.to'])
  })
})

describe('caller descriptors', () => {
  const { request } = fixture('unknown-selector-uniswap-v2')
  const routerV2 = createDescriptorRegistry([
    {
      source: 'test/calldata-uniswap-v2-router.json',
      json: {
        context: {
          contract: { deployments: [{ chainId: 1, address: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D' }] },
        },
        metadata: { owner: 'Uniswap' },
        display: {
          formats: {
            'swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)':
              {
                intent: 'Swap',
                fields: [
                  {
                    path: 'amountIn',
                    label: 'Send',
                    format: 'tokenAmount',
                    params: { tokenPath: 'path.[0]' },
                  },
                  { path: 'amountOutMin', label: 'Receive at least', format: 'amount' },
                  { path: 'to', label: 'Recipient', format: 'addressName' },
                ],
                required: ['amountIn', 'amountOutMin', 'to'],
                excluded: ['path', 'deadline'],
              },
          },
        },
      },
    },
  ])

  it('display a call without a built-in reading, which then carries no error', () => {
    const resolution = decodeRequest(request, { descriptors: routerV2 })
    expect(resolution.intent.type).toBe('contractCall')
    expect(resolution.intent.hexSignature).toBe('0x18cbafe5')
    expect(resolution.display.intent).toBe('Swap')
    expect(resolution.display.interactWith.owner).toBe('Uniswap')
    expect(resolution.decoding.error).toBeNull()
  })

  it('leave the call an unknown selector without them', () => {
    expect(decodeRequest(request).decoding.error?.name).toBe('unknownSelector')
  })
})
