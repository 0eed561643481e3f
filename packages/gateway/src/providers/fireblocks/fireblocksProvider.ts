import { createProviderHttpClient, type ProviderHttpOptions } from '../http'
import type { CustodyProvider, ProviderEnvironment } from '../types'
import {
  defaultFireblocksBaseUrl,
  type FireblocksCredentials,
  rsaKey,
  validateFireblocksCredentials,
} from './credentials'
import { FireblocksSession } from './fireblocksSession'
import { fireblocksAuthHeaders } from './requestJwt'
import { verifyFireblocksWebhook, webhookKeys } from './webhookSignature'
import type { ErrorResponse, TransactionResponse } from './wire'

export type FireblocksProviderOptions = {
  environment?: ProviderEnvironment
  /** Fireblocks' webhook public keys (PEM); without any, every webhook is refused and requests are only polled. */
  webhookPublicKeys?: string[]
  /** Timeouts, retries and concurrency of each connection's HTTP client (see ProviderHttpOptions). */
  http?: Pick<
    ProviderHttpOptions,
    'timeoutMs' | 'maxRetries' | 'retryBaseMs' | 'retryMaxMs' | 'maxConcurrent'
  >
}

/** A verified webhook: the transaction it is about. Its body says which to read; the API says where it stands. */
export type FireblocksWebhookEvent = { externalId: string; externalTxId: string | null }

export type FireblocksProvider = CustodyProvider<FireblocksCredentials> & {
  /**
   * The transaction a webhook is about, when its signature verifies; null otherwise (refuse it). Never trusted for
   * a result: the gateway reads the transaction from the API.
   */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer | string,
  ): FireblocksWebhookEvent | null
}

const describeError = (body: unknown) => {
  const error = (body ?? {}) as ErrorResponse
  return {
    ...(typeof error.code === 'number' ? { code: error.code } : {}),
    ...(typeof error.message === 'string' ? { message: error.message } : {}),
  }
}

export function createFireblocksProvider(options: FireblocksProviderOptions = {}): FireblocksProvider {
  const keys = webhookKeys(options.webhookPublicKeys ?? [])
  return {
    id: 'fireblocks',
    name: 'Fireblocks',
    ...(options.environment ? { environment: options.environment } : {}),
    validateCredentials: validateFireblocksCredentials,
    async connect(credentials) {
      const key = rsaKey(credentials.privateKey)
      const http = createProviderHttpClient({
        ...options.http,
        baseUrl: credentials.baseUrl ?? defaultFireblocksBaseUrl,
        providerName: 'Fireblocks',
        authenticate: (request) => fireblocksAuthHeaders({ apiKey: credentials.apiKey, key }, request),
        describeError,
      })
      const session = new FireblocksSession(http)
      // Fireblocks refuses bad keys on the first request: read the vault accounts' first page now, not at the first signature.
      await http.send({ method: 'GET', path: '/v1/vault/accounts_paged?limit=1' })
      return session
    },
    verifyWebhook(headers, rawBody) {
      if (!verifyFireblocksWebhook(keys, rawBody, headers['fireblocks-signature'])) return null
      let event: { data?: TransactionResponse }
      try {
        event = JSON.parse(rawBody.toString())
      } catch {
        return null
      }
      const id = event?.data?.id
      if (typeof id !== 'string') return null
      return {
        externalId: id,
        externalTxId: typeof event.data?.externalTxId === 'string' ? event.data.externalTxId : null,
      }
    },
  }
}
