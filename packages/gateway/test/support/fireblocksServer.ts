import { createHash, createSign, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import {
  addressesOf,
  broadcastHash,
  complete,
  createVault,
  type LedgerTransaction,
  messageSteps,
  transferSteps,
  type Vault,
  vaultAddress,
} from './fireblocksLedger'

/** Something the next requests meet instead of their answer, to test what a client does about it. */
export type FireblocksFault = (
  | { kind: 'status'; status: 429 | 500 | 502 | 503; retryAfter?: string }
  /** Holds the request without answering (past the client's timeout). */
  | { kind: 'hang' }
  /** Makes the transaction, then holds the answer: the create happened, its answer is lost. */
  | { kind: 'lose-answer' }
) & {
  /** Only the next request with this method and path meets it (`POST /v1/transactions`); default: the next one. */
  on?: string
}

export type FireblocksServerOptions = {
  vaults?: Vault[]
  /** Each GET of a transaction moves it one status on (default true); false: only `advance` moves it. */
  autoAdvance?: boolean
  /** Where webhooks go: the test hands them to a gateway. */
  deliverWebhook?: (body: string, headers: Record<string, string>) => Promise<void>
}

type Call = { method: string; path: string; route: string }

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  response.end(JSON.stringify(body))
}

/** Fireblocks refuses a request it cannot authenticate with 401 and its error code -7. */
const unauthorized = (response: ServerResponse, why: string) =>
  json(response, 401, { message: `Unauthorized: ${why}`, code: -7 })

const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString()

/**
 * A Fireblocks API v1 server on loopback, faithful to the protocol: every request must carry `X-API-Key` and a
 * Bearer JWT, RS256 with the API user's key, whose `uri` is the path and query, `sub` the key, `bodyHash` the hex
 * SHA-256 of the exact body bytes, `exp` at most 30 s after `iat`, `iat` not stale, and a `nonce` never seen before;
 * anything else is 401. It serves vault accounts, addresses (paged), whitelisted wallets and contracts, takes
 * transactions (idempotent by `Idempotency-Key` and `externalTxId`), moves them through Fireblocks' statuses,
 * signs webhooks with its own RSA key, injects faults, and counts calls by route.
 */
export async function startFireblocksServer(options: FireblocksServerOptions = {}) {
  const apiUser = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const webhookSigner = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const apiKey = randomUUID()
  const vaults = options.vaults ?? [
    createVault('0', 'Treasury', ['ETH', 'ETH_TEST5', 'USDC', 'BTC']),
    createVault('1', 'Operations', ['ETH'], 3),
  ]
  const internalWallets = [
    {
      id: randomUUID(),
      name: 'Cold storage',
      customerRefId: '',
      assets: [
        {
          id: 'ETH',
          balance: '0',
          lockedAmount: '0',
          status: 'APPROVED',
          address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
          tag: '',
          activationTime: '',
        },
      ],
    },
  ]
  const externalWallets = [
    {
      id: randomUUID(),
      name: 'Exchange deposit',
      customerRefId: '',
      assets: [
        {
          id: 'USDC',
          balance: '0',
          lockedAmount: '0',
          status: 'APPROVED',
          address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
          tag: '',
          activationTime: '',
        },
      ],
    },
  ]
  const contracts = [
    {
      id: randomUUID(),
      name: 'Uniswap router',
      assets: [
        {
          id: 'ETH',
          balance: '0',
          lockedAmount: '0',
          status: 'APPROVED',
          address: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
          tag: '',
          activationTime: '',
        },
      ],
    },
  ]
  const transactions = new Map<string, LedgerTransaction>()
  const byExternalTxId = new Map<string, string>()
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>()
  const nonces = new Set<string>()
  const calls: Call[] = []
  const faults: FireblocksFault[] = []
  const held: ServerResponse[] = []
  let autoAdvance = options.autoAdvance ?? true
  let clockSkewSeconds = 0

  async function authenticate(request: IncomingMessage, body: Buffer): Promise<string | undefined> {
    if (request.headers['x-api-key'] !== apiKey) return 'API key not found'
    const authorization = request.headers.authorization
    if (!authorization?.startsWith('Bearer ')) return 'no bearer token'
    const token = authorization.slice('Bearer '.length)
    try {
      if (decodeProtectedHeader(token).alg !== 'RS256') return 'the JWT must be RS256'
      const { payload } = await jwtVerify(token, apiUser.publicKey, {
        algorithms: ['RS256'],
        clockTolerance: 0,
      })
      const now = Math.floor(Date.now() / 1000) + clockSkewSeconds
      if (payload.sub !== apiKey) return 'the JWT sub is not the API key'
      if (payload.uri !== request.url) return 'the JWT uri is not the request URI'
      if (payload.bodyHash !== createHash('sha256').update(body).digest('hex'))
        return 'the body hash does not match'
      if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number')
        return 'iat and exp are required'
      if (payload.exp - payload.iat > 30) return 'the JWT is valid for longer than 30 seconds'
      if (payload.iat > now + 5) return 'the JWT was issued in the future'
      if (payload.exp < now) return 'the JWT has expired'
      if (typeof payload.nonce !== 'string' && typeof payload.nonce !== 'number') return 'nonce is required'
      if (nonces.has(String(payload.nonce))) return 'the nonce was already used'
      nonces.add(String(payload.nonce))
      return undefined
    } catch (error) {
      return error instanceof Error && /exp/.test(error.message)
        ? 'the JWT has expired'
        : 'the JWT is invalid'
    }
  }

  function vaultOf(id: string) {
    return vaults.find((vault) => vault.id === id)
  }

  function view(transaction: LedgerTransaction) {
    const { request: _request, step: _step, ...visible } = transaction
    return visible
  }

  function stepsOf(transaction: LedgerTransaction): readonly string[] {
    return transaction.operation === 'TYPED_MESSAGE' || transaction.operation === 'RAW'
      ? messageSteps
      : transferSteps
  }

  /** Moves a transaction to its next status (or to `status`), filling what that status carries. */
  function advance(id: string, to?: { status: string; subStatus?: string }) {
    const transaction = transactions.get(id)
    if (!transaction) throw new Error(`No transaction ${id}`)
    const steps = stepsOf(transaction)
    if (to) {
      transaction.status = to.status
      transaction.subStatus = to.subStatus ?? ''
      const index = steps.indexOf(to.status)
      if (index >= 0) transaction.step = index
    } else if (transaction.step < steps.length - 1 && steps.includes(transaction.status)) {
      transaction.step += 1
      transaction.status = steps[transaction.step]!
      transaction.subStatus = transaction.status === 'CONFIRMING' ? 'PENDING_BLOCKCHAIN_CONFIRMATIONS' : ''
    }
    if (transaction.status === 'BROADCASTING' || transaction.status === 'CONFIRMING')
      broadcastHash(transaction)
    if (transaction.status === 'COMPLETED') {
      if (transaction.operation === 'TRANSFER' || transaction.operation === 'CONTRACT_CALL')
        broadcastHash(transaction)
      complete(transaction, vaultOf(transaction.source.id)!)
      if (transaction.subStatus === '') transaction.subStatus = transaction.txHash ? 'CONFIRMED' : ''
    }
    transaction.lastUpdated = Date.now()
    return view(transaction)
  }

  function createTransaction(body: Record<string, unknown>, response: ServerResponse) {
    const source = body.source as { type?: string; id?: string } | undefined
    const vault = source?.type === 'VAULT_ACCOUNT' ? vaultOf(String(source.id)) : undefined
    if (!vault) return json(response, 400, { message: 'Source vault account not found', code: 1001 })
    if (typeof body.assetId !== 'string' || !vault.assets.includes(body.assetId)) {
      return json(response, 400, { message: 'Asset is not enabled on the source vault account', code: 1006 })
    }
    const externalTxId = typeof body.externalTxId === 'string' ? body.externalTxId : randomUUID()
    if (byExternalTxId.has(externalTxId)) {
      return json(response, 400, {
        message: 'The external tx id that was provided in the request, already exists',
        code: 1438,
      })
    }
    const id = randomUUID()
    const destination = body.destination as { oneTimeAddress?: { address?: string } } | undefined
    const amount = typeof body.amount === 'string' ? body.amount : undefined
    const transaction: LedgerTransaction = {
      id,
      externalTxId,
      status: 'SUBMITTED',
      subStatus: '',
      operation: String(body.operation ?? 'TRANSFER'),
      assetId: body.assetId,
      source: { type: 'VAULT_ACCOUNT', id: vault.id },
      sourceAddress: vaultAddress(vault),
      ...(destination?.oneTimeAddress?.address
        ? { destinationAddress: destination.oneTimeAddress.address }
        : {}),
      ...(amount === undefined ? {} : { amountInfo: { amount, requestedAmount: amount, netAmount: amount } }),
      treatAsGrossAmount: body.treatAsGrossAmount === true,
      createdAt: Date.now(),
      lastUpdated: Date.now(),
      request: body,
      step: 0,
    }
    transactions.set(id, transaction)
    byExternalTxId.set(externalTxId, id)
    return { id, status: 'SUBMITTED' }
  }

  async function route(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    const method = request.method ?? 'GET'
    const record = (name: string) => calls.push({ method, path: url.pathname, route: name })
    const limit = Math.min(Number(url.searchParams.get('limit') ?? '200'), 500)
    const after = Number(url.searchParams.get('after') ?? '0')
    const page = <T>(items: T[]) => {
      const slice = items.slice(after, after + limit)
      const next = after + limit < items.length ? String(after + limit) : undefined
      return { items: slice, paging: next ? { after: next } : {} }
    }
    if (method === 'GET' && url.pathname === '/v1/vault/accounts_paged') {
      record('listVaultAccounts')
      const { items, paging } = page(vaults)
      return json(response, 200, {
        accounts: items.map((vault) => ({
          id: vault.id,
          name: vault.name,
          hiddenOnUI: false,
          autoFuel: false,
          assets: vault.assets.map((assetId) => ({
            id: assetId,
            total: '0',
            balance: '0',
            available: '0',
            pending: '0',
            frozen: '0',
            lockedAmount: '0',
            blockHeight: '0',
          })),
        })),
        paging,
      })
    }
    if (
      method === 'GET' &&
      parts[0] === 'v1' &&
      parts[1] === 'vault' &&
      parts[2] === 'accounts' &&
      parts[5] === 'addresses_paginated'
    ) {
      record('listAddresses')
      const vault = vaultOf(parts[3]!)
      if (!vault?.assets.includes(parts[4]!))
        return json(response, 404, { message: 'Vault account or asset not found', code: 1003 })
      const { items, paging } = page(addressesOf(vault, parts[4]!))
      return json(response, 200, { addresses: items, paging })
    }
    if (method === 'GET' && url.pathname === '/v1/internal_wallets') {
      record('listInternalWallets')
      return json(response, 200, internalWallets)
    }
    if (method === 'GET' && url.pathname === '/v1/external_wallets') {
      record('listExternalWallets')
      return json(response, 200, externalWallets)
    }
    if (method === 'GET' && url.pathname === '/v1/contracts') {
      record('listContracts')
      return json(response, 200, contracts)
    }
    if (method === 'POST' && url.pathname === '/v1/transactions/estimate_fee') {
      record('estimateFee')
      const call = (body.length > 0 ? JSON.parse(body.toString()) : {}).operation === 'CONTRACT_CALL'
      const gasLimit = call ? '100000' : '21000'
      const level = (priority: string) => ({
        gasLimit,
        gasPrice: '21',
        baseFee: '20',
        priorityFee: priority,
        networkFee: '0.000441',
      })
      return json(response, 200, { low: level('0.5'), medium: level('1'), high: level('2') })
    }
    if (method === 'POST' && url.pathname === '/v1/transactions') {
      record('createTransaction')
      const key = request.headers['idempotency-key']
      const remembered = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined
      if (remembered) return json(response, remembered.status, remembered.body)
      const created = createTransaction(JSON.parse(body.toString()), response)
      if (!created) return
      if (typeof key === 'string') byIdempotencyKey.set(key, { status: 200, body: created })
      return created
    }
    if (
      method === 'GET' &&
      parts[0] === 'v1' &&
      parts[1] === 'transactions' &&
      parts[2] === 'external_tx_id'
    ) {
      record('getTransactionByExternalTxId')
      const id = byExternalTxId.get(parts[3] ?? '')
      if (!id) return json(response, 404, { message: 'Transaction not found', code: 1006 })
      return json(response, 200, autoAdvance ? advance(id) : view(transactions.get(id)!))
    }
    if (method === 'GET' && parts[0] === 'v1' && parts[1] === 'transactions' && parts.length === 3) {
      record('getTransaction')
      if (!transactions.has(parts[2]!))
        return json(response, 404, { message: 'Transaction not found', code: 1006 })
      return json(response, 200, autoAdvance ? advance(parts[2]!) : view(transactions.get(parts[2]!)!))
    }
    record('unknown')
    return json(response, 404, { message: 'Not found', code: 404 })
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      void (async () => {
        const refused = await authenticate(request, body)
        if (refused) {
          calls.push({ method: request.method ?? 'GET', path: request.url ?? '', route: 'unauthorized' })
          return unauthorized(response, refused)
        }
        const target = `${request.method} ${new URL(request.url ?? '/', 'http://127.0.0.1').pathname}`
        const index = faults.findIndex((candidate) => candidate.on === undefined || candidate.on === target)
        const fault = index < 0 ? undefined : faults.splice(index, 1)[0]
        if (fault?.kind === 'hang') {
          held.push(response)
          return
        }
        if (fault?.kind === 'status') {
          calls.push({
            method: request.method ?? 'GET',
            path: request.url ?? '',
            route: `fault:${fault.status}`,
          })
          return json(
            response,
            fault.status,
            { message: 'Service unavailable', code: -1 },
            fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
          )
        }
        const created = await route(request, body, response)
        if (created !== undefined) {
          if (fault?.kind === 'lose-answer') {
            held.push(response)
            return
          }
          json(response, 200, created)
        }
      })().catch((error: unknown) => {
        json(response, 500, { message: `test server error: ${String(error)}`, code: -1 })
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  /** The body and headers of a webhook about a transaction, signed as Fireblocks signs them (v1, RSA-SHA512). */
  function webhookOf(transaction: ReturnType<typeof view>, type = 'TRANSACTION_STATUS_UPDATED') {
    const body = JSON.stringify({ type, tenantId: 'test-tenant', timestamp: Date.now(), data: transaction })
    const signature = createSign('RSA-SHA512').update(body).sign(webhookSigner.privateKey, 'base64')
    return { body, headers: { 'content-type': 'application/json', 'fireblocks-signature': signature } }
  }

  async function sendWebhook(transaction: ReturnType<typeof view>) {
    const { body, headers } = webhookOf(transaction)
    await options.deliverWebhook?.(body, headers)
  }

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    /** The API user's RSA private key, PEM: what a connection's credentials hold. */
    privateKeyPem: pem(apiUser.privateKey),
    /** Another RSA key, for tests of a key Fireblocks does not know. */
    otherPrivateKeyPem: pem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
    webhookPublicKeyPem: webhookSigner.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    vaults,
    transactions,
    calls,
    /** How many calls reached a route (after authentication). */
    count: (route: string) => calls.filter((call) => call.route === route).length,
    fault: (...next: FireblocksFault[]) => faults.push(...next),
    setAutoAdvance: (value: boolean) => {
      autoAdvance = value
    },
    /** Shifts the server's clock, so the client's iat looks stale (positive) or from the future (negative). */
    skewClock: (seconds: number) => {
      clockSkewSeconds = seconds
    },
    advance,
    /** Moves a transaction to COMPLETED (through its steps) and delivers a signed webhook of each status. */
    async completeWithWebhooks(id: string) {
      const transaction = transactions.get(id)!
      while (transaction.status !== 'COMPLETED') await sendWebhook(advance(id))
    },
    webhookOf,
    sendWebhook,
    async close() {
      for (const response of held) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FireblocksServer = Awaited<ReturnType<typeof startFireblocksServer>>
