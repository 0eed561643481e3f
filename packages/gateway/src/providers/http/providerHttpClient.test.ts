import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isProviderError, type ProviderError } from '../../core/errors/providerErrors'
import { createConcurrencyLimit } from './concurrencyLimit'
import { createProviderHttpClient, type ProviderHttpOptions } from './providerHttpClient'
import { retryAfterMs } from './retryDelay'

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void

/** A loopback server whose answer each test sets; it records what reached it. */
let handler: Handler = (_request, _body, response) => response.end('{}')
const received: { headers: IncomingMessage['headers']; body: string; url: string }[] = []
let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({ headers: request.headers, body, url: request.url ?? '' })
      handler(request, body, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const waits: number[] = []
function client(overrides: Partial<ProviderHttpOptions> = {}) {
  received.length = 0
  waits.length = 0
  let signed = 0
  return createProviderHttpClient({
    baseUrl,
    providerName: 'Custodian',
    authenticate: ({ method, path, body }) => ({
      authorization: `Bearer ${method} ${path} ${body ?? ''} ${++signed}`,
    }),
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms)
    },
    timeoutMs: 2000,
    ...overrides,
  })
}

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!isProviderError(error)) throw new Error(`expected a ProviderError, got ${String(error)}`)
  return error
}

describe('createProviderHttpClient', () => {
  it('retries a GET on 503 and 429, waiting at least what Retry-After asks, authenticating each attempt afresh', async () => {
    const answers = [503, 429, 200]
    handler = (_request, _body, response) => {
      const status = answers.shift()!
      json(response, status, status === 200 ? { ok: true } : { message: 'busy' }, { 'retry-after': '2' })
    }
    const http = client({ retryMaxMs: 5000 })
    await expect(http.send({ method: 'GET', path: '/v1/things?limit=2' })).resolves.toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(received).toHaveLength(3)
    expect(waits).toEqual([2000, 2000])
    expect(new Set(received.map((r) => r.headers.authorization)).size).toBe(3)
    expect(received[0]!.url).toBe('/v1/things?limit=2')
  })

  it('sends the exact bytes it authenticated, and the idempotency key with every attempt of a create', async () => {
    const answers = [502, 200]
    handler = (_request, _body, response) => json(response, answers.shift()!, { id: 'tx-1' })
    const http = client()
    await http.send({
      method: 'POST',
      path: '/v1/transactions',
      body: { amount: '1' },
      idempotencyKey: 'key-1',
    })
    expect(received.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-1'])
    expect(received[1]!.body).toBe('{"amount":"1"}')
    expect(received[1]!.headers.authorization).toContain('POST /v1/transactions {"amount":"1"}')
  })

  it('never retries a POST without an idempotency key, and says its outcome is unknown after a 5xx', async () => {
    handler = (_request, _body, response) => json(response, 500, { message: 'oops' })
    const http = client()
    const error = await failure(http.send({ method: 'POST', path: '/v1/transactions', body: {} }))
    expect(received).toHaveLength(1)
    expect(error.code).toBe('PROVIDER_UNAVAILABLE')
    expect(error.details).toMatchObject({ httpStatus: 500, outcomeUnknown: true })
  })

  it('gives up after its retries, and at once when Retry-After asks for more than it waits', async () => {
    handler = (_request, _body, response) => json(response, 503, {})
    await failure(client({ maxRetries: 2 }).send({ method: 'GET', path: '/a' }))
    expect(received).toHaveLength(3)
    handler = (_request, _body, response) => json(response, 429, {}, { 'retry-after': '3600' })
    const error = await failure(client().send({ method: 'GET', path: '/a' }))
    expect(received).toHaveLength(1)
    expect(error.message).toBe('Custodian is rate limiting requests')
  })

  it('maps statuses to ProviderError codes with the custodian’s code and message, never its headers or body', async () => {
    handler = (_request, _body, response) =>
      json(
        response,
        401,
        { code: -7, message: 'Unauthorized: JWT bad', secret: 'account-data' },
        {
          'x-request-token': 'header-secret',
        },
      )
    const error = await failure(
      client({
        describeError: (body) => body as { code: number; message: string },
      }).send({ method: 'GET', path: '/a' }),
    )
    expect(error.code).toBe('INVALID_CREDENTIALS')
    expect(error.message).toBe('Custodian answered HTTP 401 (Custodian code -7): Unauthorized: JWT bad')
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toMatch(
      /account-data|header-secret/,
    )
    for (const [status, code] of [
      [404, 'NOT_FOUND'],
      [409, 'CONFLICT'],
      [400, 'PROVIDER_REJECTED'],
    ] as const) {
      handler = (_request, _body, response) => json(response, status, {})
      expect((await failure(client().send({ method: 'GET', path: '/a' }))).code).toBe(code)
    }
  })

  it('answers an accepted error status as a value', async () => {
    handler = (_request, _body, response) => json(response, 404, { message: 'none' })
    await expect(client().send({ method: 'GET', path: '/a', accept: [404] })).resolves.toEqual({
      status: 404,
      body: { message: 'none' },
    })
  })

  it('times out a silent custodian as PROVIDER_UNAVAILABLE, outcome unknown for a create', async () => {
    handler = () => {}
    const error = await failure(
      client({ timeoutMs: 200, maxRetries: 0 }).send({
        method: 'POST',
        path: '/v1/transactions',
        body: {},
        idempotencyKey: 'k',
      }),
    )
    expect(error.code).toBe('PROVIDER_UNAVAILABLE')
    expect(error.message).toBe('Custodian did not answer in time')
    expect(error.details.outcomeUnknown).toBe(true)
  })

  it('refuses a body that is not JSON, and one larger than its limit', async () => {
    handler = (_request, _body, response) => response.end('<html>')
    expect((await failure(client().send({ method: 'GET', path: '/a' }))).message).toContain('not JSON')
    handler = (_request, _body, response) => response.end(JSON.stringify({ big: 'x'.repeat(5000) }))
    const error = await failure(
      client({ maxResponseBytes: 1000, maxRetries: 0 }).send({ method: 'GET', path: '/a' }),
    )
    expect(error.code).toBe('PROVIDER_UNAVAILABLE')
  })
})

describe('createConcurrencyLimit', () => {
  it('runs at most the limit at once, the rest in order', async () => {
    const run = createConcurrencyLimit(2)
    let running = 0
    let most = 0
    const order: number[] = []
    await Promise.all(
      [0, 1, 2, 3, 4].map((n) =>
        run(async () => {
          running += 1
          most = Math.max(most, running)
          await new Promise((resolve) => setTimeout(resolve, 5))
          order.push(n)
          running -= 1
        }),
      ),
    )
    expect(most).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4])
  })
})

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterMs('3', 0)).toBe(3000)
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      10_000,
    )
    expect(retryAfterMs('soon', 0)).toBeUndefined()
    expect(retryAfterMs(undefined, 0)).toBeUndefined()
  })
})
