import { ProviderError } from '../core/errors/providerErrors'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Checks a custodian's API root from a connection's credentials: https anywhere, plain http only on loopback (a
 * local proxy, BitGo Express, a test server), never with user info, a query or a fragment, which would be sent
 * along with every signed request. Returns it without trailing slashes; refuses with `INVALID_CREDENTIALS` at
 * `path` otherwise.
 */
export function checkBaseUrl(baseUrl: unknown, path = '/baseUrl'): string {
  const refuse = (message: string): never => {
    throw new ProviderError('INVALID_CREDENTIALS', message, { path })
  }
  if (typeof baseUrl !== 'string' || baseUrl.length > 2048 || !URL.canParse(baseUrl)) {
    return refuse('baseUrl must be an absolute URL')
  }
  const url = new URL(baseUrl)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
    refuse('baseUrl must use https (plain http is accepted on loopback only)')
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    refuse('baseUrl must not carry credentials, a query or a fragment')
  }
  return url.href.replace(/\/+$/, '')
}
