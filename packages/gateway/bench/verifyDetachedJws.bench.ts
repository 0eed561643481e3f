// `pnpm bench`: the full detached-JWS check of one request (header checks, body hash, signature) against the bare
// signature verification of the same bytes (the baseline no request authentication can go below), per algorithm.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { flattenedVerify, importJWK } from 'jose'
import { bench, describe } from 'vitest'
import { signRequest } from '../src/auth/signRequest'
import { sha256Base64Url, verifyDetachedJws } from '../src/auth/verifyDetachedJws'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import type { JwsAlgorithm } from '../src/core/crypto/jwsAlgorithms'

const body = JSON.stringify({ provider: 'local', label: 'Treasury', encryptedCredentials: 'x'.repeat(1200) })
const url = 'https://gateway.example.com/v1/provider/connections'

for (const alg of ['ES256K', 'ES256', 'EdDSA'] as JwsAlgorithm[]) {
  const key = await generateSigningJwk(alg, 'k')
  const created = Math.floor(Date.now() / 1000)
  const jws = await signRequest({ method: 'POST', url, body, privateJwk: key.privateJwk, created })
  const [protectedB64, , signatureB64] = jws.split('.') as [string, string, string]
  const payloadB64 = sha256Base64Url(body)
  const bodyBytes = Buffer.from(body)
  const publicPoint =
    alg === 'ES256K'
      ? Uint8Array.from([
          4,
          ...Buffer.from(key.publicJwk.x!, 'base64url'),
          ...Buffer.from(key.publicJwk.y!, 'base64url'),
        ])
      : new Uint8Array()
  const joseKey = alg === 'ES256K' ? undefined : await importJWK(key.publicJwk, alg)
  const signingInput = Buffer.from(`${protectedB64}.${payloadB64}`)
  const signature = Buffer.from(signatureB64, 'base64url')

  describe(`${alg}: authenticate one signed POST`, () => {
    bench('signature verification alone (baseline)', async () => {
      if (alg === 'ES256K') secp256k1.verify(signature, signingInput, publicPoint, { prehash: true })
      else
        await flattenedVerify(
          { protected: protectedB64, payload: payloadB64, signature: signatureB64 },
          joseKey!,
        )
    })
    bench('verifyDetachedJws (header checks, body hash, key lookup, signature)', async () => {
      await verifyDetachedJws({
        jws,
        method: 'POST',
        url: '/v1/provider/connections',
        body: bodyBytes,
        keys: [key.publicJwk],
        now: created,
        maxAgeSeconds: 60,
        origin: 'https://gateway.example.com',
      })
    })
  })
}
