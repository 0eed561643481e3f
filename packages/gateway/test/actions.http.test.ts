import { readFileSync } from 'node:fs'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import {
  keccak256,
  parseTransaction,
  recoverAddress,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { type HttpResponse, overHttp, policy, testAddress } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const validator = '0x00000000219ab540356cBB839Cbe05303d7705Fa'
const typedData = {
  domain: {
    name: 'Rampart',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Order: [
      { name: 'amount', type: 'uint256' },
      { name: 'owner', type: 'address' },
    ],
  },
  primaryType: 'Order',
  message: { amount: '42', owner: testAddress },
} as const

let http: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<HttpResponse>
let sequence = 0
const nextId = () => `http-${++sequence}-${Date.now()}`

const setup = useSigningGateway({
  policies: [
    policy('permit-all-signing', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction', 'signMessage', 'signTypedData', 'signRaw'] },
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '100000000000000000000' } },
    ]),
    policy('permit-raw', 'permit', [{ criterion: 'checkAction', args: ['signRaw'] }]),
    policy('permit-messages', 'permit', [
      { criterion: 'checkAction', args: ['signMessage', 'signTypedData'] },
    ]),
    policy('permit-large-approved', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction'] },
      { criterion: 'checkIntentAmount', args: { operator: 'gt', value: '100000000000000000000' } },
      {
        criterion: 'checkApprovals',
        args: [{ approvalCount: 1, approvalEntityType: 'user', entityIds: ['bob'], countPrincipal: false }],
      },
    ]),
  ],
})
beforeAll(async () => {
  http = await overHttp(setup)
})

const ethereum = () => ({ type: 'account', id: setup.accounts.ETHEREUM! })

describe('every action over real HTTP, every signature verified with viem', () => {
  it('send-transaction: the serialized transaction recovers to the account and hashes to txHash', async () => {
    const created = await http('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '12345', nonce: 0 },
      source: ethereum(),
      idempotenceId: nextId(),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { signedTransaction, txHash, requestId } = created.body.data
    expect(await recoverTransactionAddress({ serializedTransaction: signedTransaction })).toBe(testAddress)
    expect(keccak256(signedTransaction)).toBe(txHash)
    const read = await http('GET', `/v1/provider/evm/send-transaction/${requestId}`)
    expect(read.body.data.txHash).toBe(txHash)
  })

  it('sign-message and sign-typed-data: recoverMessageAddress and recoverTypedDataAddress give the account', async () => {
    const message = await http('POST', '/v1/provider/evm/sign-message', {
      data: 'over http',
      source: ethereum(),
      idempotenceId: nextId(),
    })
    expect(message.status).toBe(201)
    expect(
      await recoverMessageAddress({ message: 'over http', signature: message.body.data.signature.fullSig }),
    ).toBe(testAddress)
    const typed = await http('POST', '/v1/provider/evm/sign-typed-data', {
      data: typedData,
      source: ethereum(),
      idempotenceId: nextId(),
    })
    expect(typed.status, JSON.stringify(typed.body)).toBe(201)
    expect(
      await recoverTypedDataAddress({
        ...typedData,
        message: { amount: 42n, owner: testAddress },
        signature: typed.body.data.signature.fullSig,
      }),
    ).toBe(testAddress)
    const read = await http('GET', `/v1/provider/evm/sign-typed-data/${typed.body.data.requestId}`)
    expect(read.body.data.signature).toEqual(typed.body.data.signature)
    const readMessage = await http('GET', `/v1/provider/evm/sign-message/${message.body.data.requestId}`)
    expect(readMessage.body.data.signature).toEqual(message.body.data.signature)
  })

  it('transfers and raw signatures', async () => {
    const transfer = await http('POST', '/v1/provider/transfers', {
      source: ethereum(),
      destination: { address: recipient },
      asset: { assetId: 'eip155:1/slip44:60' },
      amount: '0.01',
      idempotenceId: nextId(),
    })
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201)
    const signed = transfer.body.data.signedTransaction
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(testAddress)
    expect(parseTransaction(signed).value).toBe(10n ** 16n)

    const digest = keccak256('0x1234')
    const raw = await http('POST', '/v1/provider/sign-raw', {
      data: [{ content: digest }],
      source: ethereum(),
      idempotenceId: nextId(),
      algorithm: 'secp256k1_ecdsa',
    })
    expect(raw.status).toBe(201)
    const [message] = raw.body.data.signedMessages
    expect(await recoverAddress({ hash: digest, signature: message.signature.fullSig })).toBe(testAddress)
    const compact = Buffer.from(`${message.signature.r.slice(2)}${message.signature.s.slice(2)}`, 'hex')
    expect(
      secp256k1.verify(
        compact,
        Buffer.from(digest.slice(2), 'hex'),
        Buffer.from(message.publicKey.slice(2), 'hex'),
        {
          prehash: false,
        },
      ),
    ).toBe(true)
  })

  it('staking: stake, then unstake once the position is active', async () => {
    const holesky = { type: 'account', id: setup.accounts.ETHEREUM_HOLESKY! }
    const stake = await http('POST', '/v1/provider/ethereum/stakes', {
      source: holesky,
      validator: { address: validator },
      amount: '1',
      idempotenceId: nextId(),
    })
    expect(stake.status, JSON.stringify(stake.body)).toBe(201)
    const [deposit] = stake.body.data.transactions
    expect(await recoverTransactionAddress({ serializedTransaction: deposit.signedTransaction })).toBe(
      testAddress,
    )
    const positionId = stake.body.data.positions[0].positionId
    const session = await setup.gateway.app.sessions.sessionFor(setup.client.clientId, setup.connectionId)
    await session.advancePosition!(positionId, 'activate')
    const positions = await http('GET', '/v1/provider/ethereum/unstakeable-positions')
    expect(positions.body.data.map((position: { positionId: string }) => position.positionId)).toEqual([
      positionId,
    ])
    const unstake = await http('POST', '/v1/provider/ethereum/unstakes', {
      source: holesky,
      stakePositionId: positionId,
      amount: '1',
      networkId: 'ETHEREUM_HOLESKY',
      idempotenceId: nextId(),
    })
    expect(unstake.status, JSON.stringify(unstake.body)).toBe(201)
    const [withdraw] = unstake.body.data.transactions
    expect(await recoverTransactionAddress({ serializedTransaction: withdraw.signedTransaction })).toBe(
      testAddress,
    )
    const read = await http(
      'GET',
      `/v1/provider/ethereum/unstakes/${unstake.body.data.unstakeRequest.unstakeId}`,
    )
    expect(read.body.data.unstakeRequest.status).toBe('exiting')
  })

  it('a request waiting for approval goes on once approved', async () => {
    const created = await http('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '200000000000000000000', nonce: 1 },
      source: ethereum(),
      idempotenceId: nextId(),
    })
    expect(created.body.data.status).toBe('pending_approval')
    const { requestId } = created.body.data
    const approval = await signApproval(setup.approvers.bob!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'evm.sendTransaction',
      requestId,
    })
    const approved = await http('POST', `/v1/provider/evm/send-transaction/${requestId}/approve`, {
      approval,
    })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.data.status).toBe('signed')
    expect(
      await recoverTransactionAddress({ serializedTransaction: approved.body.data.signedTransaction }),
    ).toBe(testAddress)
  })

  it('POST /evaluate decodes a real request', async () => {
    const { request } = JSON.parse(
      readFileSync(new URL('../../../fixtures/requests/erc20-transfer-usdt.json', import.meta.url), 'utf8'),
    )
    const response = await http('POST', '/evaluate', { request })
    expect(response.status).toBe(200)
    expect(response.body.data.resolution.intent.type).toBe('erc20Transfer')
    expect(response.body.data.attestation.signature.split('.')).toHaveLength(3)
  })
})
