/**
 * The local provider's JSON-RPC endpoints as a started gateway takes them: in the config file an object
 * (`{ "ETHEREUM": "https://…" }`), in the environment `NETWORK=url` pairs separated by commas
 * (`ETHEREUM=https://…,POLYGON=https://…`). The provider itself checks the networks and the URLs' scheme.
 * Returns the endpoints, or which entry is not a network id with a URL.
 */
export function parseRpcUrls(value: unknown): Record<string, string> | { invalid: string } {
  if (value === undefined || value === '') return {}
  const pairs: [string, unknown][] =
    typeof value === 'string'
      ? value.split(',').map((pair) => {
          const at = pair.indexOf('=')
          return at > 0 ? [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] : [pair.trim(), undefined]
        })
      : typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.entries(value)
        : [['', undefined]]
  const urls: Record<string, string> = {}
  for (const [index, [networkId, url]] of pairs.entries()) {
    // Named by position, never by its text: a URL can hold an API key.
    if (!/^[A-Z][A-Z0-9_]*$/.test(networkId) || typeof url !== 'string' || url === '') {
      return { invalid: `entry ${index + 1}` }
    }
    urls[networkId] = url
  }
  return urls
}
