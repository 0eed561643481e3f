import { createPublicKey, type JsonWebKey, verify } from 'node:crypto'
import { ATTESTATION_TYPE, hashRequest } from '../attestation'
import { canonicalJson } from '../canonicalJson'
import type { LoggedDecision } from '../generated/decisionLogEntry'

/** The algorithms a gateway signs decisions with (ES256K, EdDSA) and the evaluator's own (ES256). */
const algorithms = new Set(['EdDSA', 'ES256K', 'ES256'])

/**
 * A public key ready to verify attestations, imported once, not per entry: whether a signature by `alg` over
 * `input` verifies. (A function, not node:crypto's KeyObject: the published declarations name jose's KeyObject.)
 */
export type AttestationPublicKey = {
  verifies: (alg: string, input: Uint8Array, signature: Uint8Array) => boolean
  kid?: string
}

/** Imports the gateway's public attestation key (a JWK); throws with node:crypto's message when it is not one. */
export function attestationPublicKey(jwk: Record<string, unknown>): AttestationPublicKey {
  if ('d' in jwk) throw new Error('the key holds a private member (d): give the public key only')
  const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' })
  const verifies = (alg: string, input: Uint8Array, signature: Uint8Array) => {
    try {
      return alg === 'EdDSA'
        ? verify(null, input, key, signature)
        : verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature)
    } catch {
      // A signature of another key type or length: it does not verify.
      return false
    }
  }
  return { verifies, ...(typeof jwk.kid === 'string' ? { kid: jwk.kid } : {}) }
}

const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

/**
 * Why a logged decision's attestation does not hold, or undefined when it does: the JWS verifies with the key, is
 * a decision attestation, names the SHA-256 of the logged evaluation request, and signs exactly the logged decision.
 * A decision without an attestation does not hold either: whoever could drop one could alter the decision.
 */
export function attestationProblem(
  decided: LoggedDecision,
  publicKey: AttestationPublicKey,
): string | undefined {
  const jws = decided.attestation
  if (typeof jws !== 'string') return 'the decision has no attestation'
  const parts = jws.split('.')
  if (parts.length !== 3) return 'the attestation is not a compact JWS'
  const [header, payload, signature] = parts as [string, string, string]
  let protectedHeader: { alg?: unknown; typ?: unknown; kid?: unknown }
  let claims: { decision?: unknown; requestHash?: unknown }
  try {
    protectedHeader = decodeJson(header) as typeof protectedHeader
    claims = decodeJson(payload) as typeof claims
  } catch {
    return 'the attestation header or payload is not JSON'
  }
  if (typeof protectedHeader.alg !== 'string' || !algorithms.has(protectedHeader.alg))
    return `the attestation's algorithm ${String(protectedHeader.alg)} is not EdDSA, ES256K or ES256`
  if (protectedHeader.typ !== ATTESTATION_TYPE) return `the attestation's type is not ${ATTESTATION_TYPE}`
  if (
    publicKey.kid !== undefined &&
    protectedHeader.kid !== undefined &&
    protectedHeader.kid !== publicKey.kid
  )
    return `the attestation was signed with key ${String(protectedHeader.kid)}, not ${publicKey.kid}`
  const input = Buffer.from(`${header}.${payload}`)
  const bytes = Buffer.from(signature, 'base64url')
  const valid = publicKey.verifies(protectedHeader.alg, input, bytes)
  if (!valid) return 'the attestation signature does not verify with the key'
  if (claims.requestHash !== hashRequest(decided.evaluationRequest))
    return 'the attestation is about another evaluation request'
  if (canonicalJson(claims.decision) !== canonicalJson(decided.decision))
    return 'the attestation signs another decision'
  return undefined
}
