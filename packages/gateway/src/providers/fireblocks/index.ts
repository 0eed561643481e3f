// The Fireblocks adapter: API v1 with JWT (RS256) request signing, vault accounts, transactions and webhooks.
export { type FireblocksCredentials, validateFireblocksCredentials } from './credentials'
export {
  createFireblocksProvider,
  type FireblocksProvider,
  type FireblocksProviderOptions,
  type FireblocksWebhookEvent,
} from './fireblocksProvider'
export { fireblocksStatuses, fireblocksSubStatuses, normalizeFireblocksStatus } from './statuses'
export { fireblocksWebhookKeys } from './webhookSignature'
