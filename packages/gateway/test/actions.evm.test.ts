import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { count, eq } from 'drizzle-orm'
import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { policy, testAddress } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const policies = [
  policy('forbid-approvals', 'forbid', [{ criterion: 'checkIntentType', args: ['erc20Approve'] }]),
  policy('permit-evm', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction', 'signMessage', 'signTypedData'] },
    { criterion: 'checkPrincipalId', args: ['alice'] },
  ]),
]

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const setup = useSigningGateway({
  policies,
  provider: { networks: { POLYGON: { rpcUrl: 'http://127.0.0.1:9' } }, rpcTimeoutMs: 2000 },
})

const source = () => ({ type: 'account', id: setup.accounts.ETHEREUM! })
let sequence = 0
const nextId = () => `idem-${++sequence}-${Date.now()}`

/** Verifies a decision attestation with the gateway's public key and returns its payload. */
function verifyAttestation(jws: string) {
  const [header, payload, signature] = jws.split('.') as [string, string, string]
  const key = setup.gateway.config.attestationKey
  const publicKey = Uint8Array.from([
    4,
    ...Buffer.from(key.x!, 'base64url'),
    ...Buffer.from(key.y!, 'base64url'),
  ])
  const ok = secp256k1.verify(
    Buffer.from(signature, 'base64url'),
    sha256(Buffer.from(`${header}.${payload}`)),
    publicKey,
    { prehash: false },
  )
  expect(ok).toBe(true)
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
    alg: 'ES256K',
    typ: 'rampart-decision+jws',
  })
  return JSON.parse(Buffer.from(payload, 'base64url').toString())
}

describe('POST /v1/provider/evm/send-transaction', () => {
  it('signs a permitted transaction whose signer and hash verify, with the decision embedded and attested', async () => {
    const body = {
      transactionRequest: { chainId: 1, to: recipient, value: '1000000000000000', nonce: 0 },
      source: source(),
      idempotenceId: nextId(),
    }
    const response = await setup.call('POST', '/v1/provider/evm/send-transaction', body)
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.status).toBe('signed')
    expect(record.txHash).toBe(keccak256(record.signedTransaction))
    expect(await recoverTransactionAddress({ serializedTransaction: record.signedTransaction })).toBe(
      testAddress,
    )
    const parsed = parseTransaction(record.signedTransaction)
    expect(parsed.to?.toLowerCase()).toBe(recipient.toLowerCase())
    expect(parsed.value).toBe(1000000000000000n)
    expect(parsed.chainId).toBe(1)

    const { evaluation } = record.sendTransactionRequest
    expect(evaluation.whitelisted).toBe(true)
    expect(evaluation.decision.decision).toBe('Permit')
    expect(evaluation.decision.matchedPolicies).toEqual(['permit-evm'])
    expect(evaluation.report).toMatchObject({
      action: 'signTransaction',
      network: { networkId: 'ETHEREUM', evmChainId: 1 },
      whitelisted: true,
      protocolPresets: [],
      intent: { decoded: { type: 'nativeTransfer', chainId: 1 }, decoderError: null },
    })
    expect(verifyAttestation(evaluation.signature).decision).toEqual(evaluation.decision)

    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${record.requestId}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().data).toEqual(record)
  })

  it('answers a forbidden transaction 403 with the decision, and records it as forbidden', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, 10n ** 30n] })
    const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: {
        chainId: 1,
        to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        data,
        nonce: 1,
        gasLimit: '60000',
      },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(response.statusCode, response.body).toBe(403)
    const error = response.json()
    expect(error.code).toBe('POLICY_FORBIDDEN')
    expect(error.context.evaluation.decision).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'forbid-approvals',
      reason: { code: 'FORBIDDEN_BY_POLICY' },
    })
    expect(error.context.evaluation.report.intent.decoded.type).toBe('erc20Approve')
    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${error.context.requestId}`)
    expect(read.json().data.status).toBe('forbidden')
    expect(read.json().data.txHash).toBeNull()
  })

  it('fails closed on what the decoder cannot fully decode (an approve on an unknown token)', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, 1n] })
    const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: {
        chainId: 1,
        to: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
        data,
        gasLimit: '60000',
      },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(response.statusCode).toBe(403)
    const { decision, report } = response.json().context.evaluation
    expect(decision.reason.code).toBe('DECODING_FAILED')
    expect(report.intent.decoderError).toMatchObject({ code: 1203 })
  })

  it('refuses a chain that is not the account’s, and a from that is not the signer, with JSON Pointers', async () => {
    const wrongChain = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 10, to: recipient, value: '1' },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(wrongChain.statusCode).toBe(422)
    expect(wrongChain.json().context.issues[0].path).toBe('/transactionRequest/chainId')
    const wrongFrom = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '1', from: recipient },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(wrongFrom.statusCode).toBe(422)
    expect(wrongFrom.json().context.issues[0].path).toBe('/transactionRequest/from')
    const badValue = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '-1' },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(badValue.statusCode).toBe(422)
    expect(badValue.json().context.issues[0].path).toBe('/transactionRequest/value')
    const noConnection = await setup.call(
      'POST',
      '/v1/provider/evm/send-transaction',
      { transactionRequest: { chainId: 1, to: recipient }, source: source(), idempotenceId: nextId() },
      { 'x-connection-id': '' },
    )
    expect(noConnection.statusCode).toBe(422)
    const unknownAccount = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient },
      source: { type: 'account', id: 'no-such-account' },
      idempotenceId: nextId(),
    })
    expect(unknownAccount.statusCode).toBe(404)
    expect(unknownAccount.json().code).toBe('ACCOUNT_NOT_FOUND')
  })

  it('refuses a contract call whose gas cannot be known before it is decided, with a JSON Pointer', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] })
    const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', data },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      context: { path: '/transactionRequest/gasLimit' },
    })
  })

  it('answers 502 when the node that fills the gas cannot be reached, and decides nothing', async () => {
    const idempotenceId = nextId()
    const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 137, to: recipient, value: '1' },
      source: { type: 'account', id: setup.accounts.POLYGON! },
      idempotenceId,
    })
    expect(response.statusCode).toBe(502)
    expect(response.json().code).toBe('PROVIDER_UNAVAILABLE')
    const [counted] = await setup.gateway.app.db
      .select({ value: count() })
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, idempotenceId))
    expect(counted?.value).toBe(0)
  })

  it('keeps a provider failure as a terminal failed record with the provider message', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: {
        chainId: 137,
        to: recipient,
        value: '1',
        nonce: 0,
        gasLimit: '21000',
        maxFeePerGas: '30000000000',
        maxPriorityFeePerGas: '1000000000',
      },
      source: { type: 'account', id: setup.accounts.POLYGON! },
      idempotenceId: nextId(),
    })
    expect(response.statusCode).toBe(502)
    const error = response.json()
    expect(error.code).toBe('PROVIDER_UNAVAILABLE')
    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${error.context.requestId}`)
    expect(read.statusCode).toBe(200)
    const record = read.json().data
    expect(record.status).toBe('failed')
    expect(record.failure).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: error.message })
    expect(record.sendTransactionRequest.evaluation.whitelisted).toBe(true)
  })
})

describe('idempotence', () => {
  it('returns the original record for the same body and 409 for another body', async () => {
    const idempotenceId = nextId()
    const body = {
      transactionRequest: { chainId: 1, to: recipient, value: '5', nonce: 7 },
      source: source(),
      idempotenceId,
    }
    const before = setup.calls.signTransaction ?? 0
    const first = await setup.call('POST', '/v1/provider/evm/send-transaction', body)
    const again = await setup.call('POST', '/v1/provider/evm/send-transaction', body)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().data).toEqual(first.json().data)
    expect(setup.calls.signTransaction).toBe(before + 1)

    const other = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      ...body,
      transactionRequest: { ...body.transactionRequest, value: '6' },
    })
    expect(other.statusCode).toBe(409)
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCE_CONFLICT',
      context: { requestId: first.json().data.requestId },
    })
  })

  it('makes exactly one record and one provider call for 200 concurrent identical creates', async () => {
    const idempotenceId = nextId()
    const body = {
      transactionRequest: { chainId: 1, to: recipient, value: '9', nonce: 9 },
      source: source(),
      idempotenceId,
    }
    const before = setup.calls.signTransaction ?? 0
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => setup.call('POST', '/v1/provider/evm/send-transaction', body)),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(201))
    const ids = new Set(responses.map((response) => response.json().data.requestId))
    expect(ids.size).toBe(1)
    expect(new Set(responses.map((response) => response.json().data.txHash)).size).toBe(1)
    expect(setup.calls.signTransaction).toBe(before + 1)
    const [rows] = await setup.gateway.database.db
      .select({ n: count() })
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, idempotenceId))
    expect(rows?.n).toBe(1)
  })

  it('reuses no record id across clients’ chosen ids: a taken transactionId is 409', async () => {
    const transactionId = `tx-${Date.now()}`
    const first = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '1', nonce: 20 },
      source: source(),
      idempotenceId: nextId(),
      transactionId,
    })
    expect(first.statusCode).toBe(201)
    expect(first.json().data.requestId).toBe(transactionId)
    const second = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '2', nonce: 21 },
      source: source(),
      idempotenceId: nextId(),
      transactionId,
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().code).toBe('REQUEST_ID_TAKEN')
  })

  it('reads back a record by a chosen id as long as the schema allows (200 characters)', async () => {
    const transactionId = `tx-${Date.now()}-`.padEnd(200, 'x')
    const created = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '1', nonce: 22 },
      source: source(),
      idempotenceId: nextId(),
      transactionId,
    })
    expect(created.statusCode, created.body).toBe(201)
    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${transactionId}`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().data.requestId).toBe(transactionId)
    // Longer than any id: refused with the one error body, not the router's own.
    const tooLong = await setup.call('GET', `/v1/provider/evm/send-transaction/${'x'.repeat(300)}`)
    expect(tooLong.json()).toMatchObject({ statusCode: tooLong.statusCode, code: expect.any(String) })
    expect([404, 422]).toContain(tooLong.statusCode)
  })
})

describe('POST /v1/provider/evm/sign-message', () => {
  it('signs a text message and raw bytes; both recover to the account', async () => {
    const text = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: 'Sign in to Rampart',
      source: source(),
      idempotenceId: nextId(),
    })
    expect(text.statusCode, text.body).toBe(201)
    const record = text.json().data
    expect(record.status).toBe('signed')
    expect(record.signMessageRequest.evaluation.report.intent.decoded.type).toBe('signMessage')
    expect(
      await recoverMessageAddress({ message: 'Sign in to Rampart', signature: record.signature.fullSig }),
    ).toBe(testAddress)
    const raw = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: { raw: '0xdeadbeef' },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(raw.statusCode).toBe(201)
    expect(
      await recoverMessageAddress({
        message: { raw: '0xdeadbeef' },
        signature: raw.json().data.signature.fullSig,
      }),
    ).toBe(testAddress)
    const read = await setup.call('GET', `/v1/provider/evm/sign-message/${record.requestId}`)
    expect(read.json().data).toEqual(record)
  })
})

describe('POST /v1/provider/evm/sign-typed-data', () => {
  const typedData = {
    domain: {
      name: 'Ether Mail',
      version: '1',
      chainId: 1,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
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

  it('signs typed data that recovers to the account, and reads it back', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: typedData,
      source: source(),
      idempotenceId: nextId(),
      requestId: `typed-${Date.now()}`,
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.signTypedDataRequest.evaluation.report.action).toBe('signTypedData')
    expect(record.signTypedDataRequest.requestId).toBe(record.requestId)
    const signer = await recoverTypedDataAddress({
      ...(typedData as unknown as Parameters<typeof recoverTypedDataAddress>[0]),
      signature: record.signature.fullSig,
    })
    expect(signer).toBe(testAddress)
    const read = await setup.call('GET', `/v1/provider/evm/sign-typed-data/${record.requestId}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().data).toEqual(record)
  })

  it('refuses an EIP712Domain type that leaves out fields of the domain, before anything is recorded', async () => {
    const idempotenceId = nextId()
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: { ...typedData, types: { ...typedData.types, EIP712Domain: [{ name: 'name', type: 'string' }] } },
      source: source(),
      idempotenceId,
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json().context.issues[0].path).toBe('/data/types/EIP712Domain')
    const [recorded] = await setup.gateway.database.db
      .select({ n: count() })
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, idempotenceId))
    expect(recorded?.n).toBe(0)
  })

  it('refuses typed data nested thousands of levels deep with a 400, records nothing, and never answers 500', async () => {
    let message: Record<string, unknown> = { contents: 'deep' }
    for (let i = 0; i < 4000; i++) message = { inner: message }
    const idempotenceId = nextId()
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: {
        domain: { chainId: 1 },
        types: {
          EIP712Domain: [{ name: 'chainId', type: 'uint256' }],
          Node: [{ name: 'inner', type: 'Node' }],
        },
        primaryType: 'Node',
        message,
      },
      source: source(),
      idempotenceId,
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().code).toBe('JSON_TOO_DEEP')
    const [recorded] = await setup.gateway.database.db
      .select({ n: count() })
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, idempotenceId))
    expect(recorded?.n).toBe(0)
  })

  it('refuses typed data for another chain', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: { ...typedData, domain: { ...typedData.domain, chainId: 10 } },
      source: source(),
      idempotenceId: nextId(),
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().context.issues[0].path).toBe('/data/domain/chainId')
  })
})
