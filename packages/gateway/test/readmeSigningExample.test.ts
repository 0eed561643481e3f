import { createHash, randomUUID } from 'node:crypto'
import { FlattenedSign, importJWK, type JWK } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { useTestGateway } from './support/useTestGateway'

// The README's "How to sign a request" example, verbatim apart from where the key comes from:
// if this test breaks, the README is wrong.
async function signedFetch(clientId: string, privateJwk: JWK, method: string, url: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body)
  // The JWS payload is the SHA-256 of the exact body bytes sent (of no bytes for a GET).
  const digest = createHash('sha256').update(text).digest()
  const jws = await new FlattenedSign(digest)
    .setProtectedHeader({
      alg: 'ES256',
      kid: privateJwk.kid,
      typ: 'gnap-binding-jwsd',
      htm: method,
      uri: url,
      created: Math.floor(Date.now() / 1000),
      jti: randomUUID(),
    })
    .sign(await importJWK(privateJwk, 'ES256'))
  return fetch(url, {
    method,
    headers: {
      'x-client-id': clientId,
      // Detached: the payload segment is left empty; the gateway hashes the body it receives.
      'detached-jws': `${jws.protected}..${jws.signature}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: text }),
  })
}

const gateway = useTestGateway()
let base: string

beforeAll(async () => {
  base = await gateway.app.listen({ host: '127.0.0.1', port: 0 })
})

describe('README: how to sign a request', () => {
  it('works against a running gateway, for a GET and a POST', async () => {
    const key = await generateSigningJwk('ES256', 'my-key-1')
    const registered = await gateway.app.inject({
      method: 'POST',
      url: '/v1/admin/clients',
      headers: { 'x-api-key': gateway.config.adminApiKey },
      payload: { clientId: 'readme-client', name: 'README', publicKeys: [key.publicJwk] },
    })
    expect(registered.statusCode).toBe(201)
    const list = await signedFetch(
      'readme-client',
      key.privateJwk,
      'GET',
      `${base}/v1/provider/networks?limit=3`,
    )
    expect(list.status).toBe(200)
    const created = await signedFetch(
      'readme-client',
      key.privateJwk,
      'POST',
      `${base}/v1/vault/encryption-keys`,
    )
    expect(created.status).toBe(201)
    const invalid = await signedFetch(
      'readme-client',
      key.privateJwk,
      'POST',
      `${base}/v1/provider/connections`,
      {
        provider: 'local',
      },
    )
    expect(invalid.status).toBe(422)
  })
})
