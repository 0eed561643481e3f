import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'

const from = '0x61640a8d48bca205ba91b16b0b7745e7abc61084'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
// transfer(0x5bdb…f854, 160 USDC)
const transfer =
  '0xa9059cbb0000000000000000000000005bdbd6e977d40a2fbebad8d8654556582a6df8540000000000000000000000000000000000000000000000000000000009896800'
// MetaMask's EIP7702StatelessDeleGator on mainnet: the delegate a smart-account upgrade points an EOA at.
const delegate = '0x63c0c19a282a1b52b07dd5a65b58948a07dae32b'
const authorization = {
  chainId: '0x1',
  address: delegate,
  nonce: '0x7',
  yParity: '0x1',
  r: '0x9b1e7f0a6b6b2ad13f2bb0c4f9c1c3d1b5d7e2f8a0c4e6b8d0f2a4c6e8b0d2f4',
  s: '0x1d3f5b7d9f1b3d5f7a9c1e3f5b7d9f1b3d5f7a9c1e3f5b7d9f1b3d5f7a9c1e3f',
}
const send = (tx: Record<string, unknown>) => ({
  method: 'eth_sendTransaction',
  params: [{ from, to: usdc, data: transfer, chainId: '0x1', ...tx }],
})

describe('parseTransactionRequest', () => {
  it('refuses an EIP-7702 transaction: it hands the account to a delegate, which no intent says', () => {
    // The call alone reads as a USDC transfer; signed with its authorization list, the sender's code becomes the
    // delegate's, which then controls every asset of the account.
    for (const tx of [
      { type: '0x4', authorizationList: [authorization] },
      { authorizationList: [authorization] },
      { type: 4, authorizationList: [authorization], maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' },
      { type: '0x04' },
      { type: 'eip7702' },
    ]) {
      const { intent, error } = decodeIntent(send(tx))
      expect(error).toMatchObject({ name: 'invalidTransaction' })
      expect(intent.type).toBe('unknown')
      expect(error?.path).toBe('authorizationList' in tx ? '/params/0/authorizationList' : '/params/0/type')
    }
  })

  it('refuses transaction types it does not read, and reads legacy, access-list and EIP-1559 ones', () => {
    // Blob transactions pay a blob fee no intent counts; other types (zkSync's 0x71...) carry fields of their own.
    for (const type of ['0x3', 'eip4844', '0x71', '0x7e', 'legacyish', true, '0x']) {
      const { error } = decodeIntent(send({ type }))
      expect(error).toMatchObject({ name: 'invalidTransaction', path: '/params/0/type' })
    }
    for (const type of [
      undefined,
      null,
      '0x0',
      '0x1',
      '0x2',
      0,
      1,
      2,
      '0x02',
      'legacy',
      'eip2930',
      'eip1559',
    ]) {
      const { intent, error } = decodeIntent(send({ type, accessList: [], authorizationList: [] }))
      expect(error).toBeNull()
      expect(intent).toMatchObject({ type: 'erc20Transfer', amount: '160000000' })
    }
  })

  it('counts the fee cap a signer pays: gasPrice for legacy and access-list types, maxFeePerGas for EIP-1559', () => {
    // A legacy transaction pays gasPrice whatever maxFeePerGas says: 100 gwei, not 1 wei, per unit of gas.
    const fees = { gas: '0x5208', gasPrice: '0x174876e800', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }
    const maxFee = (tx: Record<string, unknown>) => decodeIntent(send({ ...fees, ...tx })).intent.gas?.maxFee
    expect(maxFee({ type: '0x0' })).toBe((21_000n * 100_000_000_000n).toString())
    expect(maxFee({ type: '0x1', accessList: [] })).toBe((21_000n * 100_000_000_000n).toString())
    expect(maxFee({ type: '0x2' })).toBe('21000')
    // Without a type, signers disagree on which fee applies: the larger one bounds what any of them pays.
    expect(maxFee({})).toBe((21_000n * 100_000_000_000n).toString())
    expect(maxFee({ gasPrice: '0x1', maxFeePerGas: '0x2' })).toBe('42000')
    expect(maxFee({ gasPrice: undefined })).toBe('21000')
    expect(maxFee({ maxFeePerGas: undefined, type: '0x2' })).toBe((21_000n * 100_000_000_000n).toString())
  })

  it('reads input as data, takes the bytes both name when they agree in any case, and refuses them when they differ', () => {
    // Nodes (geth) read data and input as bytes, treat null as absent, and refuse the two only when the bytes differ.
    const upper = `0x${transfer.slice(2).toUpperCase()}`
    for (const tx of [
      { data: undefined, input: transfer },
      { data: null, input: transfer },
      { data: transfer, input: null },
      { data: upper, input: transfer },
    ]) {
      const { intent, error } = decodeIntent(send(tx))
      expect(error, JSON.stringify(tx)).toBeNull()
      expect(intent).toMatchObject({ type: 'erc20Transfer', amount: '160000000' })
    }
    for (const tx of [
      { data: '0x', input: transfer },
      { data: transfer, input: `${transfer}00` },
    ]) {
      expect(decodeIntent(send(tx)).error, JSON.stringify(tx)).toMatchObject({
        name: 'invalidTransaction',
        path: '/params/0/input',
      })
    }
    expect(decodeIntent(send({ data: transfer, input: '' })).error).toMatchObject({ name: 'malformedHex' })
  })

  it('refuses a quantity written in decimal digits without 0x, which wallets read as hex or as decimal', () => {
    // MetaMask puts 0x before such a value (1000000000000000000 wei becomes 0x1000000000000000000, 4,722 ETH);
    // ethers reads it as decimal (1 ETH); nodes refuse it.
    for (const [key, quantity] of [
      ['value', '1000000000000000000'],
      ['chainId', '137'],
      ['nonce', '10'],
      ['gas', '21000'],
      ['gasPrice', '100'],
      ['maxFeePerGas', '30000000000'],
      ['maxPriorityFeePerGas', '10'],
    ] as const) {
      expect(decodeIntent(send({ [key]: quantity })).error, key).toMatchObject({
        name: 'invalidQuantity',
        path: `/params/0/${key}`,
      })
    }
    // One digit reads the same either way, and so do JSON numbers and 0x hex.
    const { intent, error } = decodeIntent(send({ value: '7', nonce: 10, chainId: 137, gas: '0x5208' }))
    expect(error).toBeNull()
    expect(intent).toMatchObject({ value: '7', nonce: '10', chainId: 137, gas: { gasLimit: '21000' } })
  })
})
