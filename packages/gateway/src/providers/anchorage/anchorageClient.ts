import { ProviderError } from '../../core/errors/providerErrors'
import {
  createProviderHttpClient,
  type ProviderFailure,
  type ProviderHttpClient,
  type ProviderHttpOptions,
} from '../http'
import {
  type AnchoragePage,
  type AnchorageTransfer,
  type AnchorageTrustedDestination,
  type AnchorageVault,
  type AnchorageVaultAddress,
  type AnchorageWallet,
  readCreatedTransfer,
  readOne,
  readPage,
  readTransfer,
  readTrustedDestination,
  readVault,
  readVaultAddress,
  readWallet,
} from './anchorageModels'
import type { AnchorageAuth } from './credentials'
import { signAnchorageRequest } from './requestSigner'

/** The body of a create-transfer request, with Anchorage's field names. */
export interface AnchorageCreateTransfer {
  source: { type: 'WALLET'; id: string }
  destination: { type: 'ADDRESS' | 'WALLET'; id: string }
  assetType: string
  amount: string
  deductFeeFromAmountIfSameType: boolean
  idempotentId: string
  transferMemo?: string
}

export interface AnchorageClientOptions {
  auth: AnchorageAuth
  /** Page size asked for on list endpoints. Default 100. */
  pageSize?: number
  /** How many pages a list may take before the client stops following `page.next`. Default 1000. */
  maxPages?: number
  /** Settings of the outbound HTTP client (timeouts, retries, concurrency; a dispatcher in tests). */
  http?: Partial<Omit<ProviderHttpOptions, 'baseUrl' | 'providerName' | 'authenticate' | 'describeError'>>
  now?: () => Date
}

/**
 * The Anchorage API v2 endpoints the adapter uses. Every attempt is signed afresh (a retry gets a new timestamp)
 * over the exact body bytes sent; GETs, and creates carrying their `idempotentId`, are retried on 429 and 5xx.
 */
export class AnchorageClient {
  private readonly pageSize: number
  private readonly maxPages: number
  private readonly http: ProviderHttpClient

  constructor(options: AnchorageClientOptions) {
    this.pageSize = options.pageSize ?? 100
    this.maxPages = options.maxPages ?? 1000
    const { auth, now } = options
    this.http = createProviderHttpClient({
      ...options.http,
      baseUrl: auth.baseUrl,
      providerName: 'Anchorage',
      authenticate: ({ method, path, body }) =>
        signAnchorageRequest(
          auth,
          { method, pathWithQuery: path, ...(body === undefined ? {} : { body }) },
          now?.(),
        ),
      describeError: describeAnchorageError,
    })
  }

  listVaults(): Promise<AnchorageVault[]> {
    return this.listAll('/v2/vaults', readVault)
  }

  listWallets(): Promise<AnchorageWallet[]> {
    return this.listAll('/v2/wallets', readWallet)
  }

  async getWallet(walletId: string): Promise<AnchorageWallet> {
    const { body } = await this.http.send({
      method: 'GET',
      path: `/v2/wallets/${encodeURIComponent(walletId)}`,
    })
    return readOne(body, readWallet)
  }

  /** The deposit addresses of a vault's wallets of one asset type (several for UTXO networks, which rotate them). */
  listVaultAddresses(vaultId: string, assetType: string): Promise<AnchorageVaultAddress[]> {
    const query = new URLSearchParams({ assetType })
    return this.listAll(`/v2/vaults/${encodeURIComponent(vaultId)}/addresses`, readVaultAddress, query)
  }

  listTrustedDestinations(): Promise<AnchorageTrustedDestination[]> {
    return this.listAll('/v2/trusted_destinations', readTrustedDestination)
  }

  /** Creates a transfer; the same `idempotentId` sent again answers the transfer it first created. */
  async createTransfer(
    transfer: AnchorageCreateTransfer,
  ): Promise<{ transferId: string; status: string | null }> {
    const { body } = await this.http.send({
      method: 'POST',
      path: '/v2/transfers',
      body: transfer,
      idempotencyKey: transfer.idempotentId,
    })
    return readOne(body, readCreatedTransfer)
  }

  async getTransfer(transferId: string): Promise<AnchorageTransfer> {
    const { body } = await this.http.send({
      method: 'GET',
      path: `/v2/transfers/${encodeURIComponent(transferId)}`,
    })
    return readOne(body, readTransfer)
  }

  private async listAll<T>(
    path: string,
    readItem: Parameters<typeof readPage<T>>[1],
    query = new URLSearchParams(),
  ): Promise<T[]> {
    const items: T[] = []
    const seen = new Set<string>()
    query.set('limit', String(this.pageSize))
    let next: string | null = `${path}?${query}`
    while (next !== null) {
      // `page.next` comes from the response: only a path of the API itself is followed, each once, a bounded
      // number of times, so a wrong answer can neither send the signed headers elsewhere nor loop forever.
      if (!next.startsWith('/v2/') || seen.has(next) || seen.size >= this.maxPages) {
        throw new ProviderError(
          'PROVIDER_UNAVAILABLE',
          'Anchorage answered a page link the gateway does not follow',
          { provider: 'anchorage', path: '/page/next' },
        )
      }
      seen.add(next)
      const { body } = await this.http.send({ method: 'GET', path: next })
      const page: AnchoragePage<T> = readPage(body, readItem)
      items.push(...page.data)
      next = page.next
    }
    return items
  }
}

/** Anchorage's error bodies: `{ "errorType": "InternalError", "message": "Missing required field 'amount'." }`. */
function describeAnchorageError(body: unknown): ProviderFailure | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { errorType, message } = body as Record<string, unknown>
  return {
    ...(typeof errorType === 'string' ? { code: errorType } : {}),
    ...(typeof message === 'string' ? { message } : {}),
  }
}
