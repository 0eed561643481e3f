import { describe, expect, it } from 'vitest'
import { decodeRequest } from '../decodeRequest'

const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
// transfer(0x5bdb…f854, 160 USDC) and approve(0x5bdb…f854, unlimited)
const transfer =
  '0xa9059cbb0000000000000000000000005bdbd6e977d40a2fbebad8d8654556582a6df8540000000000000000000000000000000000000000000000000000000009896800'
const approve =
  '0x095ea7b30000000000000000000000005bdbd6e977d40a2fbebad8d8654556582a6df854ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'
const send = (data: string, value?: string) =>
  decodeRequest({ method: 'eth_sendTransaction', params: [{ to: usdc, data, chainId: '0x1', value }] })

describe('native value sent with a call', () => {
  it('is shown with a call whose display would not show it (a token transfer or approval with ETH attached)', () => {
    // The token at that address takes the ether if its function is payable, whatever a genuine token would do.
    for (const data of [transfer, approve]) {
      const { intent, display } = send(data, '0xde0b6b3a7640000')
      expect(intent.value).toBe('1000000000000000000')
      expect(display.interpolatedIntent).toMatch(/, sending 1 ETH$/)
      expect(display.fields.at(-1)).toMatchObject({ label: 'Value', value: '1 ETH' })
      expect(display.requiredFields).toContain('Value')
    }
    const { display } = send(transfer)
    expect(display.interpolatedIntent).not.toContain('ETH')
    expect(display.fields.map((field) => field.label)).not.toContain('Value')
  })
})
