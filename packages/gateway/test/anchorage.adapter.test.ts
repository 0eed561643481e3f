import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnchorageProvider } from '../src/providers'
import { anchorageAuth, validateAnchorageCredentials } from '../src/providers/anchorage/credentials'
import { signAnchorageRequest } from '../src/providers/anchorage/requestSigner'
import type { BuildTransferInput, ProviderSession } from '../src/providers/types'
import { type AnchorageServer, startAnchorageServer } from './support/anchorageServer'

let server: AnchorageServer
const noWait = { retryBaseMs: 1, retryMaxMs: 50, timeoutMs: 2_000 }

beforeAll(async () => {
  server = await startAnchorageServer()
})
afterAll(async () => {
  await server.close()
})

async function open(options: Parameters<typeof createAnchorageProvider>[0] = {}): Promise<ProviderSession> {
  const provider = createAnchorageProvider({ http: noWait, ...options })
  return provider.connect(provider.validateCredentials(server.credentials), { connectionId: randomUUID() })
}

const ethWallet = '7f81de30acbe98e3f6895eb12ab7d16f'
const trustedEth = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'
const transferInput = (amount = '1500000000000000000'): BuildTransferInput => ({
  source: { accountExternalId: ethWallet },
  networkId: 'ETHEREUM',
  destinationAddress: trustedEth,
  asset: { kind: 'native' },
  amount,
})

describe('the Anchorage adapter against the loopback Anchorage server', () => {
  it('syncs vaults as wallets, wallets as accounts with their deposit addresses, over several pages', async () => {
    const session = await open({ pageSize: 2 })
    const before = server.count('GET', '/v2/wallets')
    const wallets = await session.listWallets()
    // Six wallets, two per page: three pages were read.
    expect(server.count('GET', '/v2/wallets') - before).toBe(3)
    expect(wallets.map((wallet) => [wallet.externalId, wallet.label])).toEqual([
      ['084ff57c0984420efac31723579c94fc', 'Treasury'],
      ['62547351cea99e827bcd43a513c40e7c', 'Operations'],
    ])
    const [treasury, operations] = wallets
    // The archived wallet and the one on a network the catalogue does not list (ETH_ZKSYNC_T) are left out.
    expect(
      treasury?.accounts.map((account) => [account.externalId, account.networkId, account.label]),
    ).toEqual([
      [ethWallet, 'ETHEREUM', 'Ethereum Wallet 1'],
      ['a569b247f3dfa59fbd4df08d4814132c', 'BITCOIN', 'Bitcoin Wallet 1'],
    ])
    expect(treasury?.accounts[0]?.addresses).toEqual([
      {
        externalId: 'e2a48a472cf729eb8874fc518a8e4cbd',
        accountExternalId: ethWallet,
        // EIP-55, whatever case Anchorage wrote it in.
        address: '0x27211c05145FDc3c916e3377DB1a257364c5380B',
      },
    ])
    // The Bitcoin wallet's current deposit address first, then the earlier ones its vault lists (over two pages).
    expect(treasury?.accounts[1]?.addresses.map((address) => [address.externalId, address.address])).toEqual([
      ['97f83a7fae3563895f50e2cbe4b9906c', '3DbSPwCQF9kWqpCHWjHuTY8uBu9PqHStUr'],
      ['0ba932183dea75b8edef26c8fa806d04', '3Hy7Mb34EoXmdVQwdhAj1QZqD5kpH1voR8'],
      ['5b3d879c618ff14796b7b96351c862f2', '3FNGj14FtsLZxyUXhogb5gofi28Ft22Y22'],
    ])
    expect(server.calls.filter((call) => call.path.endsWith('/addresses')).length).toBeGreaterThanOrEqual(2)
    expect(operations?.accounts.map((account) => account.networkId)).toEqual(['ETHEREUM_HOLESKY', 'ETHEREUM'])
  })

  it('reads trusted destinations as known destinations, on networks the catalogue lists', async () => {
    const session = await open()
    expect(await session.listKnownDestinations()).toEqual([
      {
        externalId: 'td-eth-any',
        label: null,
        externalClassification: 'trusted',
        address: trustedEth,
        networkId: 'ETHEREUM',
        externalAssetId: 'ETH',
      },
      {
        externalId: 'td-btc',
        label: null,
        externalClassification: 'trusted',
        address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
        networkId: 'BITCOIN',
        externalAssetId: 'BTC',
      },
    ])
  })

  it('submits a transfer with its idempotentId and follows it to completed, fees read back', async () => {
    const session = await open()
    const key = randomUUID()
    const prepared = await session.prepareTransfer(transferInput())
    expect(prepared).toMatchObject({
      from: '0x27211c05145FDc3c916e3377DB1a257364c5380B',
      to: trustedEth,
      value: '1500000000000000000',
      chainId: 1,
    })
    expect(prepared.maxFeePerGas).toBeUndefined()
    const submitted = await session.buildTransfer(transferInput(), { idempotencyKey: key })
    expect(submitted).toMatchObject({ submitted: true, externalStatus: 'QUEUED', status: 'submitted' })
    const sent = server.transfers().find((transfer) => transfer.idempotentId === key)
    expect(sent?.body).toMatchObject({
      source: { type: 'WALLET', id: ethWallet },
      destination: { type: 'ADDRESS', id: trustedEth },
      assetType: 'ETH',
      amount: '1.5',
      deductFeeFromAmountIfSameType: false,
    })
    const externalId = (submitted as { externalId: string }).externalId
    const follow = () =>
      session.followRequest!({
        operation: 'transfer',
        externalId,
        idempotencyKey: key,
        signer: { accountExternalId: ethWallet },
      })
    const seen = []
    for (;;) {
      const followed = await follow()
      seen.push([followed?.externalStatus, followed?.status])
      if (followed?.status === 'completed') {
        expect(followed.result).toMatchObject({
          broadcast: true,
          from: '0x27211c05145FDc3c916e3377DB1a257364c5380B',
          networkFeeAttribution: 'on_top',
          netAmount: '1500000000000000000',
          grossAmount: '1500441000000000000',
          fees: [
            { type: 'network', attribution: 'on_top', amount: '441000000000000', asset: { kind: 'native' } },
          ],
        })
        expect((followed.result as { txHash: string }).txHash).toMatch(/^0x[0-9a-f]{64}$/)
        break
      }
      expect(seen.length).toBeLessThan(6)
    }
    expect(seen).toEqual([
      ['QUEUED', 'submitted'],
      ['IN_PROGRESS', 'signing'],
      ['IN_PROGRESS', 'broadcasting'],
      ['COMPLETED', 'completed'],
    ])
  })

  it('never makes a second transfer for the same idempotentId, also when a 429 or a 5xx makes it retry', async () => {
    const session = await open()
    const key = randomUUID()
    const onCreate = { method: 'POST', path: '/v2/transfers' }
    server.fail({ kind: 'status', status: 429, retryAfterSeconds: 0 }, onCreate)
    server.fail({ kind: 'status', status: 503 }, onCreate)
    const first = await session.buildTransfer(transferInput('1000000000000000'), { idempotencyKey: key })
    const again = await session.buildTransfer(transferInput('1000000000000000'), { idempotencyKey: key })
    expect((again as { externalId: string }).externalId).toBe((first as { externalId: string }).externalId)
    expect(server.transfers().filter((transfer) => transfer.idempotentId === key)).toHaveLength(1)
    const posts = server.calls.filter((call) => call.method === 'POST').slice(-4)
    expect(posts.map((call) => call.status)).toEqual([429, 503, 200, 200])
  })

  it('answers null for a transfer whose create was never heard: the repeat with its key is the lookup', async () => {
    const session = await open()
    expect(
      await session.followRequest!({
        operation: 'transfer',
        externalId: null,
        idempotencyKey: randomUUID(),
        signer: { accountExternalId: ethWallet },
      }),
    ).toBeNull()
  })

  it('refuses what Anchorage cannot do, before sending anything', async () => {
    const session = await open()
    const before = server.calls.length
    const signer = { accountExternalId: ethWallet }
    const refusals = [
      session.signMessage({ ...signer, message: 'hello' }),
      session.signTypedData({
        ...signer,
        typedData: { domain: {}, types: { A: [] }, primaryType: 'A', message: {} },
      }),
      session.signRaw({ ...signer, algorithm: 'ed25519', payloads: ['0x00'] }),
      session.signTransaction({ ...signer, transaction: { to: trustedEth } }),
      session.stake({ source: signer, networkId: 'ETHEREUM', amount: '1' }),
      session.listPositions(),
      session.prepareTransfer({
        ...transferInput(),
        asset: { kind: 'erc20', contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      }),
    ]
    for (const refusal of refusals) {
      await expect(refusal).rejects.toMatchObject({ code: 'UNSUPPORTED', message: expect.any(String) })
    }
    expect(server.calls.length).toBe(before)
  })

  it('maps Anchorage’s refusals: an unknown wallet, insufficient funds, an untrusted destination', async () => {
    const session = await open()
    await expect(
      session.buildTransfer(
        { ...transferInput(), source: { accountExternalId: 'f'.repeat(32) } },
        { idempotencyKey: randomUUID() },
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(
      session.buildTransfer(transferInput('100000000000000000000'), { idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      code: 'PROVIDER_REJECTED',
      message: expect.stringContaining('Insufficient funds'),
    })
    await expect(
      session.buildTransfer(
        { ...transferInput(), destinationAddress: '0x000000000000000000000000000000000000dEaD' },
        { idempotencyKey: randomUUID() },
      ),
    ).rejects.toMatchObject({
      code: 'PROVIDER_REJECTED',
      message: expect.stringContaining('trusted destination'),
    })
  })

  it('answers PROVIDER_UNAVAILABLE when Anchorage does not answer in time', async () => {
    const session = await open({ http: { timeoutMs: 200, maxRetries: 0 } })
    server.fail({ kind: 'hang' })
    await expect(session.listKnownDestinations()).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' })
  })
})

describe('the loopback Anchorage server’s authentication', () => {
  const auth = () => anchorageAuth(validateAnchorageCredentials(server.credentials))
  const send = (path: string, headers: Record<string, string>, body?: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    })

  it('accepts a request signed as Anchorage requires', async () => {
    const headers = signAnchorageRequest(auth(), { method: 'GET', pathWithQuery: '/v2/vaults?limit=1' })
    expect((await send('/v2/vaults?limit=1', headers)).status).toBe(200)
  })

  it('refuses, with 401 and nothing done, a bad signature, a stale timestamp, an altered body or query, an unknown key', async () => {
    const body = JSON.stringify({ amount: '0.1', assetType: 'ETH', idempotentId: randomUUID() })
    const signedPost = signAnchorageRequest(auth(), { method: 'POST', pathWithQuery: '/v2/transfers', body })
    const other = anchorageAuth(
      validateAnchorageCredentials({ ...server.credentials, privateKey: '11'.repeat(32) }),
    )
    const transfersBefore = server.transfers().length
    const cases: [string, Record<string, string>, string | undefined][] = [
      [
        'another key’s signature',
        signAnchorageRequest(
          { ...other, apiKey: server.credentials.apiKey },
          { method: 'GET', pathWithQuery: '/v2/vaults' },
        ),
        undefined,
      ],
      [
        'a stale timestamp',
        signAnchorageRequest(
          auth(),
          { method: 'GET', pathWithQuery: '/v2/vaults' },
          new Date(Date.now() - 120_000),
        ),
        undefined,
      ],
      ['an altered body', signedPost, body.replace('0.1', '9.1')],
      [
        'a signature of another query',
        signAnchorageRequest(auth(), { method: 'GET', pathWithQuery: '/v2/vaults?limit=5' }),
        undefined,
      ],
      [
        'an unknown access key',
        {
          ...signAnchorageRequest(auth(), { method: 'GET', pathWithQuery: '/v2/vaults' }),
          'Api-Access-Key': 'anc_unknown_key_123456',
        },
        undefined,
      ],
      [
        'no signature',
        {
          'Api-Access-Key': server.credentials.apiKey,
          'Api-Timestamp': String(Math.floor(Date.now() / 1000)),
        },
        undefined,
      ],
    ]
    for (const [what, headers, sentBody] of cases) {
      const response = await send(sentBody === undefined ? '/v2/vaults' : '/v2/transfers', headers, sentBody)
      expect(response.status, what).toBe(401)
      expect(await response.json(), what).toMatchObject({ errorType: 'Unauthorized' })
    }
    expect(server.transfers().length).toBe(transfersBefore)
  })

  it('is answered INVALID_CREDENTIALS through the adapter when the key is not Anchorage’s', async () => {
    const provider = createAnchorageProvider({ http: noWait })
    const session = await provider.connect(
      provider.validateCredentials({ ...server.credentials, privateKey: '22'.repeat(32) }),
      { connectionId: randomUUID() },
    )
    await expect(session.listWallets()).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' })
  })
})

describe('Anchorage transfers that end otherwise', () => {
  it('reads a deduct transfer’s fee out of its amount, and a FAILED transfer as failed with its reason', async () => {
    const failing = await startAnchorageServer({ transferSteps: ['QUEUED', 'IN_PROGRESS', 'FAILED'] })
    try {
      const provider = createAnchorageProvider({ http: noWait })
      const session = await provider.connect(provider.validateCredentials(failing.credentials), {
        connectionId: randomUUID(),
      })
      const key = randomUUID()
      const submitted = await session.buildTransfer(
        { ...transferInput(), networkFeeAttribution: 'deduct' },
        { idempotencyKey: key },
      )
      expect(failing.transfers()[0]?.body).toMatchObject({ deductFeeFromAmountIfSameType: true })
      const externalId = (submitted as { externalId: string }).externalId
      const input = {
        operation: 'transfer' as const,
        externalId,
        idempotencyKey: key,
        signer: { accountExternalId: ethWallet },
      }
      const statuses = []
      for (let read = 0; read < 3; read++) {
        const followed = await session.followRequest!(input)
        statuses.push(followed?.status)
        if (followed?.status === 'failed') expect(followed.reason).toMatch(/FAILED/)
      }
      expect(statuses).toEqual(['submitted', 'signing', 'failed'])
    } finally {
      await failing.close()
    }
    const completing = await startAnchorageServer({ transferSteps: ['COMPLETED'] })
    try {
      const provider = createAnchorageProvider({ http: noWait })
      const session = await provider.connect(provider.validateCredentials(completing.credentials), {
        connectionId: randomUUID(),
      })
      const key = randomUUID()
      const submitted = await session.buildTransfer(
        { ...transferInput(), networkFeeAttribution: 'deduct' },
        { idempotencyKey: key },
      )
      const followed = await session.followRequest!({
        operation: 'transfer',
        externalId: (submitted as { externalId: string }).externalId,
        idempotencyKey: key,
        signer: { accountExternalId: ethWallet },
      })
      expect(followed?.result).toMatchObject({
        networkFeeAttribution: 'deduct',
        grossAmount: '1500000000000000000',
        netAmount: '1499559000000000000',
      })
    } finally {
      await completing.close()
    }
  })
})

describe('an Anchorage create whose answer is lost', () => {
  it('is found again by sending it with the same idempotentId: one transfer at Anchorage', async () => {
    const session = await open({ http: { ...noWait, maxRetries: 0 } })
    const key = randomUUID()
    server.fail({ kind: 'lost' }, { method: 'POST', path: '/v2/transfers' })
    const lost = await session.buildTransfer(transferInput('2000000000000000'), { idempotencyKey: key }).then(
      () => null,
      (error: unknown) => error,
    )
    // Unheard: the outcome is unknown, and the gateway must not send anew, only again with the key.
    expect(lost).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', details: { outcomeUnknown: true } })
    expect(server.transfers().filter((transfer) => transfer.idempotentId === key)).toHaveLength(1)
    const again = await session.buildTransfer(transferInput('2000000000000000'), { idempotencyKey: key })
    const [made] = server.transfers().filter((transfer) => transfer.idempotentId === key)
    expect((again as { externalId: string }).externalId).toBe(made?.transferId)
    expect(server.transfers().filter((transfer) => transfer.idempotentId === key)).toHaveLength(1)
  })
})
