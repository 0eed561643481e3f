import { createHmac, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildGateway } from '../src/app/buildGateway'
import { replayStoreKind } from '../src/auth/authPlugin'
import { ClientKeys, keysRevalidateAfterMs } from '../src/auth/clientKeys'
import { signRequest } from '../src/auth/signRequest'
import { sha256Base64Url } from '../src/auth/verifyDetachedJws'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { clients, seenSignatures } from '../src/core/database/schema'
import { signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
const alice = useTestClient(gateway, ['ES256K', 'ES256', 'EdDSA', 'RS256'])
const bob = useTestClient(gateway)

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const now = () => Math.floor(Date.now() / 1000)
const networksUrl = '/v1/provider/networks?limit=1'

type Send = {
  method?: 'GET' | 'POST'
  url?: string
  body?: string
  headers: Record<string, string | undefined>
}

async function send({ method = 'GET', url = networksUrl, body, headers }: Send) {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >
  return gateway.app.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...clean },
    ...(body === undefined ? {} : { payload: body }),
  })
}

const sign = (overrides: Partial<Parameters<typeof signRequest>[0]> = {}) =>
  signRequest({
    method: 'GET',
    url: `http://localhost${networksUrl}`,
    privateJwk: alice.key.privateJwk,
    jti: randomUUID(),
    ...overrides,
  })

describe('detached-jws: requests that verify', () => {
  it.each(['ES256K', 'ES256', 'EdDSA', 'RS256'] as const)('accepts %s', async (alg) => {
    const key = alice.keys.find((k) => k.publicJwk.alg === alg)!
    const response = await signedInject(gateway, alice, {
      method: 'GET',
      url: networksUrl,
      privateJwk: key.privateJwk,
    })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('accepts the payload segment kept in the JWS as well as detached', async () => {
    const jws = await sign({ attachPayload: true })
    expect(jws.split('.')[1]).toBe(sha256Base64Url(''))
    const response = await send({ headers: { 'x-client-id': alice.clientId, 'detached-jws': jws } })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('accepts a signed body on a POST', async () => {
    const body = JSON.stringify({ provider: 'nope', encryptedCredentials: 'a.b.c.d.e' })
    const jws = await sign({ method: 'POST', url: 'http://localhost/v1/provider/connections', body })
    const response = await send({
      method: 'POST',
      url: '/v1/provider/connections',
      body,
      headers: { 'x-client-id': alice.clientId, 'detached-jws': jws },
    })
    // Authenticated, then refused for the unknown provider: proof the signature verified.
    expect(response.statusCode, response.body).toBe(422)
  })
})

describe('detached-jws tamper matrix: every case is 401', () => {
  const cases: [string, () => Promise<Send>, string][] = [
    [
      'body changed',
      async () => {
        const signed = JSON.stringify({ provider: 'local', encryptedCredentials: 'a.b.c.d.e' })
        const jws = await sign({
          method: 'POST',
          url: 'http://localhost/v1/provider/connections',
          body: signed,
        })
        return {
          method: 'POST',
          url: '/v1/provider/connections',
          body: signed.replace('local', 'locaL'),
          headers: { 'x-client-id': alice.clientId, 'detached-jws': jws },
        }
      },
      // Detached: the gateway hashes the body it received, so the signature no longer verifies.
      'JWS_SIGNATURE_INVALID',
    ],
    [
      'attached payload of another body',
      async () => {
        const jws = await sign({ attachPayload: true, body: '{"x":1}' })
        return { headers: { 'x-client-id': alice.clientId, 'detached-jws': jws } }
      },
      'JWS_PAYLOAD_MISMATCH',
    ],
    [
      'method changed',
      async () => ({
        method: 'POST',
        url: '/v1/provider/connections',
        headers: {
          'x-client-id': alice.clientId,
          'detached-jws': await sign({ url: 'http://localhost/v1/provider/connections' }),
        },
      }),
      'JWS_METHOD_MISMATCH',
    ],
    [
      'path changed',
      async () => ({
        url: '/v1/provider/assets?limit=1',
        headers: { 'x-client-id': alice.clientId, 'detached-jws': await sign() },
      }),
      'JWS_URI_MISMATCH',
    ],
    [
      'query changed',
      async () => ({
        url: '/v1/provider/networks?limit=2',
        headers: { 'x-client-id': alice.clientId, 'detached-jws': await sign() },
      }),
      'JWS_URI_MISMATCH',
    ],
    [
      'stale created',
      async () => ({
        headers: { 'x-client-id': alice.clientId, 'detached-jws': await sign({ created: now() - 120 }) },
      }),
      'JWS_CREATED_OUT_OF_WINDOW',
    ],
    [
      'future created',
      async () => ({
        headers: { 'x-client-id': alice.clientId, 'detached-jws': await sign({ created: now() + 120 }) },
      }),
      'JWS_CREATED_OUT_OF_WINDOW',
    ],
    [
      'unknown kid',
      async () => {
        const stranger = await generateSigningJwk('ES256K', 'stranger')
        return {
          headers: {
            'x-client-id': alice.clientId,
            'detached-jws': await sign({ privateJwk: stranger.privateJwk }),
          },
        }
      },
      'JWS_UNKNOWN_KEY',
    ],
    [
      "another client's key",
      async () => ({
        headers: {
          'x-client-id': alice.clientId,
          'detached-jws': await sign({ privateJwk: bob.key.privateJwk }),
        },
      }),
      'JWS_UNKNOWN_KEY',
    ],
    [
      'unknown client',
      async () => ({ headers: { 'x-client-id': 'nobody', 'detached-jws': await sign() } }),
      'JWS_UNKNOWN_KEY',
    ],
    [
      'alg none',
      async () => {
        const header = {
          alg: 'none',
          kid: alice.key.publicJwk.kid,
          typ: 'gnap-binding-jwsd',
          htm: 'GET',
          uri: `http://localhost${networksUrl}`,
          created: now(),
        }
        return { headers: { 'x-client-id': alice.clientId, 'detached-jws': `${b64(header)}..` } }
      },
      'JWS_MALFORMED',
    ],
    [
      'HS256 with the public key as secret',
      async () => {
        const header = {
          alg: 'HS256',
          kid: alice.key.publicJwk.kid,
          typ: 'gnap-binding-jwsd',
          htm: 'GET',
          uri: `http://localhost${networksUrl}`,
          created: now(),
        }
        const input = `${b64(header)}.${sha256Base64Url('')}`
        const mac = createHmac('sha256', JSON.stringify(alice.key.publicJwk))
          .update(input)
          .digest('base64url')
        return { headers: { 'x-client-id': alice.clientId, 'detached-jws': `${b64(header)}..${mac}` } }
      },
      'JWS_ALGORITHM_REFUSED',
    ],
    [
      'alg of another key type (ES256 header, secp256k1 key)',
      async () => {
        const header = {
          alg: 'ES256',
          kid: alice.key.publicJwk.kid,
          typ: 'gnap-binding-jwsd',
          htm: 'GET',
          uri: `http://localhost${networksUrl}`,
          created: now(),
        }
        const real = (await sign()).split('.')
        return { headers: { 'x-client-id': alice.clientId, 'detached-jws': `${b64(header)}..${real[2]}` } }
      },
      'JWS_ALGORITHM_REFUSED',
    ],
    ['missing detached-jws', async () => ({ headers: { 'x-client-id': alice.clientId } }), 'JWS_MISSING'],
    ['missing x-client-id', async () => ({ headers: { 'detached-jws': await sign() } }), 'CLIENT_ID_MISSING'],
    [
      'ath of another token',
      async () => ({
        headers: {
          'x-client-id': alice.clientId,
          authorization: 'GNAP token-one',
          'detached-jws': await sign({ accessToken: 'token-two' }),
        },
      }),
      'JWS_ATH_MISMATCH',
    ],
    [
      'access token without ath',
      async () => ({
        headers: {
          'x-client-id': alice.clientId,
          authorization: 'GNAP token-one',
          'detached-jws': await sign(),
        },
      }),
      'JWS_ATH_MISMATCH',
    ],
    [
      'ath without access token',
      async () => ({
        headers: { 'x-client-id': alice.clientId, 'detached-jws': await sign({ accessToken: 'x' }) },
      }),
      'JWS_ATH_MISMATCH',
    ],
    [
      'Authorization that is not GNAP',
      async () => ({
        headers: { 'x-client-id': alice.clientId, authorization: 'Bearer abc', 'detached-jws': await sign() },
      }),
      'AUTHORIZATION_MALFORMED',
    ],
    [
      'wrong typ',
      async () => {
        const real = (await sign()).split('.')
        const header = JSON.parse(Buffer.from(real[0]!, 'base64url').toString())
        return {
          headers: {
            'x-client-id': alice.clientId,
            'detached-jws': `${b64({ ...header, typ: 'JWT' })}..${real[2]}`,
          },
        }
      },
      'JWS_TYPE_INVALID',
    ],
    [
      'signature of another header',
      async () => {
        const real = (await sign()).split('.')
        const header = JSON.parse(Buffer.from(real[0]!, 'base64url').toString())
        return {
          headers: {
            'x-client-id': alice.clientId,
            'detached-jws': `${b64({ ...header, created: header.created - 1 })}..${real[2]}`,
          },
        }
      },
      'JWS_SIGNATURE_INVALID',
    ],
    [
      'flipped signature bit',
      async () => {
        const [h, , s] = (await sign()).split('.')
        const bytes = Buffer.from(s!, 'base64url')
        bytes[5] = (bytes[5] ?? 0) ^ 1
        return {
          headers: { 'x-client-id': alice.clientId, 'detached-jws': `${h}..${bytes.toString('base64url')}` },
        }
      },
      'JWS_SIGNATURE_INVALID',
    ],
    [
      'not a JWS',
      async () => ({ headers: { 'x-client-id': alice.clientId, 'detached-jws': 'hello' } }),
      'JWS_MALFORMED',
    ],
  ]

  it.each(cases)('%s', async (_name, build, code) => {
    const response = await send(await build())
    expect(response.statusCode, response.body).toBe(401)
    expect(response.json(), response.body).toEqual({ statusCode: 401, code, message: expect.any(String) })
  })

  it('a replay inside the window', async () => {
    const jws = await sign()
    const first = await send({ headers: { 'x-client-id': alice.clientId, 'detached-jws': jws } })
    expect(first.statusCode).toBe(200)
    const replay = await send({ headers: { 'x-client-id': alice.clientId, 'detached-jws': jws } })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('JWS_REPLAYED')
  })

  it('the same request twice in one second is accepted with distinct jti', async () => {
    const created = now()
    for (const jti of ['one', 'two']) {
      const jws = await sign({ created, jti })
      expect(
        (await send({ headers: { 'x-client-id': alice.clientId, 'detached-jws': jws } })).statusCode,
      ).toBe(200)
    }
  })
})

describe('detached-jws: checked alike alone and among other requests in flight', () => {
  // Alone on an idle loop, a signature is checked on the event loop; with other requests in flight (or a busy loop),
  // on another thread (Ed25519) or libuv's pool (the others). Both must accept the same signatures and refuse the same
  // forgeries; each path on its own is checked for every algorithm in src/core/crypto/jwsAlgorithms.test.ts.
  const forged = (jws: string) => {
    const [protectedB64, payload, signature] = jws.split('.') as [string, string, string]
    const bytes = Buffer.from(signature, 'base64url')
    bytes[10] = (bytes[10] ?? 0) ^ 1
    return `${protectedB64}.${payload}.${bytes.toString('base64url')}`
  }
  it.each(['ES256K', 'ES256', 'EdDSA', 'RS256'] as const)('%s', async (alg) => {
    const privateJwk = alice.keys.find((k) => k.publicJwk.alg === alg)!.privateJwk
    const request = async (bad: boolean) => {
      const jws = await sign({ privateJwk })
      return { 'x-client-id': alice.clientId, 'detached-jws': bad ? forged(jws) : jws }
    }
    const alone = [
      await send({ headers: await request(false) }),
      await send({ headers: await request(true) }),
    ]
    expect(alone.map((response) => response.statusCode)).toEqual([200, 401])
    const headers = await Promise.all([false, true, false, true, false].map(request))
    const together = await Promise.all(headers.map((h) => send({ headers: h })))
    expect(together.map((response) => response.statusCode)).toEqual([200, 401, 200, 401, 200])
    for (const response of [alone[1]!, together[1]!, together[3]!]) {
      expect(response.json().code).toBe('JWS_SIGNATURE_INVALID')
    }
  })
})

describe('replay stores', () => {
  it('uses the memory store by default with in-memory PGlite, the database store otherwise', () => {
    expect(replayStoreKind({ database: {} })).toBe('memory')
    expect(replayStoreKind({ database: { dataDir: '/var/lib/rampart' } })).toBe('database')
    expect(replayStoreKind({ database: { url: 'postgres://127.0.0.1/rampart' } })).toBe('database')
    expect(replayStoreKind({ database: {}, replayStore: 'database' })).toBe('database')
    expect(
      replayStoreKind({ database: { url: 'postgres://127.0.0.1/rampart' }, replayStore: 'memory' }),
    ).toBe('memory')
  })

  it('refuses a replay with the database store too, across gateway instances sharing the database', async () => {
    const withDatabaseStore = () =>
      buildGateway({
        config: { ...gateway.config, replayStore: 'database' },
        db: gateway.app.db,
        providers: [],
        logger: false,
      })
    const [one, two] = [await withDatabaseStore(), await withDatabaseStore()]
    try {
      const headers = { 'x-client-id': alice.clientId, 'detached-jws': await sign() }
      const accepted = await one.inject({ method: 'GET', url: networksUrl, headers })
      expect(accepted.statusCode).toBe(200)
      for (const instance of [one, two]) {
        const replayed = await instance.inject({ method: 'GET', url: networksUrl, headers })
        expect(replayed.statusCode).toBe(401)
        expect(replayed.json().code).toBe('JWS_REPLAYED')
      }
      const rows = await gateway.app.db
        .select()
        .from(seenSignatures)
        .where(eq(seenSignatures.clientId, alice.clientId))
      expect(rows).toHaveLength(1)
    } finally {
      await one.close()
      await two.close()
    }
  })
})

describe('client keys cache', () => {
  it('reads a client row changed behind its back (another instance) again after a second', async () => {
    const keys = new ClientKeys(gateway.app.db)
    const t = 1_000_000
    expect(await keys.keysOf(bob.clientId, t)).toEqual([bob.key.publicJwk])
    const next = await generateSigningJwk('EdDSA', `${bob.clientId}-next`)
    await gateway.app.db
      .update(clients)
      .set({ publicKeys: [bob.key.publicJwk, next.publicJwk] as never })
      .where(eq(clients.clientId, bob.clientId))
    expect(await keys.keysOf(bob.clientId, t + keysRevalidateAfterMs - 1)).toEqual([bob.key.publicJwk])
    expect(await keys.keysOf(bob.clientId, t + keysRevalidateAfterMs)).toEqual([
      bob.key.publicJwk,
      next.publicJwk,
    ])
    expect(await keys.keysOf('nobody-registered', t)).toBeUndefined()
  })
})

describe('admin key', () => {
  it('refuses admin routes without the right x-api-key', async () => {
    for (const key of [undefined, 'wrong', `${gateway.config.adminApiKey}x`]) {
      const response = await gateway.app.inject({
        method: 'GET',
        url: `/v1/admin/clients/${alice.clientId}`,
        headers: key === undefined ? {} : { 'x-api-key': key },
      })
      expect(response.statusCode).toBe(401)
      expect(response.json().code).toBe('ADMIN_KEY_INVALID')
    }
  })

  it('does not accept a client signature on admin routes', async () => {
    const response = await signedInject(gateway, alice, {
      method: 'GET',
      url: `/v1/admin/clients/${alice.clientId}`,
    })
    expect(response.statusCode).toBe(401)
  })
})
