import { emptyEntities } from '@rampart/entities'
import { beforeAll, describe, expect, it } from 'vitest'
import { networks } from '../src/core/database/schema'
import { createTestConnection, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
const alice = useTestClient(gateway, ['ES256K'], {
  entities: {
    ...emptyEntities(),
    addressBook: [
      {
        id: 'eip155:1:0x000000000000000000000000000000000000dead',
        address: '0x000000000000000000000000000000000000dEaD',
        chainId: 1,
        classification: 'counterparty',
      },
    ],
  },
})
let connectionId: string

beforeAll(async () => {
  connectionId = (await createTestConnection(gateway, alice)).connectionId
})

const get = (url: string, headers: Record<string, string> = {}) =>
  signedInject(gateway, alice, { method: 'GET', url, headers })

async function readAll(url: string): Promise<{ pages: number; ids: string[] }> {
  const ids: string[] = []
  let next: string | null = null
  let pages = 0
  do {
    const separator = url.includes('?') ? '&' : '?'
    const response = await get(next === null ? url : `${url}${separator}cursor=${encodeURIComponent(next)}`)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    ids.push(...body.data.map((item: { networkId: string }) => item.networkId))
    next = body.page.next
    pages++
  } while (next !== null && pages < 50)
  return { pages, ids }
}

describe('networks and assets catalogue', () => {
  it('has at least 30 EVM and non-EVM networks with coinType, evmChainId and external networks', async () => {
    const { ids } = await readAll('/v1/provider/networks?limit=100')
    expect(ids.length).toBeGreaterThanOrEqual(30)
    const body = (
      await get('/v1/provider/networks?networkIds=ETHEREUM,BITCOIN,SOLANA&orderBy=networkId')
    ).json()
    expect(body.data.map((n: { networkId: string }) => n.networkId)).toEqual([
      'BITCOIN',
      'ETHEREUM',
      'SOLANA',
    ])
    const [bitcoin, ethereum] = body.data
    expect(ethereum).toMatchObject({ coinType: 60, evmChainId: 1, name: 'Ethereum' })
    expect(ethereum.externalNetworks).toContainEqual(
      expect.objectContaining({ provider: 'fireblocks', externalId: 'ETH', supportsEvm: true }),
    )
    expect(bitcoin).toMatchObject({ coinType: 0, evmChainId: null })
  })

  it('filters networks by provider and type', async () => {
    const evm = (await get('/v1/provider/networks?type=evm&limit=100')).json().data
    expect(evm.length).toBeGreaterThan(15)
    expect(evm.every((n: { evmChainId: number | null }) => n.evmChainId !== null)).toBe(true)
    const local = (await get('/v1/provider/networks?provider=local&limit=100')).json().data
    expect(local.length).toBeGreaterThan(10)
    for (const network of local) {
      expect(network.externalNetworks.some((e: { provider: string }) => e.provider === 'local')).toBe(true)
    }
  })

  it('filters assets by provider and network', async () => {
    const ethereum = (await get('/v1/provider/assets?networkId=ETHEREUM&limit=100')).json().data
    expect(ethereum.map((a: { symbol: string }) => a.symbol)).toEqual(
      expect.arrayContaining(['ETH', 'USDC', 'USDT']),
    )
    const usdc = ethereum.find((a: { symbol: string }) => a.symbol === 'USDC')
    expect(usdc).toMatchObject({
      assetId: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      decimals: 6,
      onchainId: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    })
    const bitgo = (await get('/v1/provider/assets?provider=bitgo&limit=100')).json().data
    expect(bitgo.length).toBeGreaterThan(10)
    expect(
      bitgo.every((a: { externalAssets: { provider: string }[] }) =>
        a.externalAssets.some((e) => e.provider === 'bitgo'),
      ),
    ).toBe(true)
  })
})

describe('pagination', () => {
  it('walks every page exactly once, ascending and descending, with limits checked', async () => {
    const all = await readAll('/v1/provider/networks?orderBy=networkId&limit=100')
    const paged = await readAll('/v1/provider/networks?orderBy=networkId&limit=7')
    expect(paged.ids).toEqual(all.ids)
    expect(paged.pages).toBe(Math.ceil(all.ids.length / 7))
    expect([...all.ids].sort()).toEqual(all.ids)
    const descending = await readAll('/v1/provider/networks?orderBy=networkId&limit=9&desc=true')
    expect(descending.ids).toEqual([...all.ids].reverse())
    const descendingOne = await readAll('/v1/provider/networks?orderBy=networkId&limit=9&desc=1')
    expect(descendingOne.ids).toEqual(descending.ids)
    const defaultPage = (await get('/v1/provider/networks')).json()
    expect(defaultPage.data).toHaveLength(25)
  })

  it('is stable under inserts: rows added before and after the cursor never shift a page', async () => {
    const first = (await get('/v1/provider/networks?orderBy=networkId&limit=10')).json()
    await gateway.database.db.insert(networks).values(
      ['AAA_TEST_NETWORK', 'ZZZ_TEST_NETWORK'].map((networkId) => ({
        networkId,
        name: networkId,
        type: 'evm',
        coinType: 1,
        evmChainId: 999_999,
        externalNetworks: [],
        createdAt: new Date(),
      })),
    )
    const rest: string[] = []
    let next: string | null = first.page.next
    while (next !== null) {
      const page = (
        await get(`/v1/provider/networks?orderBy=networkId&limit=10&cursor=${encodeURIComponent(next)}`)
      ).json()
      rest.push(...page.data.map((n: { networkId: string }) => n.networkId))
      next = page.page.next
    }
    const seen = [...first.data.map((n: { networkId: string }) => n.networkId), ...rest]
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toContain('ZZZ_TEST_NETWORK')
    expect(seen).not.toContain('AAA_TEST_NETWORK')
  })

  it('checks limit, orderBy, desc and cursor', async () => {
    const cases: [string, number, string][] = [
      ['/v1/provider/networks?limit=0', 422, '/limit'],
      ['/v1/provider/networks?limit=101', 422, '/limit'],
      ['/v1/provider/networks?limit=ten', 422, '/limit'],
      ['/v1/provider/networks?orderBy=coinType', 422, '/orderBy'],
      ['/v1/provider/networks?desc=yes', 422, '/desc'],
      ['/v1/provider/networks?unknown=1', 422, '/unknown'],
      ['/v1/provider/wallets?orderBy=label', 422, '/orderBy'],
    ]
    for (const [url, status, path] of cases) {
      const response = await get(url)
      expect(response.statusCode, `${url}: ${response.body}`).toBe(status)
      expect(response.json().context.issues[0]).toMatchObject({ path, in: 'querystring' })
    }
    // A forged cursor may name any order, including names every object inherits.
    const forged = ['constructor', 'toString', '__proto__'].map((orderBy) =>
      Buffer.from(JSON.stringify([orderBy, 0, '2020-01-01T00:00:00.000Z', 'x'])).toString('base64url'),
    )
    for (const cursor of ['garbage', Buffer.from('["networkId",0]').toString('base64url'), ...forged]) {
      const response = await get(`/v1/provider/networks?cursor=${cursor}`)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().code).toBe('INVALID_CURSOR')
    }
    const page = (await get('/v1/provider/networks?orderBy=networkId&limit=2')).json()
    const mismatch = await get(`/v1/provider/networks?orderBy=name&limit=2&cursor=${page.page.next}`)
    expect(mismatch.statusCode).toBe(400)
  })
})

describe('wallets, accounts and addresses', () => {
  it('lists and gets each, with the spec’s not-found messages', async () => {
    const wallets = (await get('/v1/provider/wallets')).json()
    expect(wallets.data).toHaveLength(1)
    const wallet = wallets.data[0]
    expect((await get(`/v1/provider/wallets/${wallet.walletId}`)).json().data).toEqual(wallet)

    const accounts = (await get('/v1/provider/accounts?limit=100')).json().data
    expect(accounts.length).toBe(wallet.accounts.length)
    const account = accounts[0]
    expect((await get(`/v1/provider/accounts/${account.accountId}`)).json().data).toEqual(account)
    const onEthereum = (await get('/v1/provider/accounts?networkId=ETHEREUM')).json().data
    expect(onEthereum.every((a: { networkId: string }) => a.networkId === 'ETHEREUM')).toBe(true)

    const addresses = (await get(`/v1/provider/addresses?accountId=${account.accountId}`)).json().data
    expect(addresses).toEqual(account.addresses)
    expect((await get(`/v1/provider/addresses/${addresses[0].addressId}`)).json().data).toEqual(addresses[0])

    for (const [url, message, code] of [
      ['/v1/provider/wallets/nope', 'Wallet not found', 'WALLET_NOT_FOUND'],
      ['/v1/provider/accounts/nope', 'Account not found', 'ACCOUNT_NOT_FOUND'],
      ['/v1/provider/addresses/nope', 'Address not found', 'ADDRESS_NOT_FOUND'],
    ]) {
      const response = await get(url!)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ statusCode: 404, code, message })
    }
  })

  it('lists known destinations from the provider and from the address book', async () => {
    const all = (
      await get('/v1/provider/known-destinations?limit=100', { 'x-connection-id': connectionId })
    ).json().data
    const fromBook = all.filter(
      (d: { externalClassification: string }) => d.externalClassification === 'counterparty',
    )
    expect(fromBook).toEqual([
      expect.objectContaining({
        address: '0x000000000000000000000000000000000000dEaD',
        networkId: 'ETHEREUM',
        connectionId,
        clientId: alice.clientId,
        provider: 'local',
      }),
    ])
    const bookOnly = (await get('/v1/provider/known-destinations?source=addressBook')).json().data
    expect(bookOnly).toHaveLength(1)
    const providerOnly = (await get('/v1/provider/known-destinations?source=provider&limit=100')).json().data
    expect(providerOnly.length + bookOnly.length).toBe(all.length)
  })
})
