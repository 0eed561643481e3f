import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGateway } from '../src/app/buildGateway'
import { signingRequests } from '../src/core/database/actionsSchema'
import { connections } from '../src/core/database/schema'
import { createAnchorageProvider } from '../src/providers'
import { signingFollowUps } from '../src/signing/follow/followSchema'
import { type AnchorageServer, startAnchorageServer } from './support/anchorageServer'
import { policy, registerSigningClient, type SigningSetup } from './support/signingClient'
import { encryptCredentials, signedInject, startTestGateway } from './support/testGateway'

const anchorageAddress = '0x27211c05145FDc3c916e3377DB1a257364c5380B'
const trusted = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'
const blocked = '0x000000000000000000000000000000000000dEaD'

/** Fast following for tests: due checks every 50 ms, waits from 20 ms up to 200 ms. */
const follow = { intervalMs: 50, firstDelayMs: 20, maxDelayMs: 200, sendingGraceMs: 400, maxFollowHours: 1 }
const anchorageProvider = (http: { timeoutMs?: number; maxRetries?: number } = {}) =>
  createAnchorageProvider({ http: { retryBaseMs: 1, retryMaxMs: 50, ...http } })

let server: AnchorageServer
let setup: SigningSetup
let connectionId: string
let accounts: Record<string, string>

beforeAll(async () => {
  server = await startAnchorageServer()
  const gateway = await startTestGateway({ follow }, { providers: [anchorageProvider()] })
  await gateway.app.ready()
  setup = await registerSigningClient(gateway, {
    policies: [
      policy('forbid-dead', 'forbid', [{ criterion: 'checkDestinationAddress', args: [blocked] }]),
      policy('permit-transfers', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkIntentType', args: ['nativeTransfer'] },
      ]),
    ],
    extraAccounts: [
      { id: `eip155:1:${anchorageAddress}`, address: anchorageAddress, accountType: 'eoa', chainId: 1 },
    ],
  })
})
afterAll(async () => {
  await setup?.gateway.close()
  await server?.close()
})

const anchorage = (method: 'GET' | 'POST', url: string, body?: unknown, app?: FastifyInstance) =>
  signedInject(app ? { ...setup.gateway, app } : setup.gateway, setup.client, {
    method,
    url,
    ...(body === undefined ? {} : { body }),
    headers: { 'x-connection-id': connectionId },
  })

let sequence = 0
const transfer = (destination: string, amount = '0.25', app?: FastifyInstance) =>
  anchorage(
    'POST',
    '/v1/provider/transfers',
    {
      source: { type: 'account', id: accounts.ETHEREUM! },
      destination: { address: destination },
      asset: { assetId: 'eip155:1/slip44:60' },
      amount,
      idempotenceId: `anchorage-${++sequence}-${Date.now()}`,
    },
    app,
  )
const statusOf = async (rowId: string) =>
  (await setup.gateway.app.db.select().from(signingRequests).where(eq(signingRequests.rowId, rowId)))[0]!

describe('an Anchorage connection through the gateway API', () => {
  it('is created with JWE credentials, stored encrypted, and synced from Anchorage', async () => {
    const { gateway, client } = setup
    const encryptedCredentials = await encryptCredentials(gateway, client, server.credentials)
    const created = await signedInject(gateway, client, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'anchorage', label: 'Anchorage', encryptedCredentials },
    })
    expect(created.statusCode, created.body).toBe(201)
    connectionId = created.json().data.connectionId
    expect(created.body).not.toContain(server.credentials.privateKey)
    const [row] = await gateway.database.db
      .select()
      .from(connections)
      .where(eq(connections.connectionId, connectionId))
    expect(row?.provider).toBe('anchorage')
    expect(row?.credentials).not.toContain(server.credentials.privateKey)
    expect(row?.credentials).not.toContain(server.credentials.apiKey)

    const listed = await anchorage('GET', '/v1/provider/accounts?limit=100')
    expect(listed.statusCode, listed.body).toBe(200)
    accounts = {}
    for (const account of listed.json().data as {
      accountId: string
      networkId: string
      externalId: string
    }[]) {
      if (account.externalId === '7f81de30acbe98e3f6895eb12ab7d16f')
        accounts[account.networkId] = account.accountId
    }
    expect(listed.json().data).toHaveLength(4)
    expect(accounts.ETHEREUM).toBeDefined()
    const wallets = await anchorage('GET', '/v1/provider/wallets')
    expect(
      wallets
        .json()
        .data.map((wallet: { label: string }) => wallet.label)
        .sort(),
    ).toEqual(['Operations', 'Treasury'])
    const destinations = await anchorage('GET', '/v1/provider/known-destinations')
    expect(destinations.statusCode, destinations.body).toBe(200)
    expect(
      destinations
        .json()
        .data.filter((destination: { source?: string }) => destination.source !== 'addressBook'),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          address: trusted,
          networkId: 'ETHEREUM',
          externalClassification: 'trusted',
        }),
      ]),
    )
  })

  it('sends a permitted transfer to Anchorage once, and records it processing with Anchorage’s id and status', async () => {
    const before = server.count('POST', '/v2/transfers')
    const response = await transfer(trusted)
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record).toMatchObject({ status: 'processing', provider: 'anchorage', externalStatus: 'QUEUED' })
    expect(server.count('POST', '/v2/transfers') - before).toBe(1)
    const sent = server.transfers().find((candidate) => candidate.transferId === record.externalId)
    expect(sent?.body).toMatchObject({ amount: '0.25', assetType: 'ETH', destination: { id: trusted } })
    // The record's key is the idempotentId Anchorage got: a repeat would find the same transfer.
    const [row] = await setup.gateway.database.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.requestId, record.transferId))
    expect(sent?.idempotentId).toBe(row?.rowId)
  })

  it('sends nothing to Anchorage when the policies forbid the transfer', async () => {
    const before = server.calls.length
    const response = await transfer(blocked)
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().code).toBe('POLICY_FORBIDDEN')
    expect(server.calls.slice(before).filter((call) => call.method === 'POST')).toEqual([])
  })

  it('answers the same record for the same idempotenceId, without a second transfer at Anchorage', async () => {
    const body = {
      source: { type: 'account', id: accounts.ETHEREUM! },
      destination: { address: trusted },
      asset: { assetId: 'eip155:1/slip44:60' },
      amount: '0.1',
      idempotenceId: `anchorage-repeat-${Date.now()}`,
    }
    const before = server.count('POST', '/v2/transfers')
    const first = await anchorage('POST', '/v1/provider/transfers', body)
    const again = await anchorage('POST', '/v1/provider/transfers', body)
    expect(first.statusCode, first.body).toBe(201)
    expect(again.json().data.transferId).toBe(first.json().data.transferId)
    expect(server.count('POST', '/v2/transfers') - before).toBe(1)
  })

  it('follows a submitted transfer by polling: processing, then broadcast with the hash, fee and amounts read back', async () => {
    const response = await transfer(trusted, '0.5')
    expect(response.statusCode, response.body).toBe(201)
    const { transferId } = response.json().data
    await expect
      .poll(async () => (await anchorage('GET', `/v1/provider/transfers/${transferId}`)).json().data.status, {
        timeout: 10_000,
      })
      .toBe('broadcast')
    const record = (await anchorage('GET', `/v1/provider/transfers/${transferId}`)).json().data
    const sent = server.transfers().find((candidate) => candidate.transferId === record.externalId)
    expect(sent?.status).toBe('COMPLETED')
    expect(record).toMatchObject({
      status: 'broadcast',
      externalId: sent?.transferId,
      networkFeeAttribution: 'on_top',
      netAmount: '0.5',
      grossAmount: '0.500441',
      fees: [{ type: 'network', attribution: 'on_top', amount: '0.000441', assetId: 'eip155:1/slip44:60' }],
    })
    expect(record.txHash).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe('a gateway stopped while Anchorage holds its transfer create', () => {
  for (const fault of ['lost', 'hang'] as const) {
    it(`is resumed by another gateway on its database, one transfer at Anchorage (${fault})`, async () => {
      // The first gateway never hears its create's answer (it is "killed"), and follows nothing itself.
      const stopped = await buildGateway({
        config: { ...setup.gateway.config, follow: { ...follow, intervalMs: 0 } },
        db: setup.gateway.app.db,
        providers: [anchorageProvider({ timeoutMs: 60_000, maxRetries: 0 })],
        logger: false,
      })
      await stopped.ready()
      server.fail({ kind: fault }, { method: 'POST', path: '/v2/transfers' })
      const inFlight = transfer(trusted, '0.01', stopped)
      const sending = () =>
        setup.gateway.app.db.select().from(signingFollowUps).where(eq(signingFollowUps.phase, 'sending'))
      await expect.poll(async () => (await sending()).length, { timeout: 10_000 }).toBe(1)
      const [followUp] = await sending()
      expect(followUp).toMatchObject({ externalId: null, idempotencyKey: followUp!.rowId })

      const restarted = await buildGateway({
        config: { ...setup.gateway.config, follow },
        db: setup.gateway.app.db,
        providers: [anchorageProvider()],
        logger: false,
      })
      await restarted.ready()
      try {
        await expect
          .poll(async () => (await statusOf(followUp!.rowId)).status, { timeout: 15_000 })
          .toBe('broadcast')
        const made = server.transfers().filter((candidate) => candidate.idempotentId === followUp!.rowId)
        expect(made).toHaveLength(1)
        const { requestId } = await statusOf(followUp!.rowId)
        const record = (await anchorage('GET', `/v1/provider/transfers/${requestId}`)).json().data
        expect(record).toMatchObject({ status: 'broadcast', externalId: made[0]?.transferId })
      } finally {
        await restarted.close()
        // A held create is let go when the server closes.
        void inFlight.catch(() => {})
        void stopped.close().catch(() => {})
      }
    })
  }
})
