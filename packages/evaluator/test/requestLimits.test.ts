// Spending and rate limits count what the request itself does: a request that moves no amount still counts toward a
// rate limit, a batch moves what its calls move, and a call's value is native currency, beside any token amount.
import { encodeAbiParameters, encodeFunctionData, parseAbi, parseAbiParameters, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { decide, decideFixture, policy, readFixture } from './decodeAndDecide'

const NOW = Date.parse('2025-03-14T12:00:00Z') / 1000
const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

describe('limits count what the request itself does', () => {
  const history = (count: number, amount = '0', token?: string) =>
    Array.from({ length: count }, (_, i) => ({
      amount,
      timestamp: NOW - 60 - i,
      ...(token ? { token } : {}),
    }))
  const atMostTwoAnHour = [
    policy('two-an-hour', 'permit', [
      { criterion: 'checkAction', args: ['signMessage', 'signUserOperation', 'signTransaction'] },
      { criterion: 'checkRateLimit', args: { limit: 2, window: { type: 'rolling', seconds: 3600 } } },
    ]),
  ]

  it('a rate limit counts a request that moves no amount', async () => {
    for (const name of ['personal-sign-siwe', 'user-operation-v07']) {
      expect(await decideFixture(name, atMostTwoAnHour, { now: NOW, history: history(1) })).toMatchObject({
        decision: 'Permit',
      })
      expect(await decideFixture(name, atMostTwoAnHour, { now: NOW, history: history(2) })).toMatchObject({
        decision: 'Forbid',
      })
    }
  })

  it('a message, signed for no chain, counts under a limit on any chain, and so does its recorded history', async () => {
    const onMainnet = [
      policy('one-message-an-hour-on-mainnet', 'permit', [
        { criterion: 'checkAction', args: ['signMessage'] },
        {
          criterion: 'checkRateLimit',
          args: { limit: 1, window: { type: 'rolling', seconds: 3600 }, filters: { chains: [1] } },
        },
      ]),
    ]
    const message = (await decideFixture('personal-sign-siwe', onMainnet, { now: NOW })) as {
      decision: string
    }
    expect(message.decision).toBe('Permit')
    const pastMessage = [{ amount: '0', chainId: 0, timestamp: NOW - 60 }]
    expect(
      await decideFixture('personal-sign-siwe', onMainnet, { now: NOW, history: pastMessage }),
    ).toMatchObject({
      decision: 'Forbid',
    })
    const onBase = [{ amount: '0', chainId: 8453, timestamp: NOW - 60 }]
    expect(await decideFixture('personal-sign-siwe', onMainnet, { now: NOW, history: onBase })).toMatchObject(
      {
        decision: 'Permit',
      },
    )
  })

  it('a spending limit counts the transfers inside a batch', async () => {
    // The batch sends 5 USDC and 0.01 ETH in two calls; the batch itself carries no value.
    const usdcPerDay = (limit: string) => [
      policy('usdc-per-day', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        {
          criterion: 'checkSpendingLimit',
          args: { limit, window: { type: 'fixed', period: 'day' }, filters: { tokens: [USDC] } },
        },
      ]),
    ]
    expect(await decideFixture('account-execute-batch', usdcPerDay('4999999'), { now: NOW })).toMatchObject({
      decision: 'Forbid',
    })
    expect(await decideFixture('account-execute-batch', usdcPerDay('5000000'), { now: NOW })).toMatchObject({
      decision: 'Permit',
    })
    const withHistory = { now: NOW, history: history(1, '1', USDC) }
    expect(await decideFixture('account-execute-batch', usdcPerDay('5000000'), withHistory)).toMatchObject({
      decision: 'Forbid',
    })
  })

  it('a spending limit on the native currency counts the value a contract call sends', async () => {
    // A real Aave v3 supply of USDC, sent with 1 ETH: a contract call the decoder reads whole, whose value counts
    // toward a limit on ETH. (A call the decoder cannot read is refused before any limit is counted.)
    const supply = readFixture('aave-v3-supply').request
    const call = { ...supply, params: [{ ...supply.params[0], value: '0xde0b6b3a7640000' }] }
    const ethPerDay = [
      policy('eth-per-day', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        {
          criterion: 'checkSpendingLimit',
          args: {
            limit: '500000000000000000',
            window: { type: 'fixed', period: 'day' },
            filters: { tokens: ['eip155:1/slip44:60'] },
          },
        },
      ]),
    ]
    expect(await decide(call, ethPerDay, { now: NOW })).toMatchObject({ decision: 'Forbid' })
    const halfEther = { ...call, params: [{ ...call.params[0], value: '0x6f05b59d3b20000' }] }
    expect(await decide(halfEther, ethPerDay, { now: NOW })).toMatchObject({ decision: 'Permit' })
  })
  it('a spending limit counts the value a batch receives and none of its calls forwards', async () => {
    // A Universal Router plan sent 10 ETH that sweeps the router's ETH: 1 wei at least to the sender, then any
    // amount (a minimum of 0) to another address. Its commands forward no value; the router pays out what it holds.
    const from = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
    const sweep = (recipient: string, minimum: bigint) =>
      encodeAbiParameters(parseAbiParameters('address, address, uint256'), [
        '0x0000000000000000000000000000000000000000',
        recipient as `0x${string}`,
        minimum,
      ])
    const data = encodeFunctionData({
      abi: parseAbi(['function execute(bytes commands, bytes[] inputs)']),
      args: ['0x0404', [sweep(from, 1n), sweep('0x5bdbd6e977d40a2fbebad8d8654556582a6df854', 0n)]],
    })
    const rpc = {
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          to: '0x66a9893cc07d91d95644aedd05d03f95e1dba8af',
          value: `0x${parseEther('10').toString(16)}`,
          data,
          chainId: '0x1',
        },
      ],
    }
    const ethPerDay = (limit: bigint) => [
      policy('eth-per-day', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        {
          criterion: 'checkSpendingLimit',
          args: {
            limit: limit.toString(),
            window: { type: 'fixed', period: 'day' },
            filters: { tokens: ['eip155:1/slip44:60'] },
          },
        },
      ]),
    ]
    expect(await decide(rpc, ethPerDay(parseEther('9')), { now: NOW })).toMatchObject({ decision: 'Forbid' })
    expect(await decide(rpc, ethPerDay(parseEther('10') + 1n), { now: NOW })).toMatchObject({
      decision: 'Permit',
    })
  })

  describe('a call moves its token amount and the native value it sends, each once', () => {
    const nativePerDay = (limit: bigint, chainId = 1) => [
      policy('native-per-day', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        {
          criterion: 'checkSpendingLimit',
          args: {
            limit: limit.toString(),
            window: { type: 'fixed', period: 'day' },
            filters: { tokens: [`eip155:${chainId}/slip44:60`] },
          },
        },
      ]),
    ]
    const tokenPerDay = (token: string, limit: bigint) => [
      policy('token-per-day', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        {
          criterion: 'checkSpendingLimit',
          args: {
            limit: limit.toString(),
            window: { type: 'fixed', period: 'day' },
            filters: { tokens: [token] },
          },
        },
      ]),
    ]

    it('a native spending limit counts the value a token call sends along', async () => {
      // A USDT transfer of 160 USDT that also sends 1 ETH to the token contract.
      const from = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
      const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7'
      const recipient = '5bdbd6e977d40a2fbebad8d8654556582a6df854'.padStart(64, '0')
      const rpc = {
        method: 'eth_sendTransaction',
        params: [
          {
            from,
            to: usdt,
            chainId: '0x1',
            value: `0x${parseEther('1').toString(16)}`,
            data: `0xa9059cbb${recipient}${(160_000_000).toString(16).padStart(64, '0')}`,
          },
        ],
      }
      expect(await decide(rpc, nativePerDay(parseEther('0.5')), { now: NOW })).toMatchObject({
        decision: 'Forbid',
      })
      expect(await decide(rpc, nativePerDay(parseEther('1')), { now: NOW })).toMatchObject({
        decision: 'Permit',
      })
      // The token amount still counts, toward the token's limits.
      const USDT = `eip155:1/erc20:${usdt}`
      expect(await decide(rpc, tokenPerDay(USDT, 159_999_999n), { now: NOW })).toMatchObject({
        decision: 'Forbid',
      })
      expect(await decide(rpc, tokenPerDay(USDT, 160_000_000n), { now: NOW })).toMatchObject({
        decision: 'Permit',
      })
    })

    it('a WETH deposit counts as the native currency it sends, not as the WETH it mints to the sender', async () => {
      // The deposit wraps 17.9 ETH.
      expect(
        await decideFixture('weth-deposit', nativePerDay(parseEther('17.8')), { now: NOW }),
      ).toMatchObject({
        decision: 'Forbid',
      })
      expect(
        await decideFixture('weth-deposit', nativePerDay(parseEther('17.9')), { now: NOW }),
      ).toMatchObject({
        decision: 'Permit',
      })
      const WETH = 'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
      expect(await decideFixture('weth-deposit', tokenPerDay(WETH, 0n), { now: NOW })).toMatchObject({
        decision: 'Permit',
      })
    })

    it('a native transfer and a swap paying in the native currency count their value once', async () => {
      // 0.1149188 ETH sent; a Universal Router swap on Optimism paying 0.25 ETH (its amount is its value).
      const sent = parseEther('0.1149188')
      expect(await decideFixture('native-transfer', nativePerDay(sent), { now: NOW })).toMatchObject({
        decision: 'Permit',
      })
      expect(await decideFixture('native-transfer', nativePerDay(sent - 1n), { now: NOW })).toMatchObject({
        decision: 'Forbid',
      })
      const paid = parseEther('0.25')
      const swap = 'universal-router-wrap-swap-optimism'
      expect(await decideFixture(swap, nativePerDay(paid, 10), { now: NOW })).toMatchObject({
        decision: 'Permit',
      })
      expect(await decideFixture(swap, nativePerDay(paid - 1n, 10), { now: NOW })).toMatchObject({
        decision: 'Forbid',
      })
    })
  })

  describe('an intent that lists its amounts counts each of them', () => {
    const perDay = (action: string, token: string, limit: bigint) => [
      policy('per-day', 'permit', [
        { criterion: 'checkAction', args: [action] },
        {
          criterion: 'checkSpendingLimit',
          args: {
            limit: limit.toString(),
            window: { type: 'fixed', period: 'day' },
            filters: { tokens: [token] },
          },
        },
      ]),
    ]

    it('an ERC-1155 batch transfer counts each transfer, as a single transfer counts its amount', async () => {
      // safeBatchTransferFrom of one unit of token id 1: the same movement as a single safeTransferFrom.
      const id1 = 'eip155:1/erc1155:0xc464839b6287e90a514a577f6da17b3f3f202671/1'
      const batch = 'erc1155-safe-batch-transfer-from'
      expect(await decideFixture(batch, perDay('signTransaction', id1, 0n), { now: NOW })).toMatchObject({
        decision: 'Forbid',
      })
      expect(await decideFixture(batch, perDay('signTransaction', id1, 1n), { now: NOW })).toMatchObject({
        decision: 'Permit',
      })
    })

    it('a Permit2 batch permit counts each allowance, as a single Permit2 permit counts its amount', async () => {
      // PermitSingle and PermitBatch each grant an unlimited (uint160 maximum) USDT allowance among others.
      const USDT = 'eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7'
      const max = (1n << 160n) - 1n
      for (const name of ['permit2-permit-single-unlimited', 'permit2-permit-batch']) {
        expect(
          await decideFixture(name, perDay('signTypedData', USDT, max - 1n), { now: NOW }),
        ).toMatchObject({
          decision: 'Forbid',
        })
        expect(await decideFixture(name, perDay('signTypedData', USDT, max), { now: NOW })).toMatchObject({
          decision: 'Permit',
        })
      }
    })
  })
})
