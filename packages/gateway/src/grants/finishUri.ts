const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Why a finish URI is refused, or undefined when it is acceptable: absolute, https (http only for loopback hosts,
 * where a native or test client listens), no credentials and no fragment (the gateway adds query parameters).
 */
export function finishUriProblem(uri: string): string | undefined {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return 'must be an absolute URI'
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
    return 'must use https (http only on a loopback host)'
  }
  if (url.username || url.password) return 'may not carry credentials'
  if (url.hash) return 'may not have a fragment'
  return undefined
}

/** The finish URI with the interaction result added to its query, keeping any query it already has. */
export function finishRedirect(uri: string, params: Record<string, string>): string {
  const url = new URL(uri)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}
