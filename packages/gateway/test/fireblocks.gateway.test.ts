import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { recoverTypedDataAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGateway } from '../src/app/buildGateway'
import { signingRequests } from '../src/core/database/actionsSchema'
import { createFireblocksProvider } from '../src/providers/fireblocks'
import { signingFollowUps } from '../src/signing/follow/followSchema'
import { recoverInterruptedRequests } from '../src/signing/pipeline/recoverInterruptedRequests'
import { vaultAddress } from './support/fireblocksLedger'
import { type FireblocksServer, startFireblocksServer } from './support/fireblocksServer'
import { policy, registerSigningClient, type SigningSetup } from './support/signingClient'
import { encryptCredentials, signedInject, startTestGateway, type TestGateway } from './support/testGateway'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const blocked = '0x000000000000000000000000000000000000dEaD'
const typedData = {
  domain: { name: 'Ether Mail', version: '1', chainId: 1 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello from Fireblocks' },
}

/** Fast following for tests: due checks every 50 ms, waits from 20 ms up to 200 ms. */
const follow = { intervalMs: 50, firstDelayMs: 20, maxDelayMs: 200, sendingGraceMs: 400, maxFollowHours: 1 }
const fireblocks = (server: () => FireblocksServer, timeoutMs = 5000) =>
  createFireblocksProvider({
    webhookPublicKeys: [server().webhookPublicKeyPem],
    http: { timeoutMs, retryBaseMs: 5, retryMaxMs: 500, maxRetries: 1 },
  })

let server: FireblocksServer
let gateway: TestGateway
let setup: SigningSetup
let connectionId: string
let account: string

const call = (method: 'GET' | 'POST', url: string, body?: unknown, app?: FastifyInstance) =>
  signedInject(app ? { ...gateway, app } : gateway, setup.client, {
    method,
    url,
    ...(body === undefined ? {} : { body }),
    headers: { 'x-connection-id': connectionId },
  })

let sequence = 0
const nextId = () => `fireblocks-${++sequence}-${Date.now()}`
const transfer = (amount: string, destination = recipient, app?: FastifyInstance) =>
  call(
    'POST',
    '/v1/provider/transfers',
    {
      source: { type: 'account', id: account },
      destination: { address: destination },
      asset: { assetId: 'eip155:1/slip44:60' },
      amount,
      idempotenceId: nextId(),
    },
    app,
  )
const signTypedData = (app?: FastifyInstance) =>
  call(
    'POST',
    '/v1/provider/evm/sign-typed-data',
    { data: typedData, source: { type: 'account', id: account }, idempotenceId: nextId() },
    app,
  )

const rowOf = async (requestId: string) =>
  (await gateway.app.db.select().from(signingRequests).where(eq(signingRequests.requestId, requestId)))[0]!

beforeAll(async () => {
  server = await startFireblocksServer({
    deliverWebhook: async (payload, headers) => {
      const response = await gateway.app.inject({
        method: 'POST',
        url: '/v1/webhooks/fireblocks',
        payload,
        headers,
      })
      if (response.statusCode !== 200) throw new Error(`webhook refused: ${response.body}`)
    },
  })
  gateway = await startTestGateway({ follow }, { providers: [fireblocks(() => server)] })
  await gateway.app.ready()
  const vault = vaultAddress(server.vaults[0]!)
  setup = await registerSigningClient(gateway, {
    // The vault's address is an account of the organization, as the local test address is.
    extraAccounts: [{ id: `eip155:1:${vault}`, address: vault, accountType: 'eoa', chainId: 1 }],
    policies: [
      policy('forbid-dead', 'forbid', [{ criterion: 'checkDestinationAddress', args: [blocked] }]),
      policy('permit-fireblocks', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction', 'signTypedData'] },
      ]),
    ],
  })
  // A Fireblocks connection, created through the API with credentials sent encrypted to a transit key (JWE).
  const encryptedCredentials = await encryptCredentials(gateway, setup.client, {
    apiKey: server.apiKey,
    privateKey: server.privateKeyPem,
    baseUrl: server.baseUrl,
  })
  const created = await signedInject(gateway, setup.client, {
    method: 'POST',
    url: '/v1/provider/connections',
    body: { provider: 'fireblocks', label: 'Fireblocks workspace', encryptedCredentials },
  })
  if (created.statusCode !== 201) throw new Error(`Fireblocks connection failed: ${created.body}`)
  connectionId = created.json().data.connectionId
  const accounts = await signedInject(gateway, setup.client, {
    method: 'GET',
    url: '/v1/provider/accounts?limit=100',
  })
  type AccountView = {
    accountId: string
    connectionId: string
    networkId: string
    addresses: { address: string }[]
  }
  // Vault 0's Ethereum account: the one whose address is the vault's.
  account = (accounts.json().data as AccountView[]).find(
    (row) =>
      row.connectionId === connectionId &&
      row.networkId === 'ETHEREUM' &&
      row.addresses.some((entry) => entry.address === vault),
  )!.accountId
})
afterAll(async () => {
  await gateway?.close()
  await server?.close()
})

describe('a Fireblocks connection through the gateway', () => {
  it('is synced: vault accounts as wallets, their native asset wallets as accounts with the vault address', async () => {
    const response = await call('GET', `/v1/provider/accounts/${account}`)
    expect(response.statusCode, response.body).toBe(200)
    const data = response.json().data
    expect(data.networkId).toBe('ETHEREUM')
    expect(data.addresses[0].address).toBe(vaultAddress(server.vaults[0]!))
  })

  it('signs typed data: processing with Fireblocks’ id and status, then signed by polling', async () => {
    const response = await signTypedData()
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record).toMatchObject({ status: 'processing', externalStatus: 'SUBMITTED', signature: null })
    expect(server.transactions.get(record.externalId)?.externalTxId).toBe(
      (await rowOf(record.requestId)).rowId,
    )
    const url = `/v1/provider/evm/sign-typed-data/${record.requestId}`
    await expect
      .poll(async () => (await call('GET', url)).json().data.status, { timeout: 10_000 })
      .toBe('signed')
    const signed = (await call('GET', url)).json().data
    expect(signed).toMatchObject({ externalId: record.externalId, externalStatus: 'COMPLETED' })
    const signer = await recoverTypedDataAddress({
      ...(typedData as unknown as Parameters<typeof recoverTypedDataAddress>[0]),
      signature: signed.signature.fullSig,
    })
    expect(signer).toBe(vaultAddress(server.vaults[0]!))
    expect(await gateway.app.db.select().from(signingFollowUps)).toEqual([])
  })

  it('transfers: processing, then broadcast by webhook with the fee read back; duplicate, stale and forged webhooks change nothing', async () => {
    server.setAutoAdvance(false)
    try {
      const response = await transfer('0.001')
      expect(response.statusCode, response.body).toBe(201)
      const record = response.json().data
      expect(record).toMatchObject({ status: 'processing', externalStatus: 'SUBMITTED', txHash: null })
      const url = `/v1/provider/transfers/${record.transferId}`
      // Polling alone sees no change (the server moves nothing): the record waits.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect((await call('GET', url)).json().data.status).toBe('processing')

      // However long it waits at the custodian, it is the follower's, not the interrupted-request sweep's.
      const hourLater = new Date(Date.now() + 3_600_000)
      expect(await recoverInterruptedRequests(gateway.app.signing, 60, hourLater)).toEqual([])

      await server.completeWithWebhooks(record.externalId)
      const done = (await call('GET', url)).json().data
      expect(done).toMatchObject({
        status: 'broadcast',
        externalId: record.externalId,
        externalStatus: 'COMPLETED/CONFIRMED',
        // The fee Fireblocks reports: 21 000 gas at the 41 gwei decided as the maximum.
        grossAmount: '0.001861',
        netAmount: '0.001',
        fees: [{ type: 'network', attribution: 'on_top', amount: '0.000861' }],
      })
      expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/)

      // The same webhook again, and one of an earlier status, arriving late.
      const tx = server.transactions.get(record.externalId)!
      await server.sendWebhook({ ...tx, request: undefined } as never)
      await server.sendWebhook({
        ...tx,
        status: 'PENDING_SIGNATURE',
        subStatus: '',
        request: undefined,
      } as never)
      expect((await call('GET', url)).json().data).toEqual(done)

      const { body, headers } = server.webhookOf({ ...tx, request: undefined } as never)
      const forged = await gateway.app.inject({
        method: 'POST',
        url: '/v1/webhooks/fireblocks',
        payload: body.replace('COMPLETED', 'FAILED'),
        headers,
      })
      expect(forged.statusCode).toBe(401)
      expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID')
    } finally {
      server.setAutoAdvance(true)
    }
  })

  it('signs typed data by webhook too, while polling sees no change', async () => {
    server.setAutoAdvance(false)
    try {
      const record = (await signTypedData()).json().data
      expect(record.status).toBe('processing')
      await server.completeWithWebhooks(record.externalId)
      const signed = (await call('GET', `/v1/provider/evm/sign-typed-data/${record.requestId}`)).json().data
      expect(signed).toMatchObject({ status: 'signed', externalStatus: 'COMPLETED' })
      const signer = await recoverTypedDataAddress({
        ...(typedData as unknown as Parameters<typeof recoverTypedDataAddress>[0]),
        signature: signed.signature.fullSig,
      })
      expect(signer).toBe(vaultAddress(server.vaults[0]!))
    } finally {
      server.setAutoAdvance(true)
    }
  })

  it('a transfer the policies forbid is answered 403 and never reaches Fireblocks', async () => {
    const creates = server.count('createTransaction')
    const response = await transfer('0.001', blocked)
    expect(response.statusCode).toBe(403)
    expect(server.count('createTransaction')).toBe(creates)
  })

  it('a request Fireblocks fails ends failed with its sub-status, and stops counting', async () => {
    server.setAutoAdvance(false)
    try {
      const record = (await transfer('0.002')).json().data
      server.advance(record.externalId, { status: 'FAILED', subStatus: 'INSUFFICIENT_FUNDS' })
      await server.sendWebhook(
        server.advance(record.externalId, { status: 'FAILED', subStatus: 'INSUFFICIENT_FUNDS' }),
      )
      const read = await call('GET', `/v1/provider/transfers/${record.transferId}`)
      expect(read.json().data).toMatchObject({
        status: 'failed',
        externalStatus: 'FAILED/INSUFFICIENT_FUNDS',
        failure: {
          code: 'PROVIDER_REJECTED',
          message: 'Fireblocks ended the transaction FAILED: the source has insufficient funds',
        },
      })
      expect((await rowOf(record.transferId)).history).toBeNull()
    } finally {
      server.setAutoAdvance(true)
    }
  })
})

describe('a gateway stopped while Fireblocks holds a create', () => {
  async function secondGateway() {
    const app = await buildGateway({
      config: { ...gateway.config, follow },
      db: gateway.app.db,
      providers: [fireblocks(() => server)],
      logger: false,
    })
    await app.ready()
    return app
  }

  for (const fault of ['lose-answer', 'hang'] as const) {
    it(`is resumed by another gateway on its database, never submitted twice (${fault})`, async () => {
      // The first gateway's create never hears its answer (it is "killed"): it follows nothing itself.
      const stopped = await buildGateway({
        config: { ...gateway.config, follow: { ...follow, intervalMs: 0 } },
        db: gateway.app.db,
        providers: [fireblocks(() => server, 60_000)],
        logger: false,
      })
      await stopped.ready()
      server.fault({ kind: fault, on: 'POST /v1/transactions' })
      const inFlight = signTypedData(stopped)
      const sending = () =>
        gateway.app.db.select().from(signingFollowUps).where(eq(signingFollowUps.phase, 'sending'))
      await expect.poll(async () => (await sending()).length, { timeout: 10_000 }).toBe(1)
      const [followUp] = await sending()
      expect(followUp).toMatchObject({ phase: 'sending', externalId: null, idempotencyKey: followUp!.rowId })

      const restarted = await secondGateway()
      try {
        await expect
          .poll(
            async () =>
              (
                await gateway.app.db
                  .select()
                  .from(signingRequests)
                  .where(eq(signingRequests.rowId, followUp!.rowId))
              )[0]!.status,
            { timeout: 15_000 },
          )
          .toBe('signed')
        const made = [...server.transactions.values()].filter((tx) => tx.externalTxId === followUp!.rowId)
        expect(made).toHaveLength(1)
      } finally {
        await restarted.close()
        // The stopped gateway's create is still held by the server: it is let go when the server closes.
        void inFlight.catch(() => {})
        void stopped.close().catch(() => {})
      }
    })
  }
})
