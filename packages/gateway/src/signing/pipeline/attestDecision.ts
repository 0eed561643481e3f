import { createPrivateKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto'
import { ATTESTATION_TYPE, type Decision, hashRequest, type PolicySetReference } from '@rampart/evaluator'
import type { JWK } from 'jose'
import { type Ed25519PrivateKey, ed25519PrivateKey, ed25519Thread } from '../../core/crypto/ed25519Thread'

// secp256k1 group order: signatures are normalized to low S, as Ethereum tooling and @noble/curves expect.
const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

type AttestationKey =
  | { alg: 'EdDSA'; ed25519: Ed25519PrivateKey; header: string }
  | { alg: 'ES256K'; key: KeyObject; header: string }
const keys = new WeakMap<JWK, AttestationKey>()

/** The imported key, its algorithm (from the key type) and the encoded JWS header, made once per key. */
function attestationKey(privateJwk: JWK): AttestationKey {
  let imported = keys.get(privateJwk)
  if (!imported) {
    const alg = privateJwk.kty === 'OKP' && privateJwk.crv === 'Ed25519' ? 'EdDSA' : 'ES256K'
    // Imported by node:crypto in both cases, so that a malformed key fails here, with its usual message.
    const key = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' })
    const header = b64(
      JSON.stringify({ alg, typ: ATTESTATION_TYPE, ...(privateJwk.kid ? { kid: privateJwk.kid } : {}) }),
    )
    imported =
      alg === 'EdDSA'
        ? { alg, ed25519: ed25519PrivateKey(Buffer.from(privateJwk.d as string, 'base64url')), header }
        : { alg, key, header }
    keys.set(privateJwk, imported)
  }
  return imported
}

/**
 * Signs a decision as the gateway: a compact JWS (ES256K, or EdDSA for an Ed25519 attestation key, which costs
 * about a fifteenth as much to sign; `typ` rampart-decision+jws) over
 * `{decision, requestHash, iat, policySet?}`, the evaluator's attestation payload, where requestHash is the SHA-256 of the
 * canonical JSON of the evaluation request. Anyone holding the gateway's public key can check that this decision
 * was made about exactly this request.
 */
export async function attestDecision(
  decision: Omit<Decision, 'attestation'>,
  evaluationRequest: unknown,
  privateJwk: JWK,
  now = Math.floor(Date.now() / 1000),
  /** The signed policy set decided under (a governed client's), named in the payload; absent before governance. */
  policySet?: PolicySetReference,
): Promise<string> {
  const key = attestationKey(privateJwk)
  const payload = {
    decision,
    requestHash: hashRequest(evaluationRequest),
    iat: now,
    ...(policySet ? { policySet } : {}),
  }
  const signingInput = Buffer.from(`${key.header}.${b64(JSON.stringify(payload))}`)
  const signature =
    key.alg === 'EdDSA'
      ? await ed25519Thread.sign(key.ed25519, signingInput)
      : lowS(await signOffThread('sha256', signingInput, key.key))
  return `${signingInput}.${Buffer.from(signature).toString('base64url')}`
}

/**
 * Signs in libuv's thread pool, so the event loop serves other requests meanwhile: an ES256K signature takes
 * OpenSSL several hundred microseconds. (Ed25519 ones go to the gateway's Ed25519 thread.)
 */
function signOffThread(digest: 'sha256', input: Buffer, key: KeyObject): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    sign(digest, input, { key, dsaEncoding: 'ieee-p1363' }, (error, signature) =>
      error ? reject(error) : resolve(signature),
    ),
  )
}

function b64(text: string): string {
  return Buffer.from(text).toString('base64url')
}

function lowS(signature: Uint8Array): Uint8Array {
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)
  if (s <= n / 2n) return signature
  const out = new Uint8Array(64)
  out.set(signature.subarray(0, 32))
  out.set(Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex'), 32)
  return out
}
