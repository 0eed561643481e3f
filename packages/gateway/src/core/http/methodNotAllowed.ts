import type { FastifyInstance } from 'fastify'

type KnownPath = { pattern: RegExp; methods: Set<string> }

/** A route url (`/v1/x/:id`, `/docs/*`) as a regular expression over request paths. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*'
      if (segment.startsWith(':')) return '[^/]+'
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return new RegExp(`^${source}$`)
}

/**
 * Fastify has no 405: a method a path does not declare answers 404 like an unknown path. This answers 405
 * with an `Allow` header and the one error body instead, for every path some route declares. A matched request
 * pays one callback hook call and a flag check; the paths are matched only for requests the router did not match.
 * Call before registering routes.
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const paths = new Map<string, KnownPath>()
  app.addHook('onRoute', (route) => {
    const known = paths.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() }
    for (const method of typeof route.method === 'string' ? [route.method] : route.method)
      known.methods.add(method)
    paths.set(route.url, known)
  })
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done()
    const path = (request.raw.url ?? request.url).split('?')[0] ?? ''
    const allowed = new Set<string>()
    for (const known of paths.values()) {
      if (known.pattern.test(path)) for (const method of known.methods) allowed.add(method)
    }
    if (allowed.size === 0 || allowed.has(request.method)) return done()
    const allow = [...allowed].sort().join(', ')
    reply
      .status(405)
      .header('allow', allow)
      .send({
        statusCode: 405,
        code: 'METHOD_NOT_ALLOWED',
        message: `${request.method} is not allowed on ${path}: use ${allow}`,
        context: { allow: [...allowed].sort() },
      })
  })
}
