import cookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type PageAsset, pageAssetsPrefix, stylesheet } from './pageAssets'

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages' static files by path; a feature adds its page scripts with `addPageAsset`. */
    pageAssets: Map<string, PageAsset>
  }
}

/**
 * Fails at start-up when a feature with pages is registered before `pagesPlugin`: its pages would otherwise have no
 * cookies (no CSRF check, no session) and no assets, and fail on the first request instead.
 */
export function requirePagesPlugin(app: FastifyInstance, feature: string): void {
  if (!app.hasDecorator('pageAssets')) throw new Error(`${feature} has pages: register pagesPlugin before it`)
}

/** Makes a page asset servable; its path (with the content hash) is what the page's `<script src>` names. */
export function addPageAsset(app: FastifyInstance, asset: PageAsset): void {
  requirePagesPlugin(app, asset.path)
  app.pageAssets.set(asset.path, asset)
}

/**
 * What every HTML page of the gateway shares: cookies (CSRF tokens, page sessions) and the static files under
 * `/pages/assets/`, served with their hash in the name and cached for a year. Registered before the features that
 * have pages.
 */
export const pagesPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie)
    app.decorate('pageAssets', new Map([[stylesheet.path, stylesheet]]))
    app.get<{ Params: { file: string } }>(
      `${pageAssetsPrefix}:file`,
      { config: { auth: 'none' }, schema: { hide: true }, logLevel: 'warn' },
      async (request, reply) => {
        const asset = app.pageAssets.get(`${pageAssetsPrefix}${request.params.file}`)
        if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
        return reply
          .type(asset.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'same-origin')
          .send(asset.body)
      },
    )
  },
  { name: 'rampart-pages' },
)
