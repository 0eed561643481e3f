import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { countRequestsInFlight, eventLoopHasTimeToSpare } from './requestsInFlight'

describe('countRequestsInFlight', () => {
  it('counts the requests begun and not yet answered, answered or failed', async () => {
    const app = Fastify({ logger: false })
    const inFlight = countRequestsInFlight(app)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const seen: number[] = []
    app.get('/held', async () => {
      seen.push(inFlight.value)
      await held
      return { ok: true }
    })
    app.get('/fails', async () => {
      throw new Error('no')
    })
    await app.ready()
    const responses = [app.inject('/held'), app.inject('/held'), app.inject('/held')]
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(inFlight.value).toBe(3)
    release()
    expect((await Promise.all(responses)).map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect((await app.inject('/fails')).statusCode).toBe(500)
    expect((await app.inject('/none')).statusCode).toBe(404)
    // `close` follows the answer by a tick.
    await new Promise((resolve) => setImmediate(resolve))
    expect(inFlight.value).toBe(0)
    expect(seen.at(-1)).toBe(3)
    await app.close()
  })
})

describe('eventLoopHasTimeToSpare', () => {
  it('says no after a window the loop spent busy, and yes again after an idle one', async () => {
    const hasTimeToSpare = eventLoopHasTimeToSpare(20, 0.5)
    expect(hasTimeToSpare()).toBe(true)
    const busyUntil = performance.now() + 40
    while (performance.now() < busyUntil) {
      // The loop is held: no turn, no timer.
    }
    expect(hasTimeToSpare()).toBe(false)
    // Idle from here on, but for whatever else shares this worker (timers of other files, a busy machine): a later
    // window finds the loop idle enough, a few windows on at most.
    await vi.waitFor(() => expect(hasTimeToSpare()).toBe(true), { timeout: 5_000, interval: 25 })
  })
})
