import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnchorageClient } from './anchorageClient'
import { anchorageAuth, validateAnchorageCredentials } from './credentials'

// A server answering whatever the test sets, to see what the client does with answers Anchorage should not give.
let answer: unknown = {}
let server: Server
let client: AnchorageClient
const paths: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    paths.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  client = new AnchorageClient({
    auth: anchorageAuth(
      validateAnchorageCredentials({
        apiKey: 'anc_0123456789abcdef0123',
        privateKey: '11'.repeat(32),
        baseUrl: `http://127.0.0.1:${port}`,
      }),
    ),
    http: { maxRetries: 0 },
  })
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('AnchorageClient', () => {
  it.each([
    ['//attacker.example/v2/wallets'],
    ['https://attacker.example/v2/wallets'],
    ['/v1/other'],
    ['/v2/wallets?limit=100'],
  ])(
    'does not follow a page link to %s (another host, another API, or the same page again)',
    async (next) => {
      answer = { data: [], page: { next } }
      paths.length = 0
      await expect(client.listWallets()).rejects.toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        details: { path: '/page/next' },
      })
      expect(paths.every((path) => path.startsWith('/v2/wallets'))).toBe(true)
    },
  )

  it.each([
    [{ page: { next: null } }, '/data'],
    [{ data: [{ walletId: 'w', walletName: 'n', vaultId: 'v' }] }, '/data/0/networkId'],
    [
      { data: [{ walletId: 'w', walletName: 'n', vaultId: 'v', networkId: 'ETH', depositAddress: {} }] },
      '/data/0/depositAddress/address',
    ],
    [
      { data: [{ walletId: 'w', walletName: 'n', vaultId: 'v', networkId: 'ETH', isArchived: 'no' }] },
      '/data/0/isArchived',
    ],
    [{ data: [], page: { next: 7 } }, '/page/next'],
  ])('refuses an answer shaped otherwise (%j), naming where', async (body, path) => {
    answer = body
    await expect(client.listWallets()).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      details: { path },
    })
  })

  it('reads a transfer, with its fee when Anchorage gives one', async () => {
    answer = {
      data: {
        transferId: 't1',
        status: 'COMPLETED',
        assetType: 'ETH',
        amount: { assetType: 'ETH', quantity: '0.5', currentPrice: '1', currentUSDValue: '1' },
        fee: { assetType: 'ETH', quantity: '0.0001' },
        blockchainTxId: 'ab'.repeat(32),
        source: { id: 'w1', type: 'WALLET' },
        destination: { id: '0xabc', type: 'ADDRESS' },
        createdAt: '2024-12-18T14:04:10.519Z',
        endedAt: '2024-12-18T14:08:13.618Z',
      },
    }
    expect(await client.getTransfer('t1')).toMatchObject({
      transferId: 't1',
      status: 'COMPLETED',
      fee: { assetType: 'ETH', quantity: '0.0001' },
      blockchainTxId: 'ab'.repeat(32),
    })
    expect(paths.at(-1)).toBe('/v2/transfers/t1')
  })
})
