import { createHash } from 'node:crypto'
import { recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  isProviderError,
  isSubmitted,
  type ProviderError,
  type ProviderOperation,
  type ProviderSession,
} from '../src/providers'
import { createFireblocksProvider, validateFireblocksCredentials } from '../src/providers/fireblocks'
import { rsaKey } from '../src/providers/fireblocks/credentials'
import { fireblocksAuthHeaders } from '../src/providers/fireblocks/requestJwt'
import { createVault, vaultAddress } from './support/fireblocksLedger'
import { type FireblocksServer, startFireblocksServer } from './support/fireblocksServer'

let server: FireblocksServer
const provider = () =>
  createFireblocksProvider({
    webhookPublicKeys: [server.webhookPublicKeyPem],
    http: { timeoutMs: 1500, retryBaseMs: 5, retryMaxMs: 2000, maxRetries: 2 },
  })
const credentials = () => ({
  apiKey: server.apiKey,
  privateKey: server.privateKeyPem,
  baseUrl: server.baseUrl,
})
let session: ProviderSession

beforeAll(async () => {
  server = await startFireblocksServer({
    vaults: [
      createVault('0', 'Treasury', ['ETH', 'ETH_TEST5', 'USDC']),
      createVault('1', 'Operations', ['ETH'], 230),
    ],
  })
  session = await provider().connect(credentials(), { connectionId: 'c1' })
})
afterAll(() => server?.close())

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!isProviderError(error)) throw new Error(`expected a ProviderError, got ${String(error)}`)
  return error
}

/** Follows a submitted request until Fireblocks ends it (the server moves it one status per read). */
async function followToEnd(operation: ProviderOperation, externalId: string) {
  const seen: string[] = []
  for (let read = 0; read < 10; read += 1) {
    const followed = await session.followRequest!({
      operation,
      externalId,
      idempotencyKey: 'unused',
      signer: { accountExternalId: '0:ETHEREUM' },
    })
    seen.push(followed!.externalStatus)
    if (['completed', 'failed', 'rejected', 'cancelled'].includes(followed!.status))
      return { followed: followed!, seen }
  }
  throw new Error(`not ended: ${seen.join(', ')}`)
}

describe('Fireblocks credentials', () => {
  it('accept an API key, an RSA PEM and an https or loopback base URL, and point at what is wrong', () => {
    expect(validateFireblocksCredentials(credentials())).toEqual(credentials())
    const path = (value: unknown) => {
      try {
        validateFireblocksCredentials(value)
        return 'valid'
      } catch (error) {
        return (error as ProviderError).details.path
      }
    }
    expect(path({ ...credentials(), apiKey: 'no spaces allowed' })).toBe('/apiKey')
    expect(path({ ...credentials(), privateKey: 'not a key' })).toBe('/privateKey')
    expect(path({ ...credentials(), baseUrl: 'http://api.fireblocks.io' })).toBe('/baseUrl')
    expect(path({ ...credentials(), secret: 'x' })).toBe('/secret')
    expect(path(null)).toBe('')
  })

  it('a key Fireblocks does not know is refused when connecting, as INVALID_CREDENTIALS', async () => {
    const error = await failure(
      provider().connect({ ...credentials(), privateKey: server.otherPrivateKeyPem }, { connectionId: 'c2' }),
    )
    expect(error.code).toBe('INVALID_CREDENTIALS')
    expect(error.message).toContain('JWT is invalid')
  })
})

describe('the Fireblocks test server authenticates as Fireblocks does', () => {
  const send = async (path: string, headers: Record<string, string>, body?: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    })
    return { status: response.status, body: (await response.json()) as { message: string } }
  }
  const key = () => ({ apiKey: server.apiKey, key: rsaKey(server.privateKeyPem) })

  it('refuses a reused nonce, a wrong body hash, a stale iat and a JWT for another URI', async () => {
    const path = '/v1/vault/accounts_paged?limit=1'
    const headers = await fireblocksAuthHeaders(key(), { method: 'GET', path, body: undefined })
    expect((await send(path, headers)).status).toBe(200)
    expect(await send(path, headers)).toEqual({
      status: 401,
      body: { message: 'Unauthorized: the nonce was already used', code: -7 },
    })

    const signed = await fireblocksAuthHeaders(key(), {
      method: 'POST',
      path: '/v1/transactions/estimate_fee',
      body: '{"a":1}',
    })
    expect((await send('/v1/transactions/estimate_fee', signed, '{"a":2}')).body.message).toBe(
      'Unauthorized: the body hash does not match',
    )

    const stale = await fireblocksAuthHeaders(
      key(),
      { method: 'GET', path, body: undefined },
      Date.now() - 60_000,
    )
    expect((await send(path, stale)).body.message).toBe('Unauthorized: the JWT has expired')

    const other = await fireblocksAuthHeaders(key(), {
      method: 'GET',
      path: '/v1/contracts',
      body: undefined,
    })
    expect((await send(path, other)).body.message).toBe('Unauthorized: the JWT uri is not the request URI')
  })

  it('the adapter signs exactly what it sends: bodyHash is the SHA-256 of the bytes', async () => {
    const body = '{"operation":"TRANSFER"}'
    const { Authorization } = await fireblocksAuthHeaders(key(), { method: 'POST', path: '/x', body })
    const claims = JSON.parse(Buffer.from(String(Authorization).split('.')[1]!, 'base64url').toString())
    expect(claims.bodyHash).toBe(createHash('sha256').update(body).digest('hex'))
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(30)
    expect(claims).toMatchObject({ uri: '/x', sub: server.apiKey })
  })
})

describe('Fireblocks session', () => {
  it('lists vault accounts as wallets, native asset wallets as accounts, and every page of addresses', async () => {
    const wallets = await session.listWallets()
    expect(wallets.map((wallet) => wallet.externalId)).toEqual(['0', '1'])
    expect(wallets[0]!.accounts.map((account) => account.networkId)).toEqual(['ETHEREUM', 'ETHEREUM_SEPOLIA'])
    expect(wallets[0]!.accounts[0]!.addresses[0]!.address).toBe(vaultAddress(server.vaults[0]!))
    expect(wallets[1]!.accounts[0]!.addresses).toHaveLength(231)
  })

  it('lists internal wallets, external wallets and contracts as known destinations', async () => {
    const destinations = await session.listKnownDestinations()
    expect(destinations.map((d) => [d.externalClassification, d.networkId, d.externalAssetId])).toEqual([
      ['internal', 'ETHEREUM', 'ETH'],
      ['external', 'ETHEREUM', 'USDC'],
      ['contract', 'ETHEREUM', 'ETH'],
    ])
    expect(destinations[0]!.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })

  it('signs typed data through TYPED_MESSAGE: submitted, followed through each status, recovering to the vault', async () => {
    const typedData = {
      domain: { name: 'Test', version: '1', chainId: 1 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    }
    const answer = await session.signTypedData(
      { accountExternalId: '0:ETHEREUM', typedData },
      { idempotencyKey: 'typed-1' },
    )
    expect(answer).toMatchObject({ submitted: true, externalStatus: 'SUBMITTED', status: 'submitted' })
    if (!isSubmitted(answer)) throw new Error('not submitted')
    const { followed, seen } = await followToEnd('signTypedData', answer.externalId)
    expect(seen).toEqual(['PENDING_AUTHORIZATION', 'PENDING_SIGNATURE', 'COMPLETED'])
    const signature = followed.result as { fullSig: `0x${string}`; v: number }
    expect(signature.v).toBeGreaterThanOrEqual(27)
    const signer = await recoverTypedDataAddress({
      ...(typedData as unknown as Parameters<typeof recoverTypedDataAddress>[0]),
      signature: signature.fullSig,
    })
    expect(signer).toBe(vaultAddress(server.vaults[0]!))
  })

  it('signs a personal message through TYPED_MESSAGE (EIP191)', async () => {
    const answer = await session.signMessage(
      { accountExternalId: '0:ETHEREUM', message: 'hello' },
      { idempotencyKey: 'msg-1' },
    )
    if (!isSubmitted(answer)) throw new Error('not submitted')
    const { followed } = await followToEnd('signMessage', answer.externalId)
    const signature = followed.result as { fullSig: `0x${string}` }
    expect(await recoverMessageAddress({ message: 'hello', signature: signature.fullSig })).toBe(
      vaultAddress(server.vaults[0]!),
    )
  })

  it('makes one transfer for one idempotency key, reads back amounts and fee, and maps a failure with its sub-status', async () => {
    const input = {
      source: { accountExternalId: '0:ETHEREUM' },
      networkId: 'ETHEREUM',
      destinationAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      asset: { kind: 'native' as const },
      amount: '1000000000000000',
    }
    const prepared = await session.prepareTransfer(input)
    expect(prepared).toMatchObject({
      gasLimit: '21000',
      type: 'eip1559',
      chainId: 1,
      maxPriorityFeePerGas: '1000000000',
    })
    const gas = {
      type: prepared.type,
      gasLimit: prepared.gasLimit,
      maxFeePerGas: prepared.maxFeePerGas,
      maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
    }
    const before = server.count('createTransaction')
    const first = await session.buildTransfer({ ...input, gas }, { idempotencyKey: 'transfer-1' })
    const again = await session.buildTransfer({ ...input, gas }, { idempotencyKey: 'transfer-1' })
    if (!isSubmitted(first) || !isSubmitted(again)) throw new Error('not submitted')
    expect(again.externalId).toBe(first.externalId)
    expect(server.count('createTransaction') - before).toBe(2)
    expect([...server.transactions.values()].filter((tx) => tx.externalTxId === 'transfer-1')).toHaveLength(1)
    const created = server.transactions.get(first.externalId)!
    expect(created.request).toMatchObject({
      operation: 'TRANSFER',
      assetId: 'ETH',
      amount: '0.001',
      gasLimit: '21000',
      maxFee: '41',
      priorityFee: '1',
    })
    const { followed, seen } = await followToEnd('transfer', first.externalId)
    expect(seen.at(-1)).toBe('COMPLETED/CONFIRMED')
    expect(followed.result).toMatchObject({
      networkFeeAttribution: 'on_top',
      netAmount: '1000000000000000',
      grossAmount: (1000000000000000n + 21000n * 41000000000n).toString(),
      fees: [{ type: 'network', amount: (21000n * 41000000000n).toString() }],
    })

    const failing = await session.buildTransfer({ ...input, gas }, { idempotencyKey: 'transfer-2' })
    if (!isSubmitted(failing)) throw new Error('not submitted')
    server.advance(failing.externalId, { status: 'FAILED', subStatus: 'INSUFFICIENT_FUNDS' })
    server.setAutoAdvance(false)
    try {
      const ended = await session.followRequest!({
        operation: 'transfer',
        externalId: failing.externalId,
        idempotencyKey: 'transfer-2',
        signer: input.source,
      })
      expect(ended).toMatchObject({
        status: 'failed',
        externalStatus: 'FAILED/INSUFFICIENT_FUNDS',
        reason: 'Fireblocks ended the transaction FAILED: the source has insufficient funds',
      })
    } finally {
      server.setAutoAdvance(true)
    }
  })

  it('sends a contract call as CONTRACT_CALL with its data and decided fees, and reads back its hash', async () => {
    const ref = { accountExternalId: '0:ETHEREUM' }
    const transaction = { to: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D', value: '0', data: '0xa9059cbb' }
    const prepared = await session.prepareTransaction({ ...ref, transaction })
    expect(prepared).toMatchObject({ gasLimit: '100000', chainId: 1, type: 'eip1559' })
    const answer = await session.signTransaction(
      { ...ref, transaction: prepared },
      { idempotencyKey: 'call-1' },
    )
    if (!isSubmitted(answer)) throw new Error('not submitted')
    expect(server.transactions.get(answer.externalId)!.request).toMatchObject({
      operation: 'CONTRACT_CALL',
      assetId: 'ETH',
      extraParameters: { contractCallData: '0xa9059cbb' },
      gasLimit: '100000',
    })
    const { followed } = await followToEnd('signTransaction', answer.externalId)
    expect((followed.result as { txHash: string }).txHash).toMatch(/^0x[0-9a-f]{64}$/)
    const nonce = await failure(
      session.prepareTransaction({ ...ref, transaction: { ...transaction, nonce: 3 } }),
    )
    expect(nonce).toMatchObject({ code: 'UNSUPPORTED', details: { path: '/transaction/nonce' } })
  })

  it('a create whose answer is lost is found by its key, never made twice; 429 and 503 are retried', async () => {
    const hurried = await createFireblocksProvider({ http: { timeoutMs: 300, maxRetries: 0 } }).connect(
      credentials(),
      { connectionId: 'c3' },
    )
    const ref = { accountExternalId: '0:ETHEREUM' }
    server.fault({ kind: 'lose-answer', on: 'POST /v1/transactions' })
    const error = await failure(
      hurried.signMessage({ ...ref, message: 'lost' }, { idempotencyKey: 'lost-1' }),
    )
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', details: { outcomeUnknown: true } })
    const found = await hurried.followRequest!({
      operation: 'signMessage',
      externalId: null,
      idempotencyKey: 'lost-1',
      signer: ref,
    })
    expect(found?.externalId).toBe(server.transactions.get(found!.externalId)!.id)
    expect(
      await hurried.followRequest!({
        operation: 'signMessage',
        externalId: null,
        idempotencyKey: 'never-sent',
        signer: ref,
      }),
    ).toBeNull()
    // The key sent again answers the first transaction.
    const repeated = await session.signMessage({ ...ref, message: 'lost' }, { idempotencyKey: 'lost-1' })
    expect(isSubmitted(repeated) && repeated.externalId).toBe(found!.externalId)
    expect([...server.transactions.values()].filter((tx) => tx.externalTxId === 'lost-1')).toHaveLength(1)

    server.fault({ kind: 'status', status: 429, retryAfter: '0' }, { kind: 'status', status: 503 })
    const wallets = await session.listWallets()
    expect(wallets).toHaveLength(2)
  })

  it('verifies webhook signatures, and refuses a body changed after signing', async () => {
    const tx = [...server.transactions.values()][0]!
    const { body, headers } = server.webhookOf({ ...tx, request: undefined } as never)
    const fireblocks = provider()
    expect(fireblocks.verifyWebhook(headers, body)).toEqual({
      externalId: tx.id,
      externalTxId: tx.externalTxId,
    })
    expect(
      fireblocks.verifyWebhook(headers, body.replace('TRANSACTION_STATUS_UPDATED', 'TRANSACTION_CREATED')),
    ).toBeNull()
    expect(fireblocks.verifyWebhook({}, body)).toBeNull()
    expect(createFireblocksProvider().verifyWebhook(headers, body)).toBeNull()
  })

  it('answers staking with UNSUPPORTED, saying so', async () => {
    const error = await failure(
      session.prepareStake({
        source: { accountExternalId: '0:ETHEREUM' },
        networkId: 'ETHEREUM',
        amount: '1',
      }),
    )
    expect(error.code).toBe('UNSUPPORTED')
    expect(error.message).toContain('Staking through Fireblocks is not supported')
  })
})
