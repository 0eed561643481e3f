import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { type DemoClient, provisionDemo } from '../src/demo/provisionDemo'
import { signedInject } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

const fixture = (path: string) => fileURLToPath(new URL(`../../../fixtures/${path}`, import.meta.url))
const demoFile = fixture('gateway/demo.json')
const northwind = JSON.parse(readFileSync(fixture('entities/valid/northwind.json'), 'utf8'))
const demo = JSON.parse(readFileSync(demoFile, 'utf8'))

const usdc = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
/** Northwind's address book: a counterparty, and a payroll processor it marks external. */
const binance = '0x28C6c06298d514Db089934071355E5743bf21d60'
const initechPayroll = '0xB8823F1DefC7d02E0622e192EeF2B453a20F2D9D'

// One gateway for the demo client: the first describe provisions it on the fresh gateway, the last signs as it.
// The gateway with a public origin is another configuration, so it keeps its own.
const gateway = useTestGateway()
/** The demo client the first describe provisioned, when it ran. */
let provisioned: DemoClient | null = null

describe('demo provisioning (what pnpm start does on a fresh gateway)', () => {
  it('registers the demo client with the fixtures, connects the local provider once, and its key signs requests', async () => {
    const first = await provisionDemo(gateway.app, demoFile, null)
    expect(first.createdClient).toBe(true)
    expect(first.createdConnection).toBe(true)
    const client = first.client!
    provisioned = client
    expect(client.privateJwk.d).toBeTruthy()

    expect(first.updatedEntities).toBe(true)
    const again = await provisionDemo(gateway.app, demoFile, client)
    expect(again).toMatchObject({ createdClient: false, createdConnection: false, updatedEntities: false })
    expect(again.identity).toEqual(first.identity)

    const asClient = {
      clientId: client.clientId,
      keys: [],
      key: { privateJwk: client.privateJwk, publicJwk: {} },
    }
    const wallets = await signedInject(gateway, asClient, { method: 'GET', url: '/v1/provider/wallets' })
    expect(wallets.statusCode, wallets.body).toBe(200)
    expect(wallets.json().data[0].connectionId).toBe('demo-local')

    const registered = await gateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${client.clientId}`,
      headers: { 'x-api-key': gateway.config.adminApiKey },
    })
    const { data } = registered.json()
    expect(data.entities.users.length).toBe(northwind.users.length)
    expect(data.policies.length).toBeGreaterThan(0)
    expect(data.presets).toContain('lido-staking')

    const book = await signedInject(gateway, asClient, {
      method: 'GET',
      url: '/v1/provider/known-destinations?source=addressBook&limit=100',
    })
    expect(book.json().data.length).toBe(data.entities.addressBook.length)
  })
})

describe('demo provisioning behind a public origin', () => {
  const publicGateway = useTestGateway({ publicOrigin: 'https://gateway.example.com' })

  it('signs its own requests for the public origin, which the gateway then requires', async () => {
    const provisioned = await provisionDemo(publicGateway.app, demoFile, null)
    expect(provisioned.createdConnection).toBe(true)
  })
})

describe('the demo client signs as a Northwind user, from a Northwind account', () => {
  const demoGateway = gateway
  let client: DemoClient
  let ethereumAccount: string
  let sequence = 0

  const asClient = () => ({
    clientId: client.clientId,
    keys: [],
    key: { privateJwk: client.privateJwk, publicJwk: {} },
  })
  const readEntities = async () => {
    const response = await demoGateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${client.clientId}`,
      headers: { 'x-api-key': demoGateway.config.adminApiKey },
    })
    return response.json().data.entities
  }
  const transfer = (body: Record<string, unknown>) =>
    signedInject(demoGateway, asClient(), {
      method: 'POST',
      url: '/v1/provider/transfers',
      headers: { 'x-connection-id': demo.connection.connectionId },
      body: {
        source: { type: 'account', id: ethereumAccount },
        idempotenceId: `demo-${++sequence}`,
        ...body,
      },
    })

  beforeAll(async () => {
    // The demo client of the first describe, or (when only this describe runs) a newly provisioned one: either
    // way the gateway holds exactly one provisioning of the demo file.
    const result = await provisionDemo(demoGateway.app, demoFile, provisioned)
    client = result.client!
    const accounts = await signedInject(demoGateway, asClient(), {
      method: 'GET',
      url: '/v1/provider/accounts?limit=50',
      headers: { 'x-connection-id': demo.connection.connectionId },
    })
    expect(accounts.statusCode, accounts.body).toBe(200)
    ethereumAccount = accounts
      .json()
      .data.find((a: { networkId: string }) => a.networkId === 'ETHEREUM').accountId
  })

  it("makes the key a credential of the demo file's user and each named network's address an account of the groups", async () => {
    const entities = await readEntities()
    const kid = client.privateJwk.kid!
    const credential = entities.credentials.find((c: { id: string }) => c.id === kid)
    expect(credential).toMatchObject({ userId: demo.client.signsAs, key: { kid, crv: 'secp256k1' } })
    expect(credential.key.d).toBeUndefined()
    const ethereum = await signedInject(demoGateway, asClient(), {
      method: 'GET',
      url: `/v1/provider/accounts/${ethereumAccount}`,
      headers: { 'x-connection-id': demo.connection.connectionId },
    })
    const address = ethereum.json().data.addresses[0].address
    const accountId = `eip155:1:${address}`
    expect(entities.accounts).toContainEqual({ id: accountId, address, accountType: 'eoa', chainId: 1 })
    expect(entities.accountGroupMembers).toContainEqual({ accountId, groupId: 'treasury' })
    expect(entities.userAccounts).toContainEqual({ userId: demo.client.signsAs, accountId })
    // One address for all EVM networks, one account per network the demo file names.
    const added = entities.accounts.filter((a: { address: string }) => a.address === address)
    expect(added.map((a: { chainId: number }) => a.chainId).sort((a: number, b: number) => a - b)).toEqual([
      1, 10, 137, 8453, 42161,
    ])
    expect(entities.accounts.length).toBe(northwind.accounts.length + 5)
    expect(entities.credentials.length).toBe(northwind.credentials.length + 1)
  })

  it("permits a small USDC payment to a counterparty by Northwind's treasury allowance", async () => {
    const response = await transfer({
      destination: { address: binance },
      asset: { assetId: usdc },
      amount: '25',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.status).toBe('signed')
    expect(record.evaluation.decision).toMatchObject({
      decision: 'Permit',
      decidingPolicy: 'treasury-daily-usdc',
    })
  })

  it('asks two finance approvers for a payment above the daily allowance', async () => {
    const response = await transfer({
      destination: { address: binance },
      asset: { assetId: usdc },
      amount: '300000',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.status).toBe('pending_approval')
    expect(record.evaluation.decision.decision).toBe('Confirm')
    expect(record.evaluation.decision.approvals.missing).toEqual([
      expect.objectContaining({ policyId: 'treasury-large-usdc-with-approvals', missing: 2 }),
    ])
  })

  it('forbids ETH sent to an address the address book marks external, by a Northwind forbid', async () => {
    const response = await transfer({
      destination: { address: initechPayroll },
      asset: { assetId: 'eip155:1/slip44:60' },
      amount: '0.01',
    })
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'forbid-external-erc20',
    })
  })

  it('re-provisions without adding anything, and adds back only what an operator removed', async () => {
    const before = await readEntities()
    const again = await provisionDemo(demoGateway.app, demoFile, client)
    expect(again).toMatchObject({ createdClient: false, createdConnection: false, updatedEntities: false })
    expect(await readEntities()).toEqual(before)

    const kid = client.privateJwk.kid
    const withoutKey = {
      ...before,
      credentials: before.credentials.filter((c: { id: string }) => c.id !== kid),
    }
    const patched = await demoGateway.app.inject({
      method: 'PATCH',
      url: `/v1/admin/clients/${client.clientId}`,
      headers: { 'x-api-key': demoGateway.config.adminApiKey },
      payload: { entities: withoutKey },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    // An admin update reaches the gateway's evaluators at once, without waiting for their once-a-second recheck.
    const refused = await transfer({
      destination: { address: binance },
      asset: { assetId: usdc },
      amount: '1',
    })
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json().context.evaluation.decision.reason.code).toBe('UNKNOWN_PRINCIPAL')

    const restored = await provisionDemo(demoGateway.app, demoFile, client)
    expect(restored.updatedEntities).toBe(true)
    expect(await readEntities()).toEqual(before)
  })
})
