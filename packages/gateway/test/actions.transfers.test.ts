import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { mnemonicToSeedSync } from '@scure/bip39'
import { HDKey } from 'micro-key-producer/slip10.js'
import {
  decodeFunctionData,
  erc20Abi,
  keccak256,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { policy, testAddress, testMnemonic } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const blocked = '0x000000000000000000000000000000000000dEaD'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solanaKey = HDKey.fromMasterSeed(mnemonicToSeedSync(testMnemonic)).derive("m/44'/501'/0'/0'")

let sequence = 0
const nextId = () => `transfer-${++sequence}-${Date.now()}`

const setup = useSigningGateway({
  policies: [
    policy('forbid-dead', 'forbid', [{ criterion: 'checkDestinationAddress', args: [blocked] }]),
    policy('permit-transfers', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction'] },
      { criterion: 'checkIntentType', args: ['nativeTransfer', 'erc20Transfer'] },
    ]),
    policy('permit-raw', 'permit', [
      { criterion: 'checkAction', args: ['signRaw'] },
      { criterion: 'checkIntentAlgorithm', args: ['secp256k1_ecdsa', 'ed25519'] },
    ]),
  ],
})

const source = () => ({ type: 'account', id: setup.accounts.ETHEREUM! })
const transfer = (body: Record<string, unknown>) =>
  setup.call('POST', '/v1/provider/transfers', {
    source: source(),
    destination: { address: recipient },
    asset: { assetId: 'eip155:1/slip44:60' },
    idempotenceId: nextId(),
    ...body,
  })

describe('POST /v1/provider/transfers', () => {
  it('builds and signs a native transfer with the fee on top; the record carries fees, amounts and the decision', async () => {
    const response = await transfer({
      amount: '0.001',
      networkFeeAttribution: 'on_top',
      customerRefId: 'ref-1',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record).toMatchObject({
      status: 'signed',
      transferStatus: 'signed',
      clientId: setup.client.clientId,
      connectionId: setup.connectionId,
      provider: 'local',
      customerRefId: 'ref-1',
      networkFeeAttribution: 'on_top',
      netAmount: '0.001',
      source: { account: { accountId: setup.accounts.ETHEREUM }, address: { address: testAddress } },
      asset: { asset: { assetId: 'eip155:1/slip44:60', decimals: 18 }, network: { networkId: 'ETHEREUM' } },
      destination: { address: { address: recipient }, account: null },
    })
    expect(record.fees).toHaveLength(1)
    expect(record.fees[0]).toMatchObject({
      type: 'network',
      attribution: 'on_top',
      assetId: 'eip155:1/slip44:60',
    })
    expect(Number(record.grossAmount)).toBeCloseTo(0.001 + Number(record.fees[0].amount), 12)
    expect(record.txHash).toBe(keccak256(record.signedTransaction))
    expect(await recoverTransactionAddress({ serializedTransaction: record.signedTransaction })).toBe(
      testAddress,
    )
    expect(parseTransaction(record.signedTransaction).value).toBe(10n ** 15n)
    expect(record.evaluation.decision.matchedPolicies).toEqual(['permit-transfers'])
    expect(record.evaluation.report.intent.decoded).toMatchObject({ type: 'nativeTransfer' })

    const read = await setup.call('GET', `/v1/provider/transfers/${record.transferId}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().data).toEqual(record)
  })

  it('deducts the fee from the amount when asked, resolving the asset by its external id', async () => {
    const response = await transfer({
      amount: '0.5',
      networkFeeAttribution: 'deduct',
      asset: { externalAssetId: 'eip155:1/slip44:60' },
      destination: { type: 'account', id: setup.accounts.ETHEREUM },
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.grossAmount).toBe('0.5')
    expect(Number(record.netAmount)).toBeCloseTo(0.5 - Number(record.fees[0].amount), 12)
    const tx = parseTransaction(record.signedTransaction)
    expect(tx.to).toBe(testAddress.toLowerCase())
    expect(record.destination.account.accountId).toBe(setup.accounts.ETHEREUM)
  })

  it('transfers an ERC-20 token found by contract address and network, in its own decimals', async () => {
    const response = await transfer({
      amount: '1.5',
      asset: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', networkId: 'ETHEREUM' },
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.asset.asset.symbol).toBe('USDC')
    const tx = parseTransaction(record.signedTransaction)
    expect(tx.to).toBe('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data! })
    expect(call).toEqual({ functionName: 'transfer', args: [recipient, 1_500_000n] })
    expect(record.evaluation.report.intent.decoded).toMatchObject({
      type: 'erc20Transfer',
      amount: '1500000',
    })
  })

  it('refuses negative amounts, zero, and more decimals than the asset has', async () => {
    for (const [amount, asset] of [
      ['-1', { assetId: 'eip155:1/slip44:60' }],
      ['0.0', { assetId: 'eip155:1/slip44:60' }],
      ['1.1234567', { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', networkId: 'ETHEREUM' }],
    ] as const) {
      const response = await transfer({ amount, asset })
      expect(response.statusCode, amount).toBe(422)
      expect(response.json()).toMatchObject({
        code: 'AMOUNT_INVALID',
        context: { issues: [{ path: '/amount' }] },
      })
    }
    const malformed = await transfer({ amount: '1e18' })
    expect(malformed.statusCode).toBe(422)
    expect(malformed.json().context.issues[0].path).toBe('/amount')
    const badAttribution = await transfer({ amount: '1', networkFeeAttribution: 'split' })
    expect(badAttribution.statusCode).toBe(422)
    const otherNetwork = await transfer({ amount: '1', asset: { assetId: 'eip155:137/slip44:966' } })
    expect(otherNetwork.statusCode).toBe(422)
    expect(otherNetwork.json().context.issues[0].path).toBe('/asset')
  })

  it('answers a transfer the policies forbid 403, and sends nothing to the provider', async () => {
    const before = setup.calls.buildTransfer ?? 0
    const response = await transfer({ amount: '1', destination: { address: blocked } })
    expect(response.statusCode).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe('forbid-dead')
    expect(setup.calls.buildTransfer ?? 0).toBe(before)
  })

  it('returns the original transfer for a retried create', async () => {
    const idempotenceId = nextId()
    const before = setup.calls.buildTransfer ?? 0
    const first = await transfer({ amount: '0.25', idempotenceId })
    const again = await transfer({ amount: '0.25', idempotenceId })
    expect(again.json().data).toEqual(first.json().data)
    expect(setup.calls.buildTransfer).toBe(before + 1)
    expect((await transfer({ amount: '0.26', idempotenceId })).statusCode).toBe(409)
  })
})

describe('POST /v1/provider/sign-raw', () => {
  it('signs secp256k1 digests whose signatures verify against the account key', async () => {
    const digests = [keccak256('0x01'), keccak256('0x02')]
    const response = await setup.call('POST', '/v1/provider/sign-raw', {
      data: digests.map((content) => ({ content })),
      source: source(),
      idempotenceId: nextId(),
      algorithm: 'secp256k1_ecdsa',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.status).toBe('signed')
    expect(record.signedMessages).toHaveLength(2)
    for (const [index, signed] of record.signedMessages.entries()) {
      expect(signed.content).toBe(digests[index])
      const { r, s, fullSig } = signed.signature
      const compact = Buffer.from(`${r.slice(2)}${s.slice(2)}`, 'hex')
      const publicKey = Buffer.from(signed.publicKey.slice(2), 'hex')
      expect(
        secp256k1.verify(compact, Buffer.from(digests[index]!.slice(2), 'hex'), publicKey, {
          prehash: false,
        }),
      ).toBe(true)
      expect(await recoverAddress({ hash: digests[index]!, signature: fullSig })).toBe(testAddress)
    }
    expect(record.evaluation.decision.matchedPolicies).toEqual(['permit-raw'])
    const read = await setup.call('GET', `/v1/provider/sign-raw/${record.requestId}`)
    expect(read.json().data).toEqual(record)
  })

  it('signs ed25519 messages on a Solana account', async () => {
    const message = `0x${Buffer.from('rampart raw message').toString('hex')}`
    const response = await setup.call('POST', '/v1/provider/sign-raw', {
      data: [{ content: message }],
      source: { type: 'account', id: setup.accounts.SOLANA! },
      idempotenceId: nextId(),
      algorithm: 'ed25519',
    })
    expect(response.statusCode, response.body).toBe(201)
    const [signed] = response.json().data.signedMessages
    expect(signed.publicKey).toBe(`0x${Buffer.from(solanaKey.publicKeyRaw).toString('hex')}`)
    const signature = Buffer.from(signed.signature.fullSig.slice(2), 'hex')
    expect(ed25519.verify(signature, Buffer.from(message.slice(2), 'hex'), solanaKey.publicKeyRaw)).toBe(true)
  })

  it('refuses a secp256k1 payload that is not a 32-byte digest', async () => {
    const response = await setup.call('POST', '/v1/provider/sign-raw', {
      data: [{ content: keccak256('0x01') }, { content: '0xdeadbeef' }],
      source: source(),
      idempotenceId: nextId(),
      algorithm: 'secp256k1_ecdsa',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().context.issues[0].path).toBe('/data/1/content')
  })
})
