// Criteria on what the decoder really produces: user operations that wrap their calls in the account's batch, and
// typed data whose integers a request may write in several ways.
import { readFileSync } from 'node:fs'
import { encodeAbiParameters, encodeFunctionData, parseAbi, parseAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import { decide, decideFixture, policy } from './decodeAndDecide'

describe('checkUserOperationIntents on decoded user operations', () => {
  const onlyApprovals = (types: string[]) => [
    policy('calls', 'permit', [
      { criterion: 'checkAction', args: ['signUserOperation', 'signTransaction'] },
      { criterion: 'checkUserOperationIntents', args: [{ criterion: 'checkIntentType', args: types }] },
    ]),
  ]

  it('judges the calls the account batch makes, not the batch that wraps them', async () => {
    // The v0.7 user operation approves USDC to its paymaster through the account's executeBatch.
    expect(await decideFixture('user-operation-v07', onlyApprovals(['erc20Approve']))).toMatchObject({
      decision: 'Permit',
    })
    expect(await decideFixture('user-operation-v07', onlyApprovals(['erc20Transfer']))).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
    // The v0.6 one also sends native currency: every call must satisfy the criteria.
    expect(await decideFixture('user-operation-v06', onlyApprovals(['erc20Approve']))).toMatchObject({
      decision: 'Forbid',
    })
    expect(
      await decideFixture('user-operation-v06', onlyApprovals(['erc20Approve', 'nativeTransfer'])),
    ).toMatchObject({ decision: 'Permit' })
  })

  it('reaches the calls of the user operations inside a handleOps transaction', async () => {
    expect(await decideFixture('entrypoint-handle-ops-v07', onlyApprovals(['erc20Approve']))).toMatchObject({
      decision: 'Permit',
    })
    expect(await decideFixture('entrypoint-handle-ops-v07', onlyApprovals(['batch']))).toMatchObject({
      decision: 'Forbid',
    })
  })
})

describe('typed-data criteria on integers written in any EIP-712 form', () => {
  const from = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
  const order = (chainId: unknown, amount: unknown) => ({
    method: 'eth_signTypedData_v4',
    params: [
      from,
      {
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          Order: [{ name: 'amount', type: 'uint256' }],
        },
        primaryType: 'Order',
        domain: { name: 'Shop', chainId },
        message: { amount },
      },
    ],
  })
  const policies = [
    policy('no-mainnet-orders', 'forbid', [{ criterion: 'checkIntentDomain', args: { chainId: [1] } }]),
    policy('no-orders-of-1000', 'forbid', [
      { criterion: 'checkIntentTypedDataMessage', args: [{ key: 'amount', value: '1000' }] },
    ]),
    policy('typed-data', 'permit', [{ criterion: 'checkAction', args: ['signTypedData'] }]),
  ]

  it('reads the domain chainId as the decoder does, a hex string included', async () => {
    for (const chainId of [1, '1', '0x1'])
      expect(await decide(order(chainId, 5), policies)).toMatchObject({
        decision: 'Forbid',
        decidingPolicy: 'no-mainnet-orders',
      })
    expect(await decide(order('0xa', 5), policies)).toMatchObject({ decision: 'Permit' })
  })

  it('compares a message integer by value, as a number, a decimal string or hex', async () => {
    for (const amount of [1000, '1000', '0x3e8', '0x03E8'])
      expect(await decide(order(10, amount), policies)).toMatchObject({
        decision: 'Forbid',
        decidingPolicy: 'no-orders-of-1000',
      })
    expect(await decide(order(10, 999), policies)).toMatchObject({ decision: 'Permit' })
  })
})

describe('checkIntentPayload on a decoded personal_sign of raw bytes', () => {
  // The message is a 32-byte hash: 9c 22 ff 5f 21 f0 … ed ef 11 … b6 58.
  const contains = (value: string) => [
    policy('bytes', 'permit', [
      { criterion: 'checkAction', args: ['signMessage'] },
      { criterion: 'checkIntentPayload', args: { operator: 'contains', value } },
    ]),
  ]

  it('finds whole bytes, not hex digits that straddle two of them', async () => {
    for (const value of ['22ff5f', '0x9C22', 'b658']) {
      expect(await decideFixture('personal-sign-hash-bytes', contains(value)), value).toMatchObject({
        decision: 'Permit',
      })
    }
    // c2 2f f5 and de fe f1 are digits of the hash, but across bytes; an odd number of digits is no bytes.
    for (const value of ['c22ff5', 'fedef1', '9c2']) {
      expect(await decideFixture('personal-sign-hash-bytes', contains(value)), value).toMatchObject({
        decision: 'Forbid',
        reason: { code: 'NO_MATCHING_PERMIT' },
      })
    }
  })
})

describe('amount and token criteria on a decoded Permit2 batch', () => {
  // Unlimited allowances of three tokens (USDT among them) to one spender, in one PermitBatch signature.
  const usdt = 'eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7'
  const approvals = policy('permit2-approvals', 'permit', [
    { criterion: 'checkIntentType', args: ['permit2Approve'] },
  ])
  const unlimited = {
    operator: 'gte',
    value: '1461501637330902918203684832716283019655932542975',
    unit: 'base',
  }

  it('forbids the batch when one allowance meets a forbid', async () => {
    const noUnlimited = policy('no-unlimited', 'forbid', [
      { criterion: 'checkIntentAmount', args: unlimited },
    ])
    expect(await decideFixture('permit2-permit-batch', [noUnlimited, approvals])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-unlimited',
    })
    const noUsdt = policy('no-usdt', 'forbid', [{ criterion: 'checkIntentToken', args: [usdt] }])
    expect(await decideFixture('permit2-permit-batch', [noUsdt, approvals])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-usdt',
    })
  })

  it('permits the batch only when every allowance meets the permit', async () => {
    const onlyUsdt = policy('only-usdt', 'permit', [
      { criterion: 'checkIntentType', args: ['permit2Approve'] },
      { criterion: 'checkIntentToken', args: [usdt] },
    ])
    expect(await decideFixture('permit2-permit-batch', [onlyUsdt])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
    const bounded = policy('bounded', 'permit', [
      { criterion: 'checkIntentType', args: ['permit2Approve'] },
      { criterion: 'checkIntentAmount', args: { ...unlimited, operator: 'lt' } },
    ])
    expect(await decideFixture('permit2-permit-batch', [bounded])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
  })
})

describe('amount and token criteria on the calls of a decoded batch carrying a Permit2 batch', async () => {
  const { encodeFunctionData, parseAbi } = await import('viem')
  const owner = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
  const permit2 = '0x000000000022d473030f116ddee9f6b43ac78ba3'
  const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
  const dai = '0x6b175474e89094c44da98b954eedeac495271d0f'
  const maxUint160 = 2n ** 160n - 1n
  // Permit2 permit(owner, PermitBatch, signature): an unlimited USDC allowance beside 1000 base units of DAI.
  const permitBatch = encodeFunctionData({
    abi: parseAbi([
      'struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }',
      'struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }',
      'function permit(address owner, PermitBatch permitBatch, bytes signature)',
    ]),
    functionName: 'permit',
    args: [
      owner,
      {
        details: [
          { token: usdc, amount: maxUint160, expiration: 1_800_000_000, nonce: 0 },
          { token: dai, amount: 1000n, expiration: 1_800_000_000, nonce: 0 },
        ],
        spender: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad',
        sigDeadline: 1_800_000_000n,
      },
      `0x${'11'.repeat(65)}`,
    ],
  })
  // Multicall3 aggregate3 with that one call.
  const batch = {
    method: 'eth_sendTransaction',
    params: [
      {
        from: owner,
        to: '0xca11bde05977b3631167028862be2a173976ca11',
        value: '0x0',
        data: encodeFunctionData({
          abi: parseAbi([
            'struct Call3 { address target; bool allowFailure; bytes callData; }',
            'function aggregate3(Call3[] calls) payable returns ((bool success, bytes returnData)[])',
          ]),
          functionName: 'aggregate3',
          args: [[{ target: permit2, allowFailure: false, callData: permitBatch }]],
        }),
      },
    ],
  }
  const calls = (args: unknown[]) => [{ criterion: 'checkUserOperationIntents', args }]
  const anyBatch = policy('any-batch', 'permit', [{ criterion: 'checkIntentType', args: ['batch'] }])
  const unlimited = { operator: 'gte', value: maxUint160.toString(), unit: 'base' }

  it('forbids the batch when one allowance of the call meets a forbid on the calls', async () => {
    const noUnlimited = policy(
      'no-unlimited',
      'forbid',
      calls([{ criterion: 'checkIntentAmount', args: unlimited }]),
    )
    expect(await decide(batch, [noUnlimited, anyBatch], {}, 1)).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-unlimited',
    })
    const noDai = policy(
      'no-dai',
      'forbid',
      calls([{ criterion: 'checkIntentToken', args: [`eip155:1/erc20:${dai}`] }]),
    )
    expect(await decide(batch, [noDai, anyBatch], {}, 1)).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-dai',
    })
  })

  it('permits the batch only when every allowance of the call meets the permit', async () => {
    const bounded = policy(
      'bounded',
      'permit',
      calls([{ criterion: 'checkIntentAmount', args: { ...unlimited, operator: 'lt' } }]),
    )
    expect(await decide(batch, [bounded], {}, 1)).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
    const daiOnly = policy(
      'dai-only',
      'permit',
      calls([{ criterion: 'checkIntentToken', args: [`eip155:1/erc20:${dai}`] }]),
    )
    expect(await decide(batch, [daiOnly], {}, 1)).toMatchObject({ decision: 'Forbid' })
  })
})

describe('checkERC1155TokenId on a decoded ERC-1155 batch transfer', () => {
  // safeBatchTransferFrom of token id 1 of one collection.
  const tokenId = (id: number) => `eip155:1/erc1155:0xc464839b6287e90a514a577f6da17b3f3f202671/${id}`
  const anyBatch = policy('any-batch', 'permit', [
    { criterion: 'checkIntentType', args: ['erc1155BatchTransfer'] },
  ])

  it('forbids the batch when one of its token ids is forbidden', async () => {
    const noOne = policy('no-1', 'forbid', [{ criterion: 'checkERC1155TokenId', args: [tokenId(1)] }])
    expect(await decideFixture('erc1155-safe-batch-transfer-from', [noOne, anyBatch])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-1',
    })
    const noTwo = policy('no-2', 'forbid', [{ criterion: 'checkERC1155TokenId', args: [tokenId(2)] }])
    expect(await decideFixture('erc1155-safe-batch-transfer-from', [noTwo, anyBatch])).toMatchObject({
      decision: 'Permit',
    })
  })

  it('permits the batch when every one of its token ids is listed', async () => {
    const only = (ids: number[]) => [
      policy('listed', 'permit', [{ criterion: 'checkERC1155TokenId', args: ids.map(tokenId) }]),
    ]
    expect(await decideFixture('erc1155-safe-batch-transfer-from', only([1, 2]))).toMatchObject({
      decision: 'Permit',
    })
    expect(await decideFixture('erc1155-safe-batch-transfer-from', only([2]))).toMatchObject({
      decision: 'Forbid',
    })
  })
  it('judges the amount of each transfer, not the call, whose value is nothing', async () => {
    // The batch moves one unit of token id 1.
    const atMost = (value: string) =>
      policy('at-most', 'permit', [{ criterion: 'checkIntentAmount', args: { operator: 'lte', value } }])
    expect(await decideFixture('erc1155-safe-batch-transfer-from', [atMost('0')])).toMatchObject({
      decision: 'Forbid',
    })
    expect(await decideFixture('erc1155-safe-batch-transfer-from', [atMost('1')])).toMatchObject({
      decision: 'Permit',
    })
    const anyUnit = policy('any-unit', 'forbid', [
      { criterion: 'checkIntentAmount', args: { operator: 'gte', value: '1' } },
    ])
    expect(await decideFixture('erc1155-safe-batch-transfer-from', [anyUnit, anyBatch])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'any-unit',
    })
  })
})

describe('checkPermitDeadline on a decoded Permit2 permit', () => {
  const from = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
  // A PermitSingle whose signature expires soon but whose allowance never does (uint48 maximum).
  const permitSingle = (expiration: number, sigDeadline: number) =>
    permit2TypedData(
      from,
      'PermitSingle',
      {
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
      },
      {
        details: {
          token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
          amount: '1000000',
          expiration: String(expiration),
          nonce: '0',
        },
        spender: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad',
        sigDeadline: String(sigDeadline),
      },
    )
  const forever = 2 ** 48 - 1
  const anyPermit = policy('any-permit2', 'permit', [
    { criterion: 'checkIntentType', args: ['permit2Approve'] },
  ])

  it('forbids an allowance that outlives the bound, though its signature expires in time', async () => {
    const lasting = policy('no-lasting-allowance', 'forbid', [
      { criterion: 'checkPermitDeadline', args: { operator: 'gt', value: '1800000000' } },
    ])
    expect(await decide(permitSingle(forever, 1_700_000_000), [lasting, anyPermit])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-lasting-allowance',
    })
    expect(await decide(permitSingle(1_750_000_000, 1_700_000_000), [lasting, anyPermit])).toMatchObject({
      decision: 'Permit',
    })
  })

  it('permits only when the signature deadline and the allowance expiration both meet the bound', async () => {
    const shortLived = policy('short-lived', 'permit', [
      { criterion: 'checkIntentType', args: ['permit2Approve'] },
      { criterion: 'checkPermitDeadline', args: { operator: 'lte', value: '1800000000' } },
    ])
    expect(await decide(permitSingle(forever, 1_700_000_000), [shortLived])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
    expect(await decide(permitSingle(1_750_000_000, 1_700_000_000), [shortLived])).toMatchObject({
      decision: 'Permit',
    })
  })
})

describe('amount and token criteria on a decoded Permit2 batch signature transfer', () => {
  const from = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
  const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
  const dai = '0x6b175474e89094c44da98b954eedeac495271d0f'
  // PermitBatchTransferFrom: the spender may move 5,000,000 USDC base units and 1000 DAI base units once.
  const batchTransfer = permit2TypedData(
    from,
    'PermitBatchTransferFrom',
    {
      PermitBatchTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions[]' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
      TokenPermissions: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    {
      permitted: [
        { token: usdc, amount: '5000000' },
        { token: dai, amount: '1000' },
      ],
      spender: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad',
      nonce: '1',
      deadline: '1700000000',
    },
  )
  const anyTransfer = policy('any', 'permit', [{ criterion: 'checkIntentType', args: ['permit2Transfer'] }])

  it('forbids the batch when one of its transfers meets a forbid', async () => {
    const large = policy('large', 'forbid', [
      { criterion: 'checkIntentAmount', args: { operator: 'gt', value: '1000000' } },
    ])
    expect(await decide(batchTransfer, [large, anyTransfer])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'large',
    })
    const noDai = policy('no-dai', 'forbid', [
      { criterion: 'checkIntentToken', args: [`eip155:1/erc20:${dai}`] },
    ])
    expect(await decide(batchTransfer, [noDai, anyTransfer])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-dai',
    })
  })

  it('permits the batch only when every transfer meets the permit', async () => {
    const small = policy('small', 'permit', [
      { criterion: 'checkIntentType', args: ['permit2Transfer'] },
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '1000000' } },
    ])
    expect(await decide(batchTransfer, [small])).toMatchObject({ decision: 'Forbid' })
    const stablecoins = policy('stablecoins', 'permit', [
      { criterion: 'checkIntentToken', args: [`eip155:1/erc20:${usdc}`, `eip155:1/erc20:${dai}`] },
    ])
    expect(await decide(batchTransfer, [stablecoins])).toMatchObject({ decision: 'Permit' })
  })

  it('counts every transfer of the batch toward a spending limit', async () => {
    const limited = policy('limited', 'permit', [
      { criterion: 'checkIntentType', args: ['permit2Transfer'] },
      {
        criterion: 'checkSpendingLimit',
        args: { limit: '1000000', window: { type: 'fixed', period: 'day' } },
      },
    ])
    expect(await decide(batchTransfer, [limited], { now: 1_700_000_000 })).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
  })
})

describe('NFT token id criteria on a decoded Seaport order', () => {
  // The listing offers ERC-721 token 102 for native currency.
  const listed = 'eip155:1/erc721:0x3fc3a022eb15352d3f5e4e6d6f02bbfc57d9c159/102'
  const anyOrder = policy('any-order', 'permit', [{ criterion: 'checkIntentType', args: ['seaportOrder'] }])

  it('forbids an order that moves a forbidden token id', async () => {
    const keep = policy('keep-102', 'forbid', [{ criterion: 'checkERC721TokenId', args: [listed] }])
    expect(await decideFixture('seaport-listing', [keep, anyOrder])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'keep-102',
    })
    const other = policy('keep-103', 'forbid', [
      { criterion: 'checkERC721TokenId', args: [listed.replace(/102$/, '103')] },
    ])
    expect(await decideFixture('seaport-listing', [other, anyOrder])).toMatchObject({ decision: 'Permit' })
  })
})

describe('a forbid on what a call does, on a decoded batch or user operation', () => {
  // Multicall3 aggregate3: 160 USDT to 0x5bdb…f854, then a WETH deposit.
  const usdt = 'eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7'
  const payee = '0x5bdbd6e977d40a2fbebad8d8654556582a6df854'
  const anything = policy('anything', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction', 'signUserOperation'] },
  ])

  it('forbids the batch when one of its calls does what the forbid names', async () => {
    const noPayee = policy('no-payee', 'forbid', [{ criterion: 'checkDestinationAddress', args: [payee] }])
    expect(await decideFixture('multicall3-aggregate3', [noPayee, anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-payee',
    })
    const bigUsdt = policy('big-usdt', 'forbid', [
      { criterion: 'checkIntentType', args: ['erc20Transfer'] },
      { criterion: 'checkIntentToken', args: [usdt] },
      { criterion: 'checkIntentAmount', args: { operator: 'gte', value: '100', unit: 'base' } },
    ])
    expect(await decideFixture('multicall3-aggregate3', [bigUsdt, anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'big-usdt',
    })
    // The user operation's account batch sends native currency to 0x329a…0ce8.
    const noNative = policy('no-native', 'forbid', [
      { criterion: 'checkIntentType', args: ['nativeTransfer'] },
    ])
    expect(await decideFixture('user-operation-v06', [noNative, anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-native',
    })
  })

  it('needs one call to do all of it', async () => {
    // No call moves USDT to the WETH contract, though one moves USDT and one pays the WETH contract.
    const mixed = policy('mixed', 'forbid', [
      { criterion: 'checkIntentToken', args: [usdt] },
      { criterion: 'checkDestinationAddress', args: ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'] },
    ])
    expect(await decideFixture('multicall3-aggregate3', [mixed, anything])).toMatchObject({
      decision: 'Permit',
    })
    const otherPayee = policy('other', 'forbid', [
      { criterion: 'checkDestinationAddress', args: ['0x4444444444444444444444444444444444444444'] },
    ])
    expect(await decideFixture('multicall3-aggregate3', [otherPayee, anything])).toMatchObject({
      decision: 'Permit',
    })
  })

  it('judges the amount of a Universal Router Permit2 pull of one transfer, listed as a batch', async () => {
    // PERMIT2_TRANSFER_FROM_BATCH pulling 1,000 USDC from the sender straight to another address.
    const from = '0xef7d8ee2ebe3b4c7d70e723d5a148c710e0ec2e6'
    const pull = encodeAbiParameters(parseAbiParameters('(address, address, uint160, address)[]'), [
      [[from, payee, 1_000_000_000n, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48']],
    ])
    const data = encodeFunctionData({
      abi: parseAbi(['function execute(bytes commands, bytes[] inputs)']),
      args: ['0x0d', [pull]],
    })
    const rpc = {
      method: 'eth_sendTransaction',
      params: [{ from, to: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad', data, chainId: '0x1' }],
    }
    const bigPull = (value: string) =>
      policy('big-pull', 'forbid', [
        { criterion: 'checkIntentType', args: ['permit2Transfer'] },
        { criterion: 'checkIntentAmount', args: { operator: 'gt', value, unit: 'base' } },
      ])
    expect(await decide(rpc, [bigPull('999999999'), anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'big-pull',
    })
    expect(await decide(rpc, [bigPull('1000000000'), anything])).toMatchObject({ decision: 'Permit' })
  })
})

/** An eth_signTypedData_v4 request by `from` of a Permit2 message on mainnet. */
function permit2TypedData(
  from: string,
  primaryType: string,
  types: Record<string, { name: string; type: string }[]>,
  message: Record<string, unknown>,
) {
  return {
    method: 'eth_signTypedData_v4',
    params: [
      from,
      {
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
          ...types,
        },
        primaryType,
        domain: {
          name: 'Permit2',
          chainId: 1,
          verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
        },
        message,
      },
    ],
  }
}

describe('a gas fee forbid on decoded requests: it fails closed when the fee is unknown', () => {
  const costly = policy('costly-gas', 'forbid', [
    { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: '10000000000000000' } },
  ])
  const anything = policy('anything', 'permit', [
    {
      criterion: 'checkAction',
      args: ['signTransaction', 'signUserOperation', 'signMessage', 'signTypedData'],
    },
  ])
  const held = [{ ...costly.when[0], unknown: true }]
  const usdtTransfer = JSON.parse(
    readFileSync(new URL('../../../fixtures/requests/erc20-transfer-usdt.json', import.meta.url), 'utf8'),
  ).request as { method: string; params: [Record<string, unknown>] }

  it('forbids a transaction with a gas limit but no fee per gas, and says the fee is unknown', async () => {
    // The USDT transfer of the fixtures without its gasPrice: a gas limit alone.
    const { gasPrice: _, ...limitOnly } = usdtTransfer.params[0]
    const rpc = { ...usdtTransfer, params: [limitOnly] }
    expect(await decide(rpc, [costly, anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'costly-gas',
      heldCriteria: held,
    })
    // The WETH withdrawal names no gas at all.
    expect(await decideFixture('weth-withdraw', [costly, anything])).toMatchObject({
      decision: 'Forbid',
      heldCriteria: held,
    })
  })

  it('forbids a user operation whose fee is unknown', async () => {
    // The v0.7 operation of the fixtures without its maxFeePerGas: its EntryPoint prefund cannot be known.
    const fixture = JSON.parse(
      readFileSync(new URL('../../../fixtures/requests/user-operation-v07.json', import.meta.url), 'utf8'),
    ) as { chainId: number; request: { method: string; params: [Record<string, unknown>, string] } }
    const [op, entrypoint] = fixture.request.params
    const { maxFeePerGas: _, ...noFee } = op
    const rpc = { ...fixture.request, params: [noFee, entrypoint] }
    expect(await decide(rpc, [costly, anything], {}, fixture.chainId)).toMatchObject({
      decision: 'Forbid',
      heldCriteria: held,
    })
  })

  it('compares a known fee, and reports the criterion as the policy states it', async () => {
    // 0.0073618 ETH at most.
    expect(await decideFixture('erc20-transfer-usdt', [costly, anything])).toMatchObject({
      decision: 'Permit',
    })
    const cheap = policy('cheap-gas', 'forbid', [
      { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: '7000000000000000' } },
    ])
    const decision = await decideFixture('erc20-transfer-usdt', [cheap, anything])
    expect(decision).toMatchObject({ decision: 'Forbid', heldCriteria: cheap.when })
  })

  it('never meets messages and typed data, which pay no gas', async () => {
    for (const name of ['personal-sign-siwe', 'personal-sign-plain-text', 'permit-dai', 'seaport-listing'])
      expect({ name, ...(await decideFixture(name, [costly, anything])) }).toMatchObject({
        name,
        decision: 'Permit',
      })
  })

  it('needs the fee known for a permit', async () => {
    const cheapOnly = [
      policy('cheap', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkGasFeeAmount', args: { operator: 'lte', value: '10000000000000000' } },
      ]),
    ]
    expect(await decideFixture('weth-withdraw', cheapOnly)).toMatchObject({ decision: 'Forbid' })
    expect(await decideFixture('erc20-transfer-usdt', cheapOnly)).toMatchObject({ decision: 'Permit' })
  })
})
