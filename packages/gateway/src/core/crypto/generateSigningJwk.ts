import { randomUUID } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { JwsAlgorithm } from './jwsAlgorithms'

export type SigningKeyPair = { privateJwk: JWK; publicJwk: JWK }

/**
 * A new signing key pair as JWKs, for any accepted algorithm. ES256K keys come from @noble/curves (jose
 * cannot generate secp256k1 keys); the others from jose.
 */
export async function generateSigningJwk(
  alg: JwsAlgorithm,
  kid: string = randomUUID(),
): Promise<SigningKeyPair> {
  if (alg === 'ES256K') {
    const secret = secp256k1.utils.randomSecretKey()
    const point = secp256k1.getPublicKey(secret, false)
    const publicJwk: JWK = {
      kty: 'EC',
      crv: 'secp256k1',
      alg,
      kid,
      x: Buffer.from(point.subarray(1, 33)).toString('base64url'),
      y: Buffer.from(point.subarray(33, 65)).toString('base64url'),
    }
    return { publicJwk, privateJwk: { ...publicJwk, d: Buffer.from(secret).toString('base64url') } }
  }
  const { publicKey, privateKey } = await generateKeyPair(alg, {
    extractable: true,
    ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}),
  })
  const publicJwk = { ...(await exportJWK(publicKey)), alg, kid }
  const privateJwk = { ...(await exportJWK(privateKey)), alg, kid }
  return { publicJwk, privateJwk }
}
