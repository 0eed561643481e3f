import { cose, decodeCredentialPublicKey, isoCBOR } from '@simplewebauthn/server/helpers'

/** A passkey's public key as the entities hold it: a JWK an authenticator could make (P-256 or Ed25519). */
export type PasskeyJwk =
  | { kty: 'EC'; crv: 'P-256'; alg: 'ES256'; x: string; y: string }
  | { kty: 'OKP'; crv: 'Ed25519'; alg: 'EdDSA'; x: string }

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const bytes = (value: string) => new Uint8Array(Buffer.from(value, 'base64url'))

/**
 * The JWK of the COSE key an authenticator registered, or a reason it is refused: only ES256 on P-256 and EdDSA on
 * Ed25519, the keys Entities credentials hold for passkeys (RSA and other curves are refused, not converted).
 */
export function coseToJwk(coseKey: Uint8Array<ArrayBuffer>): PasskeyJwk | string {
  let key: ReturnType<typeof decodeCredentialPublicKey>
  try {
    key = decodeCredentialPublicKey(coseKey)
  } catch {
    return 'the public key is not a COSE key'
  }
  // CBOR that decodes to something other than a map (a number, a list) is no key either.
  if (!(key instanceof Map)) return 'the public key is not a COSE key'
  const alg = key.get(cose.COSEKEYS.alg)
  if (cose.isCOSEPublicKeyEC2(key)) {
    const x = key.get(cose.COSEKEYS.x)
    const y = key.get(cose.COSEKEYS.y)
    if (alg === cose.COSEALG.ES256 && key.get(cose.COSEKEYS.crv) === cose.COSECRV.P256 && x && y)
      return { kty: 'EC', crv: 'P-256', alg: 'ES256', x: b64(x), y: b64(y) }
  }
  if (cose.isCOSEPublicKeyOKP(key)) {
    const x = key.get(cose.COSEKEYS.x)
    if (alg === cose.COSEALG.EdDSA && key.get(cose.COSEKEYS.crv) === cose.COSECRV.ED25519 && x)
      return { kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', x: b64(x) }
  }
  return 'the passkey uses an algorithm other than ES256 (P-256) or EdDSA (Ed25519)'
}

/** The COSE encoding of a passkey's JWK, as @simplewebauthn/server verifies assertions with. */
export function jwkToCose(jwk: Record<string, unknown>): Uint8Array | undefined {
  const map = new Map<number, number | Uint8Array>()
  if (jwk.kty === 'EC' && jwk.crv === 'P-256' && typeof jwk.x === 'string' && typeof jwk.y === 'string') {
    map.set(cose.COSEKEYS.kty, cose.COSEKTY.EC2)
    map.set(cose.COSEKEYS.alg, cose.COSEALG.ES256)
    map.set(cose.COSEKEYS.crv, cose.COSECRV.P256)
    map.set(cose.COSEKEYS.x, bytes(jwk.x))
    map.set(cose.COSEKEYS.y, bytes(jwk.y))
  } else if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string') {
    map.set(cose.COSEKEYS.kty, cose.COSEKTY.OKP)
    map.set(cose.COSEKEYS.alg, cose.COSEALG.EdDSA)
    map.set(cose.COSEKEYS.crv, cose.COSECRV.ED25519)
    map.set(cose.COSEKEYS.x, bytes(jwk.x))
  } else return undefined
  return isoCBOR.encode(map as never)
}
