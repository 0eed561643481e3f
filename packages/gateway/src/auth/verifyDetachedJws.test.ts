import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../core/crypto/generateSigningJwk'
import { signRequest } from './signRequest'
import { verifyDetachedJws } from './verifyDetachedJws'

const url = 'https://gateway.example.com/v1/provider/transfers?dryRun=1'
const body = '{"amount":"1"}'

/** What the gateway hands verifyDetachedJws for a GET of `url` signed with `key`. */
const signedGet = (jws: string, key: { publicJwk: object }, now: number) => ({
  jws,
  method: 'GET',
  url: '/v1/provider/transfers?dryRun=1',
  body: new Uint8Array(),
  keys: [key.publicJwk],
  now,
  maxAgeSeconds: 60,
})

describe('verifyDetachedJws', () => {
  it.each(['ES256K', 'ES256', 'EdDSA', 'RS256'] as const)(
    'verifies %s, detached or attached, and binds the body',
    async (alg) => {
      const key = await generateSigningJwk(alg, 'k')
      const now = Math.floor(Date.now() / 1000)
      for (const attachPayload of [false, true]) {
        const jws = await signRequest({
          method: 'POST',
          url,
          body,
          privateJwk: key.privateJwk,
          created: now,
          attachPayload,
        })
        const input = {
          jws,
          method: 'POST',
          url: '/v1/provider/transfers?dryRun=1',
          body: Buffer.from(body),
          keys: [key.publicJwk],
          now,
          maxAgeSeconds: 60,
          origin: 'https://gateway.example.com',
        }
        const verified = await verifyDetachedJws(input)
        expect(verified.header).toMatchObject({ alg, kid: 'k', htm: 'POST', uri: url, created: now })
        await expect(
          verifyDetachedJws({ ...input, body: Buffer.from('{"amount":"2"}') }),
        ).rejects.toMatchObject({
          httpStatus: 401,
        })
        await expect(
          verifyDetachedJws({ ...input, origin: 'https://evil.example.com' }),
        ).rejects.toMatchObject({
          code: 'JWS_ORIGIN_MISMATCH',
        })
      }
    },
  )

  it('gives the same replay key to the same signed request, and another to another', async () => {
    const key = await generateSigningJwk('ES256K', 'k')
    const now = Math.floor(Date.now() / 1000)
    const input = async (jti: string) => ({
      ...signedGet(
        await signRequest({ method: 'GET', url, privateJwk: key.privateJwk, created: now, jti }),
        key,
        now,
      ),
      origin: 'https://gateway.example.com',
    })
    const a = await verifyDetachedJws(await input('a'))
    const a2 = await verifyDetachedJws(await input('a'))
    const b = await verifyDetachedJws(await input('b'))
    expect(a.replayKey).toBe(a2.replayKey)
    expect(a.replayKey).not.toBe(b.replayKey)
  })

  it('binds the origin: scheme, host and port, and refuses when the request has none', async () => {
    const key = await generateSigningJwk('ES256', 'k')
    const now = Math.floor(Date.now() / 1000)
    const jws = await signRequest({ method: 'GET', url, privateJwk: key.privateJwk, created: now })
    const input = signedGet(jws, key, now)
    for (const origin of [
      'http://gateway.example.com',
      'https://gateway.example.com:8443',
      'https://evil.example.com',
      undefined,
    ]) {
      await expect(verifyDetachedJws({ ...input, origin })).rejects.toMatchObject({
        httpStatus: 401,
        code: 'JWS_ORIGIN_MISMATCH',
      })
    }
    // The default port is the same origin, written or not.
    const explicitPort = await signRequest({
      method: 'GET',
      url: 'https://gateway.example.com:443/v1/provider/transfers?dryRun=1',
      privateJwk: key.privateJwk,
      created: now,
    })
    await expect(
      verifyDetachedJws({ ...input, jws: explicitPort, origin: 'https://gateway.example.com' }),
    ).resolves.toMatchObject({ header: { kid: 'k' } })
  })
})
