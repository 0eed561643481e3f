import Fastify from 'fastify'
import { afterAll, bench, describe } from 'vitest'
import { registerMethodNotAllowed } from './methodNotAllowed'

// What the 405 hook costs a matched request: the same 46-route fastify app with and without it, one GET each.
async function app(withHook: boolean) {
  const instance = Fastify({ logger: false })
  if (withHook) registerMethodNotAllowed(instance)
  for (let index = 0; index < 46; index++) {
    instance.post(`/v1/resource-${index}`, async () => ({ ok: true }))
    instance.get(`/v1/resource-${index}/:id`, async () => ({ ok: true }))
  }
  await instance.ready()
  return instance
}

const bare = await app(false)
const hooked = await app(true)
const options = { time: 2000, warmupTime: 1500 }

afterAll(async () => {
  await bare.close()
  await hooked.close()
})

describe('GET /v1/resource-45/:id', () => {
  bench(
    'without the 405 hook (baseline)',
    async () => {
      await bare.inject({ method: 'GET', url: '/v1/resource-45/abc' })
    },
    options,
  )
  bench(
    'with the 405 hook',
    async () => {
      await hooked.inject({ method: 'GET', url: '/v1/resource-45/abc' })
    },
    options,
  )
  bench(
    'a 405 (DELETE on that path), with the hook',
    async () => {
      await hooked.inject({ method: 'DELETE', url: '/v1/resource-45/abc' })
    },
    options,
  )
})
