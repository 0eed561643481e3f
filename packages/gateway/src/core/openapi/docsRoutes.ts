import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

/** GET /openapi.json (the generated OpenAPI 3.1 document) and /docs (the human-readable API reference). */
export async function docsRoutes(app: FastifyInstance) {
  // The reference is public: every route of this plugin (the UI's static files included) skips authentication.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: 'none' }
  })
  app.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger())
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 1 },
    staticCSP: true,
    // Swagger UI sets a few inline styles; scripts and everything else stay same-origin only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  })
}
