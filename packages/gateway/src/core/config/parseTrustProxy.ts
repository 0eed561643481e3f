import { isIP } from 'node:net'

/** The ranges proxy-addr (fastify's trustProxy) knows by name. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128)
}

/**
 * Reads the trustProxy setting: `true` (every peer is a proxy), `false` or nothing (none is), or the proxies'
 * addresses as a comma-separated string or a list. Returns `undefined` for none, or the invalid entry's text via
 * `{ invalid }` so that the caller names the setting. A hop count is not offered: fastify cannot check the peer
 * against one, so it trusts no forwarded header with it anyway.
 */
export function parseTrustProxy(
  value: string | boolean | readonly string[] | undefined,
): true | string[] | undefined | { invalid: string } {
  if (value === undefined || value === false || value === '' || value === 'false') return undefined
  if (value === true || value === 'true') return true
  if (typeof value !== 'string' && !Array.isArray(value)) return { invalid: String(value) }
  const entries = (typeof value === 'string' ? value.split(',') : value).map((entry) => String(entry).trim())
  const invalid = entries.find((entry) => !isProxyAddress(entry))
  if (invalid !== undefined || entries.length === 0) return { invalid: invalid ?? '' }
  return entries
}
