import * as crypto from 'node:crypto'
import { CompactSign, type CryptoKey, compactVerify, type JWK, type KeyObject } from 'jose'
import { canonicalJson } from './canonicalJson'
import type { Decision } from './generated/decision'

/**
 * The key the evaluator signs attestations with. EdDSA (Ed25519) or ES256 (P-256), both through jose: jose 6 has
 * no ES256K, and an attestation needs no secp256k1 key.
 */
export interface AttestationKey {
  alg: 'EdDSA' | 'ES256'
  /** A private CryptoKey, a node:crypto KeyObject, or a private JWK. */
  privateKey: CryptoKey | KeyObject | JWK
  /** Goes into the protected header so verifiers can pick the public key. */
  kid?: string
}

/**
 * The policy set a decision was made under: a signed set's id, version and contentHash, and the hash of its
 * entities alone. Anyone holding the version (GET …/policy-versions/{n}) can check both hashes and decide again.
 */
export interface PolicySetReference {
  setId: string
  version: number
  /** Hex SHA-256 of the canonical JSON of the set's content (policies, entities, presets, governance). */
  contentHash: string
  /** Hex SHA-256 of the canonical JSON of the set's entities. */
  entitiesHash: string
}

/** What an attestation signs: the decision (without its attestation) and the digest of the request. */
export interface AttestationPayload {
  decision: Omit<Decision, 'attestation'>
  /** Hex SHA-256 of the canonical JSON (RFC 8785) of the evaluation request. */
  requestHash: string
  /** Unix seconds. */
  iat: number
  /**
   * The signed policy set decided under; absent in attestations made before governance, or by an evaluator
   * loaded without a signed set (which verify as before).
   */
  policySet?: PolicySetReference
}

export const ATTESTATION_TYPE = 'rampart-decision+jws'

/** One-shot hashing (Node 20.12 and later) skips the Hash object a digest otherwise takes. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash

/** Hex SHA-256 of the canonical JSON (RFC 8785) of a request. */
export function hashRequest(request: unknown): string {
  return sha256Hex(canonicalJson(request))
}

/** Hex SHA-256 of a text's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return oneShot ? oneShot('sha256', text, 'hex') : crypto.createHash('sha256').update(text).digest('hex')
}

/** Signs a compact JWS over the decision and the request's hash (and the policy set decided under, when given). */
export async function attest(
  decision: Omit<Decision, 'attestation'>,
  request: unknown,
  key: AttestationKey,
  now = Math.floor(Date.now() / 1000),
  policySet?: PolicySetReference,
): Promise<string> {
  const payload: AttestationPayload = {
    decision,
    requestHash: hashRequest(request),
    iat: now,
    ...(policySet ? { policySet } : {}),
  }
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: key.alg, typ: ATTESTATION_TYPE, ...(key.kid ? { kid: key.kid } : {}) })
    .sign(key.privateKey)
}

/**
 * Verifies an attestation with the evaluator's public key and checks it is about this request. Throws when the
 * signature, the type or the request hash does not match.
 */
export async function verifyAttestation(
  jws: string,
  publicKey: CryptoKey | KeyObject | JWK,
  request: unknown,
): Promise<AttestationPayload> {
  const { payload, protectedHeader } = await compactVerify(jws, publicKey, { algorithms: ['EdDSA', 'ES256'] })
  if (protectedHeader.typ !== ATTESTATION_TYPE) throw new Error(`attestation type is ${protectedHeader.typ}`)
  const decoded = JSON.parse(new TextDecoder().decode(payload)) as AttestationPayload
  if (decoded.requestHash !== hashRequest(request)) throw new Error('attestation is about another request')
  return decoded
}
