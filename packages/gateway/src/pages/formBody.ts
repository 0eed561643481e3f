import type { FastifyInstance } from 'fastify'

/** Largest form a page accepts unless its plugin says otherwise. */
export const defaultFormLimit = 16_384

/**
 * Reads `application/x-www-form-urlencoded` bodies as `URLSearchParams` in the calling (encapsulated) plugin: pages
 * post forms, the API never takes them.
 */
export function registerFormParser(app: FastifyInstance, bodyLimit = defaultFormLimit): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  )
}

/** The parsed form of a request, or undefined when its body was not a form. */
export function formOf(body: unknown): URLSearchParams | undefined {
  return body instanceof URLSearchParams ? body : undefined
}
