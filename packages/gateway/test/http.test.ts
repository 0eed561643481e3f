import { createHash, randomUUID } from 'node:crypto'
import { CompactEncrypt, FlattenedSign, importJWK, type JWK } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { signRequest } from '../src/auth/signRequest'
import { generateSigningJwk, type SigningKeyPair } from '../src/core/crypto/generateSigningJwk'
import { useTestGateway } from './support/useTestGateway'

// One gateway listening on loopback for the tests that talk to it over real HTTP, each as its own client.
const gateway = useTestGateway()
let base: string

beforeAll(async () => {
  base = await gateway.app.listen({ host: '127.0.0.1', port: 0 })
})

/** A client as it would be written outside the gateway: fetch, and a request signed with the client's key. */
function clientFor(clientId: string, key: SigningKeyPair) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const url = `${base}${path}`
    const jws = await signRequest({
      method,
      url,
      privateJwk: key.privateJwk,
      ...(text === undefined ? {} : { body: text }),
    })
    const response = await fetch(url, {
      method,
      headers: {
        'x-client-id': clientId,
        'detached-jws': jws,
        ...(text === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(text === undefined ? {} : { body: text }),
    })
    const raw = await response.text()
    return { status: response.status, body: raw === '' ? undefined : JSON.parse(raw) }
  }
}

describe('end to end over real HTTP', () => {
  it('registers a client, connects the local provider, reads wallets, and revokes', async () => {
    const key = await generateSigningJwk('ES256K', 'e2e-key')
    const registration = await fetch(`${base}/v1/admin/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': gateway.config.adminApiKey },
      body: JSON.stringify({ clientId: 'e2e-client', name: 'E2E', publicKeys: [key.publicJwk] }),
    })
    expect(registration.status).toBe(201)
    const registered = (await registration.json()) as { data: { publicKeys: object[] } }
    expect(registered.data.publicKeys[0]).not.toHaveProperty('d')

    const call = clientFor('e2e-client', key)
    const transit = await call('POST', '/v1/vault/encryption-keys')
    expect(transit.status).toBe(201)
    const publicKey = await importJWK(transit.body.publicKey, 'RSA-OAEP-256')
    const encryptedCredentials = await new CompactEncrypt(
      new TextEncoder().encode(JSON.stringify({ passphrase: 'end to end passphrase' })),
    )
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: transit.body.publicKey.kid })
      .encrypt(publicKey)

    const created = await call('POST', '/v1/provider/connections', {
      provider: 'local',
      label: 'E2E',
      encryptedCredentials,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const connectionId = created.body.data.connectionId

    const wallets = await call('GET', '/v1/provider/wallets?limit=10&desc=true')
    expect(wallets.status).toBe(200)
    expect(wallets.body.data).toHaveLength(1)
    expect(wallets.body.page).toEqual({ next: null })

    const walletId = wallets.body.data[0].walletId
    const wallet = await call('GET', `/v1/provider/wallets/${walletId}`)
    expect(wallet.body.data.walletId).toBe(walletId)

    const networks = await call('GET', '/v1/provider/networks?type=evm&limit=5')
    expect(networks.body.data).toHaveLength(5)
    const next = await call('GET', `/v1/provider/networks?type=evm&limit=5&cursor=${networks.body.page.next}`)
    expect(next.body.data[0].networkId).not.toBe(networks.body.data[0].networkId)

    const revoked = await call('DELETE', `/v1/provider/connections/${connectionId}`)
    expect(revoked.status).toBe(204)
    const after = await call('GET', '/v1/provider/wallets')
    expect(after.body.data).toEqual([])

    const docs = await fetch(`${base}/openapi.json`)
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.1.0')
  })
})

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
