import { hashTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'

const signer = '0x00000000000000000000000000000000000000aa'
const types = {
  EIP712Domain: [
    { name: 'name', type: 'string' },
    { name: 'chainId', type: 'uint256' },
  ],
  Order: [
    { name: 'maker', type: 'address' },
    { name: 'legs', type: 'Leg[]' },
    { name: 'grid', type: 'int256[][]' },
    { name: 'pair', type: 'uint16[2]' },
    { name: 'salt', type: 'bytes32' },
    { name: 'tag', type: 'bytes4' },
    { name: 'data', type: 'bytes' },
    { name: 'memo', type: 'string' },
  ],
  Leg: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'delta', type: 'int8' },
    { name: 'live', type: 'bool' },
  ],
}
const leg = {
  token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  amount: '0x3B9ACA00',
  delta: -128,
  live: true,
}
const message = {
  maker: '0x5bdbd6e977d40a2fbebad8d8654556582a6df854',
  legs: [leg, { ...leg, amount: '1000', delta: '-127', live: false }],
  grid: [[-1, '2'], [], ['-57896044618658097711785492504343953926634992332820282019728792003956564819968']],
  pair: [0, 65535],
  salt: `0x${'AB'.repeat(32)}`,
  tag: '0xdeadbeef',
  data: '0x',
  memo: 'ünïcödé 🚀',
}
const typedData = { types, primaryType: 'Order', domain: { name: 'Exchange', chainId: 1 }, message }
const decode = (changes: Record<string, unknown>) =>
  decodeIntent({
    method: 'eth_signTypedData_v4',
    params: [signer, { ...typedData, message: { ...message, ...changes } }],
  })

describe('typed-data values', () => {
  it('reads arrays of structs, nested arrays, every bytesN size and negative integers that signers hash', () => {
    expect(() => hashTypedData(typedData as never)).not.toThrow()
    const { intent, error } = decode({})
    expect(error).toBeNull()
    expect(intent.typedData?.message).toMatchObject({ maker: message.maker, pair: [0, 65535] })
  })

  it('refuses a value whose reading differs between signers or that no signer hashes, at its JSON Pointer', () => {
    const cases: [Record<string, unknown>, string][] = [
      // viem pads an odd digit count on the right, eth-sig-util on the left: two different bytes32.
      [{ salt: `0x${'1'.repeat(63)}` }, '/salt'],
      [{ data: '0x123' }, '/data'],
      // eth-sig-util hashes text in a bytes field as its UTF-8 bytes; viem refuses it.
      [{ data: 'hello' }, '/data'],
      [{ tag: 'abcd' }, '/tag'],
      [{ memo: 5 }, '/memo'],
      [{ maker: 5 }, '/maker'],
      // Inside arrays, which viem's own check does not enter.
      [{ legs: [leg, { ...leg, token: 'nope' }] }, '/legs/1/token'],
      [{ legs: [{ ...leg, amount: '1e18' }] }, '/legs/0/amount'],
      [{ legs: [{ ...leg, amount: 2 ** 60 }] }, '/legs/0/amount'],
      [{ legs: [{ ...leg, delta: 128 }] }, '/legs/0/delta'],
      [{ legs: [{ ...leg, delta: '-129' }] }, '/legs/0/delta'],
      // ethers hashes 'false' as true, eth-sig-util as false.
      [{ legs: [{ ...leg, live: 'false' }] }, '/legs/0/live'],
      [{ legs: [{ ...leg, amount: undefined }] }, '/legs/0/amount'],
      [{ legs: [leg, 'leg'] }, '/legs/1'],
      [{ legs: leg }, '/legs'],
      [{ grid: [[1], [2, '0x']] }, '/grid/1/1'],
      [{ grid: [1] }, '/grid/0'],
      [{ pair: [1, 2, 3] }, '/pair'],
      [{ pair: [1, 65536] }, '/pair/1'],
      [{ pair: [1, -1] }, '/pair/1'],
    ]
    for (const [changes, path] of cases) {
      const { intent, error } = decode(changes)
      expect(error, JSON.stringify(changes)).toMatchObject({
        name: 'invalidTypedData',
        path: `/params/1/message${path}`,
      })
      expect(intent.type).toBe('unknown')
    }
  })

  it('checks the domain the same way, by the standard types of its fields', () => {
    const withDomain = (domain: Record<string, unknown>) =>
      decodeIntent({
        method: 'eth_signTypedData_v4',
        params: [
          signer,
          { types: { Order: types.Order, Leg: types.Leg }, primaryType: 'Order', domain, message },
        ],
      })
    const salt = `0x${'00'.repeat(31)}01`
    expect(withDomain({ salt }).error).toBeNull()
    expect(withDomain({ verifyingContract: leg.token }).error).toBeNull()
    // viem refuses a one-byte salt; eth-sig-util pads it on the right into another salt.
    for (const [domain, path] of [
      [{ salt: '0x01' }, '/salt'],
      [{ salt: `0x${'0'.repeat(63)}` }, '/salt'],
      [{ name: 5 }, '/name'],
      [{ name: 'Exchange', version: 2 }, '/version'],
    ] as const) {
      expect(withDomain(domain).error, JSON.stringify(domain)).toMatchObject({
        name: 'invalidTypedData',
        path: `/params/1/domain${path}`,
      })
    }
  })
})
