import {
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  parseAbi,
  parseAbiParameters,
  stringToHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeIntent, decodeRequest } from './decodeRequest'
import { decoderErrorCodes } from './errors/decodingError'
import { limits } from './limits'

const from = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7'
const transfer =
  '0xa9059cbb0000000000000000000000005bdbd6e977d40a2fbebad8d8654556582a6df8540000000000000000000000000000000000000000000000000000000009896800'
const zeroAddress = '0x0000000000000000000000000000000000000000'
const safeTxTypes = [
  { name: 'to', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'data', type: 'bytes' },
  { name: 'operation', type: 'uint8' },
  { name: 'safeTxGas', type: 'uint256' },
  { name: 'baseGas', type: 'uint256' },
  { name: 'gasPrice', type: 'uint256' },
  { name: 'gasToken', type: 'address' },
  { name: 'refundReceiver', type: 'address' },
  { name: 'nonce', type: 'uint256' },
]
const send = (tx: Record<string, unknown>) => ({
  method: 'eth_sendTransaction',
  params: [{ from, chainId: '0x1', ...tx }],
})

describe('decodeRequest', () => {
  it('never throws, whatever the input', () => {
    const junk: unknown[] = [
      null,
      undefined,
      42,
      'eth_sendTransaction',
      [],
      {},
      { method: 7 },
      { method: 'eth_sendTransaction' },
      { method: 'eth_sendTransaction', params: 'x' },
      { method: 'eth_sendTransaction', params: [null] },
      send({ to: 'nope' }),
      send({ to: usdt, value: '-1' }),
      send({ to: usdt, value: `0x${'f'.repeat(65)}` }),
      send({ to: usdt, data: '0xabc' }),
      send({ to: usdt, data: 12 }),
      send({ to: usdt, data: '0x12', input: '0x34' }),
      { method: 'personal_sign', params: [] },
      { method: 'personal_sign', params: [{}, from] },
      { method: 'personal_sign', params: ['0xzz', from] },
      { method: 'eth_signTypedData_v4', params: [from, '{"bad json'] },
      {
        method: 'eth_signTypedData_v4',
        params: [from, { types: {}, primaryType: 'X', domain: {}, message: {} }],
      },
      {
        method: 'eth_signTypedData_v4',
        params: [from, { types: { X: [] }, primaryType: '__proto__', domain: {}, message: {} }],
      },
      { method: 'eth_sendUserOperation', params: [{ sender: from }] },
      { method: 'eth_sendUserOperation', params: [{ sender: from, nonce: '0x1', callData: '0x12345' }] },
      JSON.parse('{"method":"eth_sendTransaction","params":[{"__proto__":{"to":"0x00"}}]}'),
    ]
    for (const request of junk) {
      const resolution = decodeRequest(request)
      expect(resolution.decoding.error, JSON.stringify(request)).not.toBeNull()
      expect(resolution.intent.decoderError?.code).toBe(resolution.decoding.error?.code)
    }
  })

  it('gives every error a stable numeric code, a name and a JSON Pointer path', () => {
    const resolution = decodeRequest(send({ to: 'nope' }))
    expect(resolution.decoding.error).toMatchObject({
      code: decoderErrorCodes.invalidAddress,
      name: 'invalidAddress',
      path: '/params/0/to',
    })
    expect(decodeRequest(send({ to: usdt, value: 'x' })).decoding.error?.path).toBe('/params/0/value')
  })

  it('never shows an unreadable call as a plain send', () => {
    const resolution = decodeRequest(send({ to: usdt, data: '0xdeadbeef00' }))
    expect(resolution.intent.type).toBe('contractCall')
    expect(resolution.intent.hexSignature).toBe('0xdeadbeef')
    expect(resolution.decoding.error?.name).toBe('unknownSelector')
    expect(decodeRequest(send({ to: usdt, data: '0xdead' })).intent.type).toBe('contractCall')
  })

  it('reads calldata and addresses of any case into lowercase intents', () => {
    const upper = decodeIntent(
      send({
        from: from.toUpperCase().replace('0X', '0x'),
        to: usdt.toUpperCase().replace('0X', '0x'),
        data: transfer.toUpperCase().replace('0X', '0x'),
      }),
    )
    expect(upper.error).toBeNull()
    expect(upper.intent).toEqual(decodeIntent(send({ to: usdt, data: transfer })).intent)
    expect(upper.intent.recipient).toBe('0x5bdbd6e977d40a2fbebad8d8654556582a6df854')
    expect(upper.intent.hexSignature).toBe('0xa9059cbb')
  })

  it('names the paymaster of a user operation, and refuses a paymasterAndData too short to name one', () => {
    const op = { sender: from, nonce: '0x1', callData: transfer, signature: '0x' }
    const paymaster = '0x1b637a3008dc1f86d92031a97fc4b5ac0803329e'
    const userOp = (fields: Record<string, unknown>) => ({
      method: 'eth_sendUserOperation',
      params: [{ ...op, ...fields }, '0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789'],
    })
    expect(decodeIntent(userOp({ paymasterAndData: `${paymaster}abcdef` })).intent.paymaster).toBe(paymaster)
    expect(decodeIntent(userOp({ paymaster, paymasterData: '0x' })).intent.paymaster).toBe(paymaster)
    expect(decodeIntent(userOp({ paymasterAndData: '0x' })).intent).not.toHaveProperty('paymaster')
    const short = decodeIntent(userOp({ paymasterAndData: paymaster.slice(0, 40) }))
    expect(short.error).toMatchObject({ name: 'invalidUserOperation', path: '/params/0/paymasterAndData' })
  })

  it('refuses calldata above the size limit', () => {
    const data = `${transfer}${'00'.repeat(limits.maxCalldataBytes)}`
    expect(decodeRequest(send({ to: usdt, data })).decoding.error?.name).toBe('sizeLimitExceeded')
  })

  it('refuses batches nested deeper than the depth limit', () => {
    const multiSend = parseAbi(['function multiSend(bytes transactions)'])
    let data: `0x${string}` = transfer
    let to: `0x${string}` = usdt
    for (let i = 0; i <= limits.maxDepth + 1; i++) {
      const packed = encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [0, to, 0n, BigInt((data.length - 2) / 2), data],
      )
      data = encodeFunctionData({ abi: multiSend, functionName: 'multiSend', args: [packed] })
      to = '0x40a2accbd92bca938b02010e17a5b8929b49130d'
    }
    const resolution = decodeRequest(send({ to, data }))
    expect(resolution.decoding.error?.name).toBe('depthLimitExceeded')
    expect(resolution.intent.decoderError?.name).toBe('depthLimitExceeded')
  })

  it('refuses a MultiSend whose packed transactions run past the end', () => {
    const multiSend = parseAbi(['function multiSend(bytes transactions)'])
    const packed = concat([
      encodePacked(['uint8', 'address', 'uint256', 'uint256'], [0, usdt, 0n, 1000n]),
      '0x1234',
    ])
    const data = encodeFunctionData({ abi: multiSend, functionName: 'multiSend', args: [packed] })
    const resolution = decodeRequest(send({ to: '0x40a2accbd92bca938b02010e17a5b8929b49130d', data }))
    expect(resolution.decoding.error?.name).toBe('truncatedCalldata')
  })

  it('reports an unknown Universal Router command as an error on its nested resolution', () => {
    const execute = parseAbi(['function execute(bytes commands, bytes[] inputs, uint256 deadline)'])
    const data = encodeFunctionData({ abi: execute, functionName: 'execute', args: ['0x3f', ['0x'], 1n] })
    const resolution = decodeRequest(send({ to: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad', data }))
    expect(resolution.resolutions?.[0]?.decoding.error?.name).toBe('unknownCommand')
    expect(resolution.decoding.error?.name).toBe('unknownCommand')
  })

  it('refuses account batches whose parallel arrays disagree in length, as the accounts do', () => {
    const abi = parseAbi([
      'function executeBatch(address[] dest, bytes[] func)',
      'function executeBatchCall(address[] dest, uint256[] value, bytes[] func)',
    ])
    const account = '0x8c99259bf9cf90dc872051eb1e70ad0e021eb7cb'
    const decode = (data: `0x${string}`) => decodeIntent(send({ to: account, data }))
    const short = encodeFunctionData({ abi, functionName: 'executeBatch', args: [[usdt, usdt], [transfer]] })
    expect(decode(short).error).toMatchObject({ name: 'abiDecodingFailed', path: '/params/0/data' })
    const values = (v: bigint[]) =>
      encodeFunctionData({ abi, functionName: 'executeBatchCall', args: [[usdt, from], v, [transfer, '0x']] })
    expect(decode(values([0n])).error?.name).toBe('abiDecodingFailed')
    // An empty value array means no value for any call.
    const free = decode(values([]))
    expect(free.error).toBeNull()
    expect(free.intent.intents?.map((i) => i.type)).toEqual(['erc20Transfer', 'nativeTransfer'])
  })

  it('decodes ERC-7579 batch executions and refuses unknown call types', () => {
    const execute = parseAbi(['function execute(bytes32 mode, bytes executionCalldata)'])
    const batch = encodeAbiParameters(
      parseAbiParameters('(address target, uint256 value, bytes callData)[]'),
      [
        [
          { target: usdt, value: 0n, callData: transfer },
          { target: from, value: 5n, callData: '0x' },
        ],
      ],
    )
    const mode = (type: string) => `0x${type}${'00'.repeat(31)}` as `0x${string}`
    const account = '0xe02cb371a3ad18a14b40a7ef2d5cf03cc0d2b08f'
    const data = encodeFunctionData({ abi: execute, functionName: 'execute', args: [mode('01'), batch] })
    const resolution = decodeRequest(send({ to: account, data }))
    expect(resolution.intent.intents?.map((i) => [i.type, i.from])).toEqual([
      ['erc20Transfer', account],
      ['nativeTransfer', account],
    ])
    const staticCall = encodeFunctionData({
      abi: execute,
      functionName: 'execute',
      args: [mode('fe'), batch],
    })
    expect(decodeRequest(send({ to: account, data: staticCall })).decoding.error?.name).toBe(
      'abiDecodingFailed',
    )
  })

  it('accepts personal_sign with the address first, as some dapps send it', () => {
    const resolution = decodeRequest({ method: 'personal_sign', params: [from, stringToHex('hello')] })
    expect(resolution.intent).toMatchObject({ type: 'signMessage', from, message: 'hello' })
  })

  it('flags a Sign-In with Ethereum message for another account than the signer', () => {
    const message = [
      'example.org wants you to sign in with your Ethereum account:',
      '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      '',
      'URI: https://example.org',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: 32891756',
      'Issued At: 2021-09-30T16:25:24Z',
    ].join('\n')
    const resolution = decodeRequest({ method: 'personal_sign', params: [stringToHex(message), from] })
    expect(resolution.intent).toMatchObject({ type: 'signIn', chainId: 1, flags: ['siweAddressMismatch'] })
  })

  it('does not show text with control characters as text', () => {
    const resolution = decodeRequest({ method: 'personal_sign', params: [stringToHex('a\u202Eb'), from] })
    expect(resolution.intent.message).toBeUndefined()
    expect(resolution.intent.messageHex).toBe(stringToHex('a\u202Eb'))
  })

  it('never reads mutated transfer calldata differently from viem: it agrees or reports an error', () => {
    // Deterministic mutations (the mulberry32 generator, seeded), so a failure is reproducible: single
    // characters replaced by any hex digit in either case or by a non-hex character, and truncations.
    let seed = 7
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n)
    }
    const alphabet = '0123456789abcdefABCDEFxg '
    let agreed = 0
    for (let round = 0; round < 3000; round++) {
      let data: string = transfer
      const edits = 1 + next(3)
      for (let e = 0; e < edits; e++) {
        const at = 2 + next(data.length - 2)
        data = `${data.slice(0, at)}${alphabet[next(alphabet.length)]}${data.slice(at + 1)}`
      }
      if (next(10) === 0) data = data.slice(0, 2 + 2 * next((data.length - 2) / 2))
      const { intent, error } = decodeIntent(send({ to: usdt, data }))
      if (error) continue
      if (intent.type === 'nativeTransfer') {
        expect(data).toBe('0x') // truncated to nothing: a plain send, which viem has no call to compare with
        continue
      }
      // Rampart read it as a transfer: viem must read the same call with the same arguments.
      // Hex case carries no meaning in bytes; viem matches selectors case-sensitively, so it reads lowercase.
      const viem = decodeFunctionData({ abi: erc20Abi, data: data.toLowerCase() as `0x${string}` })
      expect(viem.functionName, data).toBe(intent.functionName)
      if (intent.type === 'erc20Transfer') {
        const [to, amount] = viem.args as [string, bigint]
        expect([intent.recipient, intent.amount], data).toEqual([to.toLowerCase(), amount.toString()])
        agreed++
      }
    }
    // Most mutations keep a valid transfer (any hex digit in an amount or address): the test compares values.
    expect(agreed).toBeGreaterThan(1000)
  })

  it('reads a Safe transaction to sign (SafeTx) as the call the Safe will make', () => {
    const safe = '0x847b5c174615b1b7fdf770882256e2d3e95b9d92'
    const safeTx = (message: Record<string, unknown>, fields = safeTxTypes) => ({
      method: 'eth_signTypedData_v4',
      params: [
        from,
        {
          types: {
            EIP712Domain: [
              { name: 'chainId', type: 'uint256' },
              { name: 'verifyingContract', type: 'address' },
            ],
            SafeTx: fields,
          },
          primaryType: 'SafeTx',
          domain: { chainId: 1, verifyingContract: safe },
          message: {
            to: usdt,
            value: '0',
            data: transfer,
            operation: 0,
            safeTxGas: '0',
            baseGas: '0',
            gasPrice: '0',
            gasToken: zeroAddress,
            refundReceiver: zeroAddress,
            nonce: '7',
            ...message,
          },
        },
      ],
    })
    const call = decodeIntent(safeTx({}))
    expect(call.error).toBeNull()
    expect(call.intent).toMatchObject({ type: 'batch', from, to: safe, nonce: '7', operation: 'call' })
    expect(call.intent.intents?.[0]).toMatchObject({ type: 'erc20Transfer', from: safe, amount: '160000000' })
    expect(call.intent.flags).toBeUndefined()
    // The Safe pays a gas refund of (gas used + baseGas) x gasPrice in gasToken to refundReceiver, an amount no
    // intent bounds (baseGas is the signer's to set, 10^9 here): flagged and refused, whatever the call.
    const refund = decodeIntent(
      safeTx({
        to: safe,
        data: '0x',
        gasPrice: '1000000',
        baseGas: '1000000000',
        gasToken: usdt,
        refundReceiver: from,
      }),
    )
    expect(refund.intent.flags).toEqual(['safeGasRefund'])
    expect(refund.error).toMatchObject({ name: 'invalidTypedData', path: '/params/1/message/gasPrice' })
    expect(decodeIntent(safeTx({ gasPrice: '1' })).error?.path).toBe('/params/1/message/gasPrice')
    expect(decodeIntent(safeTx({ operation: 2 })).error).toMatchObject({
      name: 'invalidTypedData',
      path: '/params/1/message/operation',
    })
    // A SafeTx the Safe would hash differently is no transaction of that Safe: a plain typed-data signature.
    const reordered = [...safeTxTypes.slice(1), safeTxTypes[0]!]
    expect(decodeIntent(safeTx({}, reordered)).intent.type).toBe('signTypedData')
  })

  it('decodeIntent returns the same intent as decodeRequest', () => {
    const request = send({ to: usdt, data: transfer })
    const { intent, error, action } = decodeIntent(request)
    expect(intent).toEqual(decodeRequest(request).intent)
    expect(error).toBeNull()
    expect(action).toBe('eth_sendTransaction')
  })
})
