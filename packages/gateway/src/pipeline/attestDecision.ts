import { createPrivateKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto'
import { ATTESTATION_TYPE, type Decision, hashRequest } from '@rampart/evaluator'
import type { JWK } from 'jose'

// secp256k1 group order: signatures are normalized to low S, as Ethereum tooling and @noble/curves expect.
const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

const keys = new WeakMap<JWK, KeyObject>()

/**
 * Signs a decision as the gateway: a compact JWS (ES256K, `typ` rampart-decision+jws) over
 * `{decision, requestHash, iat}`, the evaluator's attestation payload, where requestHash is the SHA-256 of the
 * canonical JSON of the evaluation request. Anyone holding the gateway's public key can check that this decision
 * was made about exactly this request.
 */
export function attestDecision(
  decision: Omit<Decision, 'attestation'>,
  evaluationRequest: unknown,
  privateJwk: JWK,
  now = Math.floor(Date.now() / 1000),
): string {
  let key = keys.get(privateJwk)
  if (!key) {
    key = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' })
    keys.set(privateJwk, key)
  }
  const header = { alg: 'ES256K', typ: ATTESTATION_TYPE, ...(privateJwk.kid ? { kid: privateJwk.kid } : {}) }
  const payload = { decision, requestHash: hashRequest(evaluationRequest), iat: now }
  const signingInput = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(payload))}`
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' })
  return `${signingInput}.${Buffer.from(lowS(signature)).toString('base64url')}`
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
