import { createHash } from 'node:crypto'
import { pageStyles } from './pageStyles'

/** A file the pages load from the gateway itself; its path carries a hash of its content, so it is cached forever. */
export type PageAsset = { path: string; contentType: string; body: string }

/** Where the pages' static files are served. */
export const pageAssetsPrefix = '/pages/assets/'

function asset(name: string, extension: string, contentType: string, body: string): PageAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16)
  return { path: `${pageAssetsPrefix}${name}-${hash}.${extension}`, contentType, body }
}

/**
 * A script a page loads, bundled into the gateway at build time (tsup inlines the module that holds its source):
 * served from this origin, so the pages need no CDN and work offline.
 */
export function pageScript(name: string, source: string): PageAsset {
  return asset(name, 'js', 'text/javascript; charset=utf-8', source)
}

/** The shared stylesheet. */
export const stylesheet = asset('pages', 'css', 'text/css; charset=utf-8', pageStyles)
