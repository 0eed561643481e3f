import { encodeAbiParameters, encodeFunctionData, encodePacked, parseAbi, parseAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'

const router = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad'
const user = '0xef7d8ee2ebe3b4c7d70e723d5a148c710e0ec2e6'
const other = '0x00000000000000000000000000000000000bad00'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const weth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
const msgSender = '0x0000000000000000000000000000000000000001'
const addressThis = '0x0000000000000000000000000000000000000002'
const execute = parseAbi(['function execute(bytes commands, bytes[] inputs, uint256 deadline)'])

/** 1,000 USDC swapped for WETH into the router (V3_SWAP_EXACT_IN), then the commands that pay it out. */
function plan(payout: readonly (readonly [number, `0x${string}`])[]) {
  const swap = encodeAbiParameters(parseAbiParameters('address, uint256, uint256, bytes, bool'), [
    addressThis,
    1_000_000_000n,
    10n ** 17n,
    encodePacked(['address', 'uint24', 'address'], [usdc, 500, weth]),
    true,
  ])
  const ids = [0x00, ...payout.map(([id]) => id)]
  const commands = `0x${ids.map((id) => id.toString(16).padStart(2, '0')).join('')}` as `0x${string}`
  const data = encodeFunctionData({
    abi: execute,
    functionName: 'execute',
    args: [commands, [swap, ...payout.map(([, input]) => input)], 2_000_000_000n],
  })
  return decodeIntent({
    method: 'eth_sendTransaction',
    params: [{ from: user, to: router, data, value: '0x0', chainId: '0x1' }],
  })
}
const unwrapTo = (recipient: string) =>
  [
    0x0c,
    encodeAbiParameters(parseAbiParameters('address, uint256'), [recipient as `0x${string}`, 10n ** 17n]),
  ] as const
const portion = (recipient: string, bips: bigint) =>
  [
    0x06,
    encodeAbiParameters(parseAbiParameters('address, address, uint256'), [
      weth,
      recipient as `0x${string}`,
      bips,
    ]),
  ] as const

describe('Universal Router execute', () => {
  it('reads a swap whose output all goes to one recipient as a swap to that recipient', () => {
    const { intent, error } = plan([unwrapTo(msgSender)])
    expect(error).toBeNull()
    expect(intent).toMatchObject({ type: 'swap', recipient: user, tokenOut: 'eip155:1/slip44:60' })
  })

  it('counts payouts inside sub-plans and transfers alike', () => {
    const transfer = encodeAbiParameters(parseAbiParameters('address, address, uint256'), [
      weth,
      other,
      10n ** 16n,
    ])
    expect(plan([[0x05, transfer], unwrapTo(msgSender)]).intent.type).toBe('batch')
    const subPlan = encodeAbiParameters(parseAbiParameters('bytes, bytes[]'), [
      '0x06',
      [portion(other, 50n)[1]],
    ])
    const nested = plan([[0x21, subPlan], unwrapTo(msgSender)])
    expect(nested.error).toBeNull()
    expect(nested.intent.type).toBe('batch')
    // A payout to the router itself stays in the plan, and the sender is still the one recipient.
    expect(plan([portion(addressThis, 50n), unwrapTo(msgSender)]).intent).toMatchObject({
      type: 'swap',
      recipient: user,
    })
  })

  it('never names one recipient for a plan that pays out to several: it is a batch of its commands', () => {
    // 90% of the WETH bought goes to another address before the rest is unwrapped to the sender.
    const { intent, error } = plan([portion(other, 9000n), unwrapTo(msgSender)])
    expect(error).toBeNull()
    expect(intent.type).toBe('batch')
    expect(intent.recipient).toBeUndefined()
    expect(intent.intents?.map((i) => i.recipient)).toEqual([router, other, user])
  })

  describe('the amount of a swap is all the sender pays in', () => {
    const dai = '0x6b175474e89094c44da98b954eedeac495271d0f'
    /** V3_SWAP_EXACT_IN of `amount` of `tokenIn` for WETH, to the sender, paid by the sender or by the router. */
    const swapFrom = (tokenIn: `0x${string}`, amount: bigint, payerIsUser: boolean) =>
      [
        0x00,
        encodeAbiParameters(parseAbiParameters('address, uint256, uint256, bytes, bool'), [
          msgSender,
          amount,
          10n ** 16n,
          encodePacked(['address', 'uint24', 'address'], [tokenIn, 500, weth]),
          payerIsUser,
        ]),
      ] as const
    const run = (steps: readonly (readonly [number, `0x${string}`])[]) => {
      const commands = `0x${steps.map(([id]) => id.toString(16).padStart(2, '0')).join('')}` as `0x${string}`
      const data = encodeFunctionData({
        abi: execute,
        functionName: 'execute',
        args: [commands, steps.map(([, input]) => input), 2_000_000_000n],
      })
      return decodeIntent({
        method: 'eth_sendTransaction',
        params: [{ from: user, to: router, data, value: '0x0', chainId: '0x1' }],
      })
    }
    const contractBalance = 1n << 255n

    it('adds the swaps of a split route, each paid by the sender', () => {
      // 600 + 400 USDC through two pools: 1,000 USDC leave the sender, not the first swap's 600.
      const { intent, error } = run([swapFrom(usdc, 600_000_000n, true), swapFrom(usdc, 400_000_000n, true)])
      expect(error).toBeNull()
      expect(intent).toMatchObject({ type: 'swap', token: `eip155:1/erc20:${usdc}`, amount: '1000000000' })
    })

    it('counts a Permit2 pull that a swap of the router balance spends', () => {
      // PERMIT2_TRANSFER_FROM of 1,000 USDC to the router, then a swap of the router's whole balance.
      const pull = encodeAbiParameters(parseAbiParameters('address, address, uint160'), [
        usdc,
        addressThis,
        1_000_000_000n,
      ])
      const { intent, error } = run([[0x02, pull], swapFrom(usdc, contractBalance, false)])
      expect(error).toBeNull()
      expect(intent).toMatchObject({ type: 'swap', token: `eip155:1/erc20:${usdc}`, amount: '1000000000' })
    })

    it('is no one swap when the sender pays in two tokens, or an amount the plan does not name', () => {
      const twoTokens = run([swapFrom(usdc, 600_000_000n, true), swapFrom(dai, 400n * 10n ** 18n, true)])
      expect(twoTokens.intent.type).toBe('batch')
      expect(run([swapFrom(usdc, contractBalance, true)]).intent.type).toBe('batch')
    })
  })
})
