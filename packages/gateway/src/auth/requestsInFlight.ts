import { performance } from 'node:perf_hooks'
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

/**
 * Whether the event loop has had time to spare lately: busy for less than `busyBelow` of the last window of at least
 * `windowMs` (sampled at most once a window, from `performance.eventLoopUtilization`). A gateway under load keeps
 * its loop busy even when its requests are answered one at a time, as keep-alive connections send them; then work
 * that another thread can do belongs there, and the loop gets on with the next request.
 */
export function eventLoopHasTimeToSpare(windowMs = 20, busyBelow = 0.5): () => boolean {
  let last = performance.eventLoopUtilization()
  let sampledAt = performance.now()
  let spare = true
  return () => {
    const now = performance.now()
    if (now - sampledAt >= windowMs) {
      const current = performance.eventLoopUtilization()
      spare = performance.eventLoopUtilization(current, last).utilization < busyBelow
      last = current
      sampledAt = now
    }
    return spare
  }
}
