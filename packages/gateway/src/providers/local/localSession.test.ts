import { ed25519 } from '@noble/curves/ed25519.js'
import { hexToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import {
  decodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  parseSignature,
  parseTransaction,
  recoverAddress,
  recoverMessageAddress,
  recoverPublicKey,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  toHex,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TypedDataDefinition } from '../types'
import type { LocalSession } from './localSession'
import { connectTestSession, rejection, testAddress } from './testSession'

const first = testAddress
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

let session: LocalSession
let ethereum: string
let solana: string

beforeAll(async () => {
  const connected = await connectTestSession('c1')
  session = connected.session
  ethereum = connected.accountOn('ETHEREUM')
  solana = connected.accountOn('SOLANA')
})

describe('signTransaction', () => {
  it('signs an EIP-1559 transaction that recovers to the account, filling nonce, gas and fees offline', async () => {
    const signed = await session.signTransaction({
      accountExternalId: ethereum,
      transaction: { to: recipient, value: '1000000000000000' },
    })
    expect(signed.from).toBe(first)
    expect(signed.broadcast).toBe(false)
    expect(signed.txHash).toBe(keccak256(signed.signedTransaction))
    expect(
      await recoverTransactionAddress({ serializedTransaction: signed.signedTransaction as never }),
    ).toBe(first)
    const parsed = parseTransaction(signed.signedTransaction)
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId: 1,
      to: recipient.toLowerCase(),
      value: 1000000000000000n,
      gas: 21000n,
      maxFeePerGas: 40_000_000_000n,
      maxPriorityFeePerGas: 1_500_000_000n,
    })
    expect(signed.transaction).toMatchObject({ nonce: parsed.nonce ?? 0, gasLimit: '21000', chainId: 1 })
  })

  it('allocates increasing nonces, also under concurrent requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        session.signTransaction({ accountExternalId: ethereum, transaction: { to: recipient, value: '1' } }),
      ),
    )
    const nonces = results.map((r) => r.transaction.nonce).sort((a, b) => a - b)
    expect(new Set(nonces).size).toBe(10)
    expect(nonces.at(-1)! - nonces[0]!).toBe(9)
  })

  it('signs a legacy transaction with the given fields', async () => {
    const signed = await session.signTransaction({
      accountExternalId: ethereum,
      transaction: { to: recipient, value: '0x10', gasPrice: '7', gasLimit: '30000', nonce: 42, chainId: 1 },
    })
    expect(parseTransaction(signed.signedTransaction)).toMatchObject({
      type: 'legacy',
      gasPrice: 7n,
      gas: 30000n,
      nonce: 42,
      value: 16n,
    })
    expect(
      await recoverTransactionAddress({ serializedTransaction: signed.signedTransaction as never }),
    ).toBe(first)
  })

  it('refuses a foreign chainId, another from, a contract call without gas offline, and bad fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ to: recipient, chainId: 10 }, '/transaction/chainId'],
      [{ to: recipient, from: recipient }, '/transaction/from'],
      [{ to: recipient, data: '0xa9059cbb' }, '/transaction/gasLimit'],
      [{ to: 'not an address' }, '/transaction/to'],
      [{ to: recipient, value: '-1' }, '/transaction/value'],
      [{ to: recipient, type: 'eip4844' }, '/transaction/type'],
      // Names every object inherits are no transaction type.
      [{ to: recipient, type: 'constructor' }, '/transaction/type'],
      [{ to: recipient, gasPrice: '1', maxFeePerGas: '2' }, '/transaction/maxFeePerGas'],
      [{ value: '1' }, '/transaction/to'],
    ]
    for (const [transaction, path] of cases) {
      const error = await rejection(session.signTransaction({ accountExternalId: ethereum, transaction }))
      expect(error, path).toMatchObject({ code: 'INVALID_REQUEST', httpStatus: 422, details: { path } })
    }
  })

  it('refuses unknown accounts and EVM signing on Solana', async () => {
    const unknown = await rejection(
      session.signTransaction({ accountExternalId: '00000000:0:ETHEREUM', transaction: { to: recipient } }),
    )
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'Account not found' })
    const garbage = await rejection(session.signTransaction({ accountExternalId: 'x', transaction: {} }))
    expect(garbage).toMatchObject({ code: 'NOT_FOUND' })
    const onSolana = await rejection(session.signTransaction({ accountExternalId: solana, transaction: {} }))
    expect(onSolana).toMatchObject({ code: 'UNSUPPORTED' })
  })
})

describe('signMessage and signTypedData', () => {
  it('signs EIP-191 messages, text and raw, that recover to the account', async () => {
    for (const message of ['Sign in to Rampart', { raw: '0xdeadbeef' as Hex }]) {
      const signature = await session.signMessage({ accountExternalId: ethereum, message })
      expect(await recoverMessageAddress({ message, signature: signature.fullSig })).toBe(first)
      const { r, s, yParity } = parseSignature(signature.fullSig)
      expect({ r, s, v: 27 + yParity! }).toEqual({ r: signature.r, s: signature.s, v: signature.v })
    }
  })

  it('signs EIP-712 typed data that recovers to the account', async () => {
    const typedData: TypedDataDefinition = {
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
        salt: null,
      },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    }
    const signature = await session.signTypedData({ accountExternalId: ethereum, typedData })
    const { salt: _salt, ...domain } = typedData.domain
    const recovered = await recoverTypedDataAddress({
      ...(typedData as never as Parameters<typeof recoverTypedDataAddress>[0]),
      domain: domain as never,
      signature: signature.fullSig,
    })
    expect(recovered).toBe(first)
  })

  it('refuses typed data that does not encode', async () => {
    const error = await rejection(
      session.signTypedData({
        accountExternalId: ethereum,
        typedData: {
          domain: {},
          types: { A: [{ name: 'x', type: 'uint256' }] },
          primaryType: 'B',
          message: {},
        },
      }),
    )
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', details: { path: '/typedData/primaryType' } })
    const badValue = await rejection(
      session.signTypedData({
        accountExternalId: ethereum,
        typedData: {
          domain: {},
          types: { A: [{ name: 'x', type: 'address' }] },
          primaryType: 'A',
          message: { x: 'nope' },
        },
      }),
    )
    expect(badValue).toMatchObject({ code: 'INVALID_REQUEST', details: { path: '/typedData' } })
  })

  it('finds no primary type among the names every object inherits', async () => {
    for (const primaryType of ['constructor', 'toString', '__proto__']) {
      const error = await rejection(
        session.signTypedData({
          accountExternalId: ethereum,
          typedData: { domain: {}, types: { A: [{ name: 'x', type: 'uint256' }] }, primaryType, message: {} },
        }),
      )
      expect(error, primaryType).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { path: '/typedData/primaryType' },
      })
    }
  })

  it('refuses an EIP712Domain type other than the domain’s own fields: the signature would not bind the domain', async () => {
    const domain = {
      name: 'Ether Mail',
      version: '1',
      chainId: 1,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' as const,
    }
    const types = { Mail: [{ name: 'contents', type: 'string' }] }
    const signMail = (EIP712Domain: { name: string; type: string }[]) =>
      session.signTypedData({
        accountExternalId: ethereum,
        typedData: {
          domain,
          types: { ...types, EIP712Domain },
          primaryType: 'Mail',
          message: { contents: 'Hi' },
        },
      })
    const declared = [
      // Only the name: signed as is, the signature would hold on any chain and for any contract of that name.
      [{ name: 'name', type: 'string' }],
      // The standard's fields in another order, or with another type, hash to another domain.
      [
        { name: 'version', type: 'string' },
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint64' },
        { name: 'verifyingContract', type: 'address' },
      ],
    ]
    for (const EIP712Domain of declared) {
      const error = await rejection(signMail(EIP712Domain))
      expect(error, JSON.stringify(EIP712Domain)).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { path: '/typedData/types/EIP712Domain' },
      })
    }
    // Declared as the domain's own fields, in the standard's order, it signs the domain it is given.
    const EIP712Domain = [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ]
    const signature = await signMail(EIP712Domain)
    const recovered = await recoverTypedDataAddress({
      domain,
      types,
      primaryType: 'Mail',
      message: { contents: 'Hi' },
      signature: signature.fullSig,
    })
    expect(recovered).toBe(first)
  })

  it('signs no domain field hidden under a __proto__ member of the domain', async () => {
    // JSON.parse keeps `__proto__` as a plain member; copied by assignment it would become the prototype of the
    // signed domain, and its fields would be signed although the domain shows none of them.
    const domain = JSON.parse(
      '{"name":"Ether Mail","__proto__":{"chainId":1,"verifyingContract":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}}',
    )
    const types = { Mail: [{ name: 'contents', type: 'string' }] }
    const message = { contents: 'Hello' }
    const signature = await session.signTypedData({
      accountExternalId: ethereum,
      typedData: { domain, types, primaryType: 'Mail', message },
    })
    const recovered = await recoverTypedDataAddress({
      domain: { name: 'Ether Mail' },
      types,
      primaryType: 'Mail',
      message,
      signature: signature.fullSig,
    })
    expect(recovered).toBe(first)
  })
})

describe('signRaw', () => {
  it('signs secp256k1 digests as is; r, s, v and fullSig recover the account key', async () => {
    const digests = [keccak256(toHex('one')), keccak256(toHex('two'))]
    const signatures = await session.signRaw({
      accountExternalId: ethereum,
      algorithm: 'secp256k1_ecdsa',
      payloads: digests,
    })
    expect(signatures).toHaveLength(2)
    for (const [index, signed] of signatures.entries()) {
      expect(signed.content).toBe(digests[index])
      expect(await recoverAddress({ hash: digests[index]!, signature: signed.signature.fullSig })).toBe(first)
      expect(await recoverPublicKey({ hash: digests[index]!, signature: signed.signature.fullSig })).toBe(
        signed.publicKey,
      )
      expect(signed.signature.fullSig).toBe(
        `${signed.signature.r}${signed.signature.s.slice(2)}${signed.signature.v.toString(16)}`,
      )
    }
  })

  it('signs ed25519 messages on Solana accounts; the signature verifies against the address key', async () => {
    const [wallet] = await session.listWallets()
    const address = wallet!.accounts.find((a) => a.networkId === 'SOLANA')!.addresses[0]!
    const message = toHex('any bytes, any length')
    const [signed] = await session.signRaw({
      accountExternalId: solana,
      algorithm: 'ed25519',
      payloads: [message],
    })
    expect(signed!.publicKey).toBe(toHex(base58.decode(address.address)))
    const verified = ed25519.verify(
      hexToBytes(signed!.signature.fullSig.slice(2)),
      hexToBytes(message.slice(2)),
      hexToBytes(signed!.publicKey.slice(2)),
    )
    expect(verified).toBe(true)
    expect(signed!.signature.fullSig).toBe(`${signed!.signature.r}${signed!.signature.s.slice(2)}`)
  })

  it('refuses mismatched algorithms, bad digests and too many payloads', async () => {
    expect(
      await rejection(
        session.signRaw({ accountExternalId: ethereum, algorithm: 'ed25519', payloads: ['0x00'] }),
      ),
    ).toMatchObject({ code: 'UNSUPPORTED' })
    expect(
      await rejection(
        session.signRaw({ accountExternalId: solana, algorithm: 'secp256k1_ecdsa', payloads: ['0x00'] }),
      ),
    ).toMatchObject({ code: 'UNSUPPORTED' })
    expect(
      await rejection(
        session.signRaw({ accountExternalId: ethereum, algorithm: 'secp256k1_ecdsa', payloads: ['0x1234'] }),
      ),
    ).toMatchObject({ code: 'INVALID_REQUEST', details: { path: '/payloads/0' } })
    expect(
      await rejection(
        session.signRaw({
          accountExternalId: ethereum,
          algorithm: 'secp256k1_ecdsa',
          payloads: Array.from({ length: 101 }, () => keccak256('0x')),
        }),
      ),
    ).toMatchObject({ code: 'INVALID_REQUEST', details: { path: '/payloads' } })
  })
})

describe('buildTransfer', () => {
  const source = () => ({ accountExternalId: ethereum })

  it('builds a native transfer with the fee on top', async () => {
    const transfer = await session.buildTransfer({
      source: source(),
      networkId: 'ETHEREUM',
      destinationAddress: recipient,
      asset: { kind: 'native' },
      amount: '1000000000000000000',
      networkFeeAttribution: 'on_top',
    })
    const fee = 21000n * 40_000_000_000n
    const parsed = parseTransaction(transfer.signedTransaction)
    expect(parsed.value).toBe(10n ** 18n)
    expect(parsed.to).toBe(recipient.toLowerCase())
    expect(transfer).toMatchObject({
      networkFeeAttribution: 'on_top',
      grossAmount: (10n ** 18n + fee).toString(),
      netAmount: (10n ** 18n).toString(),
      fees: [{ type: 'network', attribution: 'on_top', amount: fee.toString(), asset: { kind: 'native' } }],
    })
    expect(
      await recoverTransactionAddress({ serializedTransaction: transfer.signedTransaction as never }),
    ).toBe(first)
  })

  it('deducts the fee from a native transfer, and refuses amounts that do not cover it', async () => {
    const fee = 21000n * 40_000_000_000n
    const transfer = await session.buildTransfer({
      source: source(),
      networkId: 'ETHEREUM',
      destinationAddress: recipient,
      asset: { kind: 'native' },
      amount: '1000000000000000000',
      networkFeeAttribution: 'deduct',
    })
    expect(parseTransaction(transfer.signedTransaction).value).toBe(10n ** 18n - fee)
    expect(transfer).toMatchObject({
      grossAmount: (10n ** 18n).toString(),
      netAmount: (10n ** 18n - fee).toString(),
    })
    const tooSmall = await rejection(
      session.buildTransfer({
        source: source(),
        networkId: 'ETHEREUM',
        destinationAddress: recipient,
        asset: { kind: 'native' },
        amount: fee.toString(),
        networkFeeAttribution: 'deduct',
      }),
    )
    expect(tooSmall).toMatchObject({ code: 'INSUFFICIENT_AMOUNT', details: { path: '/amount' } })
  })

  it('builds an ERC-20 transfer call; fees are paid on top in the native coin', async () => {
    const transfer = await session.buildTransfer({
      source: source(),
      networkId: 'ETHEREUM',
      destinationAddress: recipient,
      asset: { kind: 'erc20', contractAddress: usdc },
      amount: '2500000',
    })
    const parsed = parseTransaction(transfer.signedTransaction)
    expect(parsed.to).toBe(usdc.toLowerCase())
    expect(parsed.value ?? 0n).toBe(0n)
    expect(decodeFunctionData({ abi: erc20Abi, data: parsed.data! })).toEqual({
      functionName: 'transfer',
      args: [recipient, 2500000n],
    })
    expect(transfer).toMatchObject({ grossAmount: '2500000', netAmount: '2500000' })
    expect(transfer.fees[0]!.amount).toBe((100_000n * 40_000_000_000n).toString())
    const deduct = await rejection(
      session.buildTransfer({
        source: source(),
        networkId: 'ETHEREUM',
        destinationAddress: recipient,
        asset: { kind: 'erc20', contractAddress: usdc },
        amount: '1',
        networkFeeAttribution: 'deduct',
      }),
    )
    expect(deduct).toMatchObject({ code: 'UNSUPPORTED' })
  })

  it('refuses a wrong network, bad amounts and bad destinations', async () => {
    const base = {
      source: source(),
      networkId: 'ETHEREUM',
      destinationAddress: recipient,
      asset: { kind: 'native' as const },
      amount: '1',
    }
    expect(await rejection(session.buildTransfer({ ...base, networkId: 'BASE' }))).toMatchObject({
      details: { path: '/networkId' },
    })
    for (const amount of ['0', '-1', '1.5', '']) {
      expect(await rejection(session.buildTransfer({ ...base, amount }))).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { path: '/amount' },
      })
    }
    expect(await rejection(session.buildTransfer({ ...base, destinationAddress: '0x12' }))).toMatchObject({
      details: { path: '/destinationAddress' },
    })
  })
})

describe('known destinations', () => {
  it("lists the connection's own addresses as internal destinations", async () => {
    const destinations = await session.listKnownDestinations()
    expect(destinations).toContainEqual(
      expect.objectContaining({ address: first, networkId: 'ETHEREUM', externalClassification: 'internal' }),
    )
  })
})

describe('bad input', () => {
  it('is always answered with a ProviderError, never a crash', async () => {
    const { ProviderError } = await import('../../core/errors/providerErrors')
    const garbage: unknown[] = [
      undefined,
      null,
      1,
      'x',
      [],
      {},
      { accountExternalId: 1 },
      { accountExternalId: ethereum, transaction: null, message: 7, typedData: 'x', payloads: 'x' },
      { accountExternalId: ethereum, addressExternalId: `${ethereum}:9`, message: 'x' },
      {
        accountExternalId: ethereum,
        algorithm: 'secp256k1_ecdsa',
        payloads: [null],
        typedData: { domain: { chainId: 'abc' }, types: { A: [] }, primaryType: 'A', message: {} },
        source: { accountExternalId: ethereum },
        networkId: 'ETHEREUM',
        destinationAddress: recipient,
        asset: { kind: 'erc20', contractAddress: 5 },
        amount: 5,
      },
    ]
    const calls: ((input: never) => Promise<unknown>)[] = [
      (i) => session.signTransaction(i),
      (i) => session.signMessage(i),
      (i) => session.signTypedData(i),
      (i) => session.signRaw(i),
      (i) => session.buildTransfer(i),
      (i) => session.stake(i),
      (i) => session.unstake(i),
      (i) => session.deriveAddress(i),
      (i) => session.createWallet({ label: i }),
      (i) => session.getStake(i),
      (i) => session.getUnstake(i),
      (i) => session.advancePosition(i, 'activate'),
    ]
    for (const [c, call] of calls.entries()) {
      for (const [g, input] of garbage.entries()) {
        if (c === 8 && (input === undefined || input === null || typeof input === 'string')) continue
        const error = await rejection(call(input as never))
        expect(error, `call ${c}, input ${g}`).toBeInstanceOf(ProviderError)
      }
    }
  })
})
