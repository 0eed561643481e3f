import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { connections } from '../src/core/database/schema'
import { createAnchorageProvider } from '../src/providers'
import { type AnchorageServer, startAnchorageServer } from './support/anchorageServer'
import { policy, registerSigningClient, type SigningSetup } from './support/signingClient'
import { encryptCredentials, signedInject, startTestGateway } from './support/testGateway'

const anchorageAddress = '0x27211c05145FDc3c916e3377DB1a257364c5380B'
const trusted = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'
const blocked = '0x000000000000000000000000000000000000dEaD'

let server: AnchorageServer
let setup: SigningSetup
let connectionId: string
let accounts: Record<string, string>

beforeAll(async () => {
  server = await startAnchorageServer()
  const gateway = await startTestGateway(
    {},
    { providers: [createAnchorageProvider({ http: { retryBaseMs: 1, retryMaxMs: 50 } })] },
  )
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

const anchorage = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  setup.call(method, url, body, { 'x-connection-id': connectionId })

let sequence = 0
const transfer = (destination: string, amount = '0.25') =>
  anchorage('POST', '/v1/provider/transfers', {
    source: { type: 'account', id: accounts.ETHEREUM! },
    destination: { address: destination },
    asset: { assetId: 'eip155:1/slip44:60' },
    amount,
    idempotenceId: `anchorage-${++sequence}-${Date.now()}`,
  })

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
})
