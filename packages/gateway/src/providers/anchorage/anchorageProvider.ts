import type { CustodyProvider } from '../types'
import { AnchorageClient, type AnchorageClientOptions } from './anchorageClient'
import { AnchorageSession } from './anchorageSession'
import { type AnchorageCredentials, anchorageAuth, validateAnchorageCredentials } from './credentials'

export interface AnchorageProviderOptions {
  /** Outbound HTTP settings (timeouts, retries, concurrency per connection); the defaults suit Anchorage's API. */
  http?: AnchorageClientOptions['http']
  /** Page size asked for on list endpoints. Default 100. */
  pageSize?: number
  /** Clock, for tests. */
  now?: () => Date
}

/**
 * The `anchorage` provider: Anchorage Digital's API v2, each request signed with the connection's Ed25519 key.
 * The base URL is the connection's (its credentials' `baseUrl`), so the same adapter reaches Anchorage's
 * production or staging API, or a test server.
 */
export function createAnchorageProvider(
  options: AnchorageProviderOptions = {},
): CustodyProvider<AnchorageCredentials> {
  return {
    id: 'anchorage',
    name: 'Anchorage Digital',
    validateCredentials: validateAnchorageCredentials,
    async connect(credentials) {
      const client = new AnchorageClient({
        auth: anchorageAuth(credentials),
        ...(options.http === undefined ? {} : { http: options.http }),
        ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
        ...(options.now === undefined ? {} : { now: options.now }),
      })
      return new AnchorageSession(client)
    },
  }
}
