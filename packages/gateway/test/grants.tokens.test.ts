import { describe, expect, it } from 'vitest'
import { issueToken } from './grantsFlow'
import { createTestConnection, registerTestClient, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
const alice = useTestClient(gateway)
const bob = useTestClient(gateway)
/** The connection of the last token issued. */
let connectionId: string

const managePath = (uri: string) => new URL(uri).pathname

async function manage(method: 'POST' | 'DELETE', uri: string, value: string | undefined, as = alice) {
  return signedInject(gateway, as, {
    method,
    url: managePath(uri),
    ...(value === undefined ? {} : { accessToken: value }),
  })
}

/** Each token on a connection of its own: a continued grant places its connections under its user's control. */
async function issueWalletsToken() {
  const ownConnection = (await createTestConnection(gateway, alice)).connectionId
  connectionId = ownConnection
  return {
    ...(await issueToken(gateway, alice, [ownConnection], ['wallets:read'])),
    connectionId: ownConnection,
  }
}

async function readWallets(value: string, token: { connectionId: string }) {
  return signedInject(gateway, alice, {
    method: 'GET',
    url: '/v1/provider/wallets',
    headers: { 'x-connection-id': token.connectionId },
    accessToken: value,
  })
}

describe('rotating an access token at its manage URI', () => {
  it('issues new access and management values with the same rights; the old ones stop working', async () => {
    const token = await issueWalletsToken()
    expect((await readWallets(token.value, token)).statusCode).toBe(200)

    const rotated = await manage('POST', token.manage.uri, token.manage.access_token.value)
    expect(rotated.statusCode, rotated.body).toBe(200)
    expect(rotated.headers['cache-control']).toBe('no-store')
    const next = rotated.json().access_token
    expect(next.value).not.toBe(token.value)
    expect(next.manage.uri).toBe(token.manage.uri)
    expect(next.manage.access_token.value).not.toBe(token.manage.access_token.value)
    expect(next.access).toEqual(token.access)
    expect(next.label).toBe(token.label)
    expect(next.expires_in).toBe(3600)

    const old = await readWallets(token.value, token)
    expect(old.statusCode).toBe(401)
    expect(old.json().code).toBe('GRANT_TOKEN_INVALID')
    expect((await readWallets(next.value, token)).statusCode).toBe(200)

    const oldManagement = await manage('POST', token.manage.uri, token.manage.access_token.value)
    expect(oldManagement.statusCode).toBe(401)
    expect(oldManagement.json().code).toBe('GRANT_MANAGEMENT_TOKEN_INVALID')
  })

  it('rotates once when the same management token is sent concurrently', async () => {
    const token = await issueWalletsToken()
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => manage('POST', token.manage.uri, token.manage.access_token.value)),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401, 401, 401])
  })

  it('refuses the access token itself, no token, and another client', async () => {
    const token = await issueWalletsToken()
    const withAccess = await manage('POST', token.manage.uri, token.value)
    expect(withAccess.json().code).toBe('GRANT_MANAGEMENT_TOKEN_INVALID')
    const without = await manage('POST', token.manage.uri, undefined)
    expect(without.statusCode).toBe(401)
    expect(without.json().code).toBe('GRANT_MANAGEMENT_TOKEN_MISSING')
    const foreign = await manage('POST', token.manage.uri, token.manage.access_token.value, bob)
    expect(foreign.statusCode).toBe(401)
    expect(foreign.json().code).toBe('GRANT_MANAGEMENT_TOKEN_INVALID')
    // None of these rotated it.
    expect((await readWallets(token.value, token)).statusCode).toBe(200)
  })
})

describe('the key an access token is bound to', () => {
  it('is the key that asked for it: another key of the same client can neither use nor manage it', async () => {
    const twoKeys = await registerTestClient(gateway, ['ES256K', 'EdDSA'])
    const otherKey = twoKeys.keys[1]!.privateJwk
    const ownConnection = (await createTestConnection(gateway, twoKeys)).connectionId
    const token = await issueToken(gateway, twoKeys, [ownConnection], ['wallets:read'])
    const read = (privateJwk = twoKeys.key.privateJwk, value = token.value) =>
      signedInject(gateway, twoKeys, {
        method: 'GET',
        url: '/v1/provider/wallets',
        headers: { 'x-connection-id': ownConnection },
        accessToken: value,
        privateJwk,
      })
    expect((await read()).statusCode).toBe(200)
    const byOtherKey = await read(otherKey)
    expect(byOtherKey.statusCode).toBe(401)
    expect(byOtherKey.json().code).toBe('GRANT_TOKEN_INVALID')

    const manageWith = (method: 'POST' | 'DELETE', privateJwk = otherKey) =>
      signedInject(gateway, twoKeys, {
        method,
        url: managePath(token.manage.uri),
        accessToken: token.manage.access_token.value,
        privateJwk,
      })
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await manageWith(method)
      expect(response.statusCode).toBe(401)
      expect(response.json().code).toBe('GRANT_MANAGEMENT_TOKEN_INVALID')
    }
    // Neither rotated nor revoked it; the bound key still can.
    expect((await read()).statusCode).toBe(200)
    const rotated = await manageWith('POST', twoKeys.key.privateJwk)
    expect(rotated.statusCode, rotated.body).toBe(200)
    expect((await read(twoKeys.key.privateJwk, rotated.json().access_token.value)).statusCode).toBe(200)
    expect((await read(otherKey, rotated.json().access_token.value)).statusCode).toBe(401)
  })
})

describe('revoking an access token at its manage URI', () => {
  it('answers 204, the token stops working at once, and revoking again is still 204', async () => {
    const token = await issueWalletsToken()
    const revoked = await manage('DELETE', token.manage.uri, token.manage.access_token.value)
    expect(revoked.statusCode).toBe(204)
    expect(revoked.body).toBe('')
    const after = await readWallets(token.value, token)
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe('GRANT_TOKEN_REVOKED')
    expect((await manage('DELETE', token.manage.uri, token.manage.access_token.value)).statusCode).toBe(204)
    const rotate = await manage('POST', token.manage.uri, token.manage.access_token.value)
    expect(rotate.statusCode).toBe(401)
    expect(rotate.json().code).toBe('GRANT_TOKEN_REVOKED')
  })

  it('keeps the connection under the grant: without a token it stays closed', async () => {
    const response = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/wallets',
      headers: { 'x-connection-id': connectionId },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('GRANT_TOKEN_REQUIRED')
  })
})
