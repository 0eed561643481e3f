import type { FastifyInstance } from 'fastify'

/**
 * Counts the requests this gateway has begun and not yet finished: from `onRequest` until the response closes
 * (`close` follows the sent response, and also comes when the client goes away first, so the count cannot creep).
 */
export function countRequestsInFlight(app: FastifyInstance): { readonly value: number } {
  const count = { value: 0 }
  const finished = () => {
    count.value--
  }
  // A callback hook: an async one costs every request a promise and a microtask.
  app.addHook('onRequest', (_request, reply, done) => {
    count.value++
    reply.raw.once('close', finished)
    done()
  })
  return count
}
