import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGateway } from '../src/app/buildGateway'
import { signRequest } from '../src/auth/signRequest'
import type { GatewayConfig } from '../src/core/config/gatewayConfig'
import { useTestClient, useTestGateway } from './support/useTestGateway'

// The signed uri binds the request to one deployment: by default, to the origin (scheme, host, port) the request
// arrived on; behind a proxy, to the one X-Forwarded-* names, but only from a proxy trustProxy trusts.
const gateway = useTestGateway()
const alice = useTestClient(gateway)
const path = '/v1/provider/networks?limit=1'

const others: FastifyInstance[] = []
/** Another gateway instance on the same database (so the same clients), with other settings. */
async function gatewayWith(overrides: Partial<GatewayConfig>): Promise<FastifyInstance> {
  const app = await buildGateway({
    config: { ...gateway.config, ...overrides },
    db: gateway.app.db,
    providers: [],
    logger: false,
  })
  others.push(app)
  return app
}
afterAll(async () => {
  await Promise.all(others.map((app) => app.close()))
})

const sign = (signedUrl: string) =>
  signRequest({ method: 'GET', url: signedUrl, privateJwk: alice.key.privateJwk, jti: randomUUID() })

/** Signs for `signedUrl` and sends the request to `sentTo` over real HTTP. */
async function fetchSigned(sentTo: string, signedUrl: string, headers: Record<string, string> = {}) {
  const response = await fetch(sentTo, {
    headers: { 'x-client-id': alice.clientId, 'detached-jws': await sign(signedUrl), ...headers },
  })
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } }
}

const refused = {
  status: 401,
  body: { statusCode: 401, code: 'JWS_ORIGIN_MISMATCH', message: expect.any(String) },
}

describe('by default (no public origin, no trusted proxy), over real HTTP', () => {
  let base: string
  let port: number
  beforeAll(async () => {
    base = await gateway.app.listen({ host: '127.0.0.1', port: 0 })
    port = Number(new URL(base).port)
  })

  it('accepts a request signed for the origin it is sent to', async () => {
    const response = await fetchSigned(`${base}${path}`, `${base}${path}`)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
  })

  it.each([
    ['another host', () => `http://evil.example${path}`],
    ['another host on the same port', () => `http://localhost:${port}${path}`],
    ['https instead of http', () => `https://127.0.0.1:${port}${path}`],
    ['another port', () => `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}${path}`],
  ])('refuses a request signed for %s, with 401 JWS_ORIGIN_MISMATCH', async (_name, signedFor) => {
    const response = await fetchSigned(`${base}${path}`, signedFor())
    expect(response).toEqual(refused)
    expect(response.body.message).toContain(base)
  })

  it('ignores X-Forwarded-Proto and X-Forwarded-Host: no proxy is trusted', async () => {
    const response = await fetchSigned(`${base}${path}`, `https://gateway.example.com${path}`, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'gateway.example.com',
    })
    expect(response).toEqual(refused)
  })
})

describe('behind a trusted proxy', () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'gateway.example.com' }

  it('honours X-Forwarded-Proto and X-Forwarded-Host from the proxy trustProxy names (real HTTP)', async () => {
    const behindProxy = await gatewayWith({ trustProxy: ['127.0.0.1'] })
    const base = await behindProxy.listen({ host: '127.0.0.1', port: 0 })
    const public_ = `https://gateway.example.com${path}`
    expect((await fetchSigned(`${base}${path}`, public_, forwarded)).status).toBe(200)
    // The proxy's origin is the one the client reached, so a signature for the hop behind it is refused.
    expect(await fetchSigned(`${base}${path}`, `${base}${path}`, forwarded)).toEqual(refused)
    expect(await fetchSigned(`${base}${path}`, `http://gateway.example.com${path}`, forwarded)).toEqual(
      refused,
    )
    // A request reaching it directly, without the headers, has its own origin.
    expect((await fetchSigned(`${base}${path}`, `${base}${path}`)).status).toBe(200)
  })

  it('ignores them from a peer that is not a trusted proxy', async () => {
    const behindProxy = await gatewayWith({ trustProxy: ['10.0.0.1'] })
    const send = async (remoteAddress: string) =>
      behindProxy.inject({
        method: 'GET',
        url: path,
        remoteAddress,
        headers: {
          ...forwarded,
          'x-client-id': alice.clientId,
          'detached-jws': await sign(`https://gateway.example.com${path}`),
        },
      })
    expect((await send('10.0.0.1')).statusCode).toBe(200)
    const fromElsewhere = await send('127.0.0.1')
    expect(fromElsewhere.statusCode).toBe(401)
    expect(fromElsewhere.json().code).toBe('JWS_ORIGIN_MISMATCH')
  })
})

describe('with a public origin', () => {
  it('requires that origin, whatever origin the request arrived on', async () => {
    const withOrigin = await gatewayWith({ publicOrigin: 'https://gateway.example.com' })
    const send = async (signedUrl: string) =>
      withOrigin.inject({
        method: 'GET',
        url: path,
        headers: { 'x-client-id': alice.clientId, 'detached-jws': await sign(signedUrl) },
      })
    expect((await send(`https://gateway.example.com${path}`)).statusCode).toBe(200)
    for (const other of [`http://localhost${path}`, `http://gateway.example.com${path}`]) {
      const response = await send(other)
      expect(response.statusCode).toBe(401)
      expect(response.json().code).toBe('JWS_ORIGIN_MISMATCH')
    }
  })
})

describe('a Host that is no origin', () => {
  it.each(['evil.example/x', 'user@localhost'])('refuses Host %j', async (host) => {
    const response = await gateway.app.inject({
      method: 'GET',
      url: path,
      headers: { host, 'x-client-id': alice.clientId, 'detached-jws': await sign(`http://localhost${path}`) },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('JWS_ORIGIN_MISMATCH')
  })
})
