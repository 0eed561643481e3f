import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerTestClient, signedInject, startTestGateway, type TestGateway } from './support/testGateway'

let gateway: TestGateway

beforeAll(async () => {
  gateway = await startTestGateway()
})
afterAll(async () => {
  await gateway?.close()
})

describe('smoke', () => {
  it('answers health and lists networks for a signed client', async () => {
    expect((await gateway.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' })
    const client = await registerTestClient(gateway)
    const response = await signedInject(gateway, client, {
      method: 'GET',
      url: '/v1/provider/networks?limit=2',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data).toHaveLength(2)
  })
})
