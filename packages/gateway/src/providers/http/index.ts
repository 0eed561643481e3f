// Outbound HTTP to custodians: what every external adapter (Fireblocks, Anchorage...) sends its requests through.
export { type ConcurrencyLimit, createConcurrencyLimit } from './concurrencyLimit'
export {
  codeOfStatus,
  outcomeUnknown,
  type ProviderFailure,
  providerErrorOf,
  unreachable,
} from './providerFailure'
export {
  createProviderHttpClient,
  type HttpMethod,
  type OutgoingRequest,
  type ProviderHttpClient,
  type ProviderHttpOptions,
  type ProviderRequest,
  type ProviderResponse,
} from './providerHttpClient'
export { backoffDelay, retryAfterMs } from './retryDelay'
