import { createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type AnchorageFixtures,
  defaultAnchorageFixtures,
  type FixtureTrustedDestination,
  type FixtureWallet,
} from './anchorageFixtures'

/** A transfer as the server keeps it: what was asked, and where it is along its statuses. */
type ServerTransfer = {
  transferId: string
  idempotentId: string
  body: Record<string, unknown>
  walletId: string
  assetType: string
  quantity: string
  destination: { type: string; id: string }
  /** The statuses it goes through, one per GET; it stays at the last. */
  steps: string[]
  step: number
  createdAt: string
  blockchainTxId: string
}

/** A failure to answer the next matching requests with, instead of handling them. */
export type AnchorageFault =
  | { kind: 'status'; status: 429 | 500 | 502 | 503; retryAfterSeconds?: number }
  /** Holds the request without answering (past any client timeout), then drops it when the server closes. */
  | { kind: 'hang' }
  /** Does what the request asks, then drops the connection: the client never hears that it was done. */
  | { kind: 'lost' }

export type AnchorageServerOptions = {
  fixtures?: AnchorageFixtures
  /** Page size when the request gives no `limit`. Default 2, so that lists span pages. */
  defaultPageSize?: number
  /** The statuses of each new transfer, one per GET. Default QUEUED, IN_PROGRESS, IN_PROGRESS, COMPLETED. */
  transferSteps?: string[]
}

const signatureWindowSeconds = 60
const signaturePattern = /^[0-9A-Fa-f]{128,160}$/
// SubjectPublicKeyInfo wrapping of a raw Ed25519 public key (RFC 8410), to verify with node:crypto.
const spkiEd25519Prefix = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * A loopback server speaking Anchorage API v2 as doc.anchorage.com documents it, for tests:
 * - every request must carry `Api-Access-Key` (a key it issued), `Api-Timestamp` (Unix seconds within 60 s of its
 *   clock) and `Api-Signature` (hex Ed25519, by the key's registered public key, over timestamp + METHOD + path with
 *   query as received + body bytes as received); otherwise 401, and nothing is done;
 * - `GET /v2/vaults`, `/v2/wallets`, `/v2/vaults/{id}/addresses?assetType=`, `/v2/trusted_destinations` page with `limit` and `afterId`, `page.next` the
 *   path of the next page; `GET /v2/transfers/{id}` moves a transfer one status further per read;
 * - `POST /v2/transfers` checks the source wallet, asset, balance and destination (a trusted destination or one of
 *   the organization's deposit addresses) and answers the first transfer again for an `idempotentId` it has seen;
 * - `fail(fault, { times, method, path })` answers the next requests with a 429/5xx or holds them; `calls` counts what arrived.
 */
export async function startAnchorageServer(options: AnchorageServerOptions = {}) {
  const fixtures = options.fixtures ?? defaultAnchorageFixtures()
  const defaultPageSize = options.defaultPageSize ?? 2
  const transferSteps = options.transferSteps ?? ['QUEUED', 'IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED']
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const privateKeyHex = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url').toString(
    'hex',
  )
  const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString(
    'hex',
  )
  const apiKey = `anc_${randomBytes(24).toString('hex')}`
  /** API access key → its registered Ed25519 public key (hex). */
  const keys = new Map<string, string>([[apiKey, publicKeyHex]])
  const transfers = new Map<string, ServerTransfer>()
  const byIdempotentId = new Map<string, ServerTransfer>()
  const calls: { method: string; path: string; status: number }[] = []
  const faults: { fault: AnchorageFault; times: number; method?: string; path?: string }[] = []
  const held: ServerResponse[] = []

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        calls.push({ method: request.method ?? '', path: pathOf(request), status })
        response
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body))
      }
      const fault = faults.find(
        (candidate) =>
          (candidate.method === undefined || candidate.method === request.method) &&
          (candidate.path === undefined || candidate.path === pathOf(request)),
      )
      if (fault) {
        fault.times--
        if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1)
        if (fault.fault.kind === 'lost') {
          const refusal = authenticate(request, raw)
          const [status] = refusal ? [401] : route(request, raw)
          calls.push({ method: request.method ?? '', path: pathOf(request), status })
          response.destroy()
          return
        }
        if (fault.fault.kind === 'hang') {
          calls.push({ method: request.method ?? '', path: pathOf(request), status: 0 })
          held.push(response)
          return
        }
        const retryAfter = fault.fault.retryAfterSeconds
        answer(
          fault.fault.status,
          {
            errorType: fault.fault.status === 429 ? 'TooManyRequests' : 'InternalError',
            message: 'Try again later',
          },
          retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
        )
        return
      }
      const refusal = authenticate(request, raw)
      if (refusal) {
        answer(401, { errorType: 'Unauthorized', message: refusal })
        return
      }
      const [status, body] = route(request, raw)
      answer(status, body)
    })
  })

  /** Why the request's authentication is refused, or null when it holds. */
  function authenticate(request: IncomingMessage, raw: string): string | null {
    const key = header(request, 'api-access-key')
    const timestamp = header(request, 'api-timestamp')
    const signature = header(request, 'api-signature')
    const registered = key === undefined ? undefined : keys.get(key)
    if (registered === undefined) return 'Invalid API key'
    if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return 'Missing or malformed Api-Timestamp'
    if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > signatureWindowSeconds) {
      return 'Api-Timestamp is outside of the allowed window'
    }
    if (signature === undefined || !signaturePattern.test(signature))
      return 'Missing or malformed Api-Signature'
    const signed = Buffer.from(`${timestamp}${request.method}${request.url}${raw}`, 'utf8')
    const publicKeyObject = createPublicKey({
      key: Buffer.concat([spkiEd25519Prefix, Buffer.from(registered, 'hex')]),
      format: 'der',
      type: 'spki',
    })
    const valid =
      signature.length === 128 && verify(null, signed, publicKeyObject, Buffer.from(signature, 'hex'))
    return valid ? null : 'Invalid Api-Signature'
  }

  const vaultName = (vaultId: string) =>
    fixtures.vaults.find((vault) => vault.vaultId === vaultId)?.name ?? ''

  function route(request: IncomingMessage, raw: string): [number, unknown] {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    if (request.method === 'GET' && path === '/v2/vaults') {
      const vaults = fixtures.vaults.map((vault) => ({
        ...vault,
        type: 'VAULT',
        assets: fixtures.wallets
          .filter((wallet) => wallet.vaultId === vault.vaultId)
          .flatMap((wallet) =>
            assetsOf(wallet).map((asset) => ({
              ...asset,
              walletId: wallet.walletId,
              vaultId: vault.vaultId,
              vaultName: vault.name,
            })),
          ),
      }))
      return [200, page(url, vaults, 'vaultId')]
    }
    if (request.method === 'GET' && path === '/v2/wallets') {
      return [
        200,
        page(
          url,
          fixtures.wallets.map((wallet) => walletView(wallet, vaultName(wallet.vaultId))),
          'walletId',
        ),
      ]
    }
    const vaultAddressesMatch = /^\/v2\/vaults\/([^/]+)\/addresses$/.exec(path)
    if (request.method === 'GET' && vaultAddressesMatch) {
      const vaultId = decodeURIComponent(vaultAddressesMatch[1]!)
      const assetType = url.searchParams.get('assetType')
      if (!fixtures.vaults.some((vault) => vault.vaultId === vaultId)) {
        return [404, { errorType: 'NotFound', message: 'Vault not found' }]
      }
      if (assetType === null)
        return [400, { errorType: 'InvalidRequest', message: "Missing required field 'assetType'." }]
      const addresses = fixtures.wallets
        .filter((wallet) => wallet.vaultId === vaultId && wallet.networkId === assetType)
        .flatMap((wallet) =>
          [wallet.depositAddress, ...(wallet.otherAddresses ?? [])].map((deposit) => ({
            ...deposit,
            walletId: wallet.walletId,
            addressSignaturePayload: Buffer.from(JSON.stringify({ TextAddress: deposit.address })).toString(
              'hex',
            ),
            signature: randomBytes(64).toString('hex'),
          })),
        )
      return [200, page(url, addresses, 'addressId')]
    }
    if (request.method === 'GET' && path === '/v2/trusted_destinations') {
      return [200, page(url, fixtures.trustedDestinations.map(trustedDestinationView), 'id')]
    }
    const walletMatch = /^\/v2\/wallets\/([^/]+)$/.exec(path)
    if (request.method === 'GET' && walletMatch) {
      const wallet = fixtures.wallets.find(
        (candidate) => candidate.walletId === decodeURIComponent(walletMatch[1]!),
      )
      if (!wallet) return [404, { errorType: 'NotFound', message: 'Wallet not found' }]
      return [200, { data: walletView(wallet, vaultName(wallet.vaultId)) }]
    }
    if (request.method === 'POST' && path === '/v2/transfers') return createTransfer(raw)
    const transferMatch = /^\/v2\/transfers\/([^/]+)$/.exec(path)
    if (request.method === 'GET' && transferMatch) {
      const transfer = transfers.get(decodeURIComponent(transferMatch[1]!))
      if (!transfer) return [404, { errorType: 'NotFound', message: 'Transfer not found' }]
      const view = transferView(transfer)
      transfer.step = Math.min(transfer.step + 1, transfer.steps.length - 1)
      return [200, { data: view }]
    }
    return [404, { errorType: 'NotFound', message: 'Not found' }]
  }

  function page<T extends Record<string, unknown>>(url: URL, items: T[], idField: keyof T) {
    const limit = Math.min(Number(url.searchParams.get('limit') ?? defaultPageSize) || defaultPageSize, 500)
    const afterId = url.searchParams.get('afterId')
    const start = afterId === null ? 0 : items.findIndex((item) => item[idField] === afterId) + 1
    const data = items.slice(start, start + limit)
    const last = data.at(-1)
    const more = start + limit < items.length && last !== undefined
    // The next page's link keeps the request's other parameters (assetType), as Anchorage's does.
    const next = new URLSearchParams(url.searchParams)
    next.set('afterId', String(last?.[idField]))
    next.set('limit', String(limit))
    return { data, page: { next: more ? `${url.pathname}?${next}` : null } }
  }

  function createTransfer(raw: string): [number, unknown] {
    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw)
    } catch {
      return [400, { errorType: 'InvalidRequest', message: 'Malformed JSON body' }]
    }
    for (const field of ['amount', 'assetType', 'idempotentId', 'source', 'destination']) {
      if (body[field] === undefined)
        return [400, { errorType: 'InvalidRequest', message: `Missing required field '${field}'.` }]
    }
    const idempotentId = String(body.idempotentId)
    if (idempotentId.length > 128)
      return [400, { errorType: 'InvalidRequest', message: 'idempotentId is too long' }]
    const seen = byIdempotentId.get(idempotentId)
    if (seen) return [200, { data: { transferId: seen.transferId, status: seen.steps[seen.step] } }]
    const source = body.source as { type?: string; id?: string }
    const destination = body.destination as { type?: string; id?: string }
    const wallet = fixtures.wallets.find((candidate) => candidate.walletId === source.id)
    if (source.type !== 'WALLET' || !wallet || wallet.isArchived) {
      return [400, { errorType: 'InvalidRequest', message: 'The source wallet does not exist' }]
    }
    const assetType = String(body.assetType)
    if (assetType !== wallet.networkId) {
      return [400, { errorType: 'InvalidRequest', message: 'The source does not support this asset type' }]
    }
    const amount = String(body.amount)
    if (!/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0) {
      return [400, { errorType: 'InvalidRequest', message: 'Invalid amount' }]
    }
    if (Number(amount) > Number(wallet.balances[assetType] ?? '0')) {
      return [400, { errorType: 'InvalidRequest', message: 'Insufficient funds' }]
    }
    if (!knownDestination(destination, wallet)) {
      return [400, { errorType: 'InvalidRequest', message: 'The destination is not a trusted destination' }]
    }
    const transfer: ServerTransfer = {
      transferId: randomBytes(32).toString('hex'),
      idempotentId,
      body,
      walletId: wallet.walletId,
      assetType,
      quantity: amount,
      destination: { type: String(destination.type), id: String(destination.id) },
      steps: transferSteps,
      step: 0,
      createdAt: new Date().toISOString(),
      blockchainTxId: randomBytes(32).toString('hex'),
    }
    transfers.set(transfer.transferId, transfer)
    byIdempotentId.set(idempotentId, transfer)
    return [200, { data: { transferId: transfer.transferId, status: transfer.steps[0] } }]
  }

  /** An ADDRESS must be trusted for the wallet's network or be an organization deposit address; a WALLET must exist. */
  function knownDestination(destination: { type?: string; id?: string }, source: FixtureWallet): boolean {
    if (destination.type === 'WALLET')
      return fixtures.wallets.some((wallet) => wallet.walletId === destination.id)
    if (destination.type !== 'ADDRESS' || typeof destination.id !== 'string') return false
    const address = destination.id.toLowerCase()
    return (
      fixtures.trustedDestinations.some(
        (trusted) => trusted.networkId === source.networkId && trusted.address.toLowerCase() === address,
      ) ||
      fixtures.wallets.some(
        (wallet) =>
          wallet.networkId === source.networkId && wallet.depositAddress.address.toLowerCase() === address,
      )
    )
  }

  function transferView(transfer: ServerTransfer) {
    const status = transfer.steps[transfer.step]!
    const sent = transfer.step > 1 || status === 'COMPLETED'
    return {
      transferId: transfer.transferId,
      status,
      assetType: transfer.assetType,
      amount: {
        assetType: transfer.assetType,
        quantity: transfer.quantity,
        currentPrice: '3500.00',
        currentUSDValue: '0.00',
      },
      source: { id: transfer.walletId, type: 'WALLET' },
      destination: transfer.destination,
      createdAt: transfer.createdAt,
      ...(sent ? { blockchainTxId: transfer.blockchainTxId } : {}),
      ...(status === 'COMPLETED'
        ? { fee: { assetType: transfer.assetType, quantity: '0.000441' }, endedAt: new Date().toISOString() }
        : {}),
      ...(typeof transfer.body.transferMemo === 'string' ? { transferMemo: transfer.body.transferMemo } : {}),
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    baseUrl,
    /** Credentials of the API key it issued, as an Anchorage connection takes them. */
    credentials: { apiKey, privateKey: privateKeyHex, baseUrl },
    publicKeyHex,
    calls,
    /** How many requests arrived for `METHOD /path` (the path without its query). */
    count: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path).length,
    transfers: () =>
      [...transfers.values()].map(({ transferId, idempotentId, body, steps, step }) => ({
        transferId,
        idempotentId,
        body,
        status: steps[step],
      })),
    /** Answers the next `times` requests (of `method` and `path` when given) with `fault`, in the order given. */
    fail(fault: AnchorageFault, options: { times?: number; method?: string; path?: string } = {}) {
      faults.push({ fault, times: options.times ?? 1, method: options.method, path: options.path })
    },
    async close() {
      for (const response of held) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type AnchorageServer = Awaited<ReturnType<typeof startAnchorageServer>>

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function pathOf(request: IncomingMessage): string {
  return (request.url ?? '/').split('?')[0]!
}

function walletView(wallet: FixtureWallet, vaultName: string) {
  const { balances, ...rest } = wallet
  return {
    ...rest,
    type: 'WALLET',
    vaultName,
    depositAddress: {
      ...wallet.depositAddress,
      addressSignaturePayload: Buffer.from(
        JSON.stringify({ TextAddress: wallet.depositAddress.address }),
      ).toString('hex'),
      signature: randomBytes(64).toString('hex'),
    },
    assets: assetsOf(wallet),
  }
}

function assetsOf(wallet: FixtureWallet) {
  return Object.entries(wallet.balances).map(([assetType, quantity]) => ({
    assetType,
    availableBalance: { assetType, quantity, currentPrice: '0', currentUSDValue: '0' },
    totalBalance: { assetType, quantity, currentPrice: '0', currentUSDValue: '0' },
  }))
}

function trustedDestinationView(destination: FixtureTrustedDestination) {
  const { id, ...crypto } = destination
  return { id, type: 'crypto', crypto }
}
