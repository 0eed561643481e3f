import { POLICY_APPROVAL_TYPE, statementBytes } from './approvalStatement'
import type { ApprovalVerifier } from './approvalTypes'
import { isApprovalAlgorithm, verifySignature } from './credentialSignature'
import { verifyWebAuthnApproval } from './webauthnApproval'

export type { ApprovalContext, ApprovalCredential, ApprovalVerifier } from './approvalTypes'

function decodeJson(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * A compact JWS (typ rampart-policy-approval+jws, kid the credential's id or its key's kid) whose payload is the
 * statement's canonical JSON byte for byte.
 */
export const verifyJwsApproval: ApprovalVerifier = (approval, credential, statement) => {
  const parts = approval.signature.split('.')
  if (parts.length !== 3) return 'is not a compact JWS'
  const [headerB64, payloadB64, signatureB64] = parts as [string, string, string]
  const header = decodeJson(headerB64)
  if (!header) return 'has no readable JWS header'
  if (header.typ !== POLICY_APPROVAL_TYPE) return `must have typ ${POLICY_APPROVAL_TYPE}`
  if (header.kid !== credential.id && header.kid !== credential.key.kid)
    return 'names in its kid another credential than credentialId'
  if (header.crit !== undefined) return 'carries critical header parameters, which are not understood'
  const alg = header.alg
  if (!isApprovalAlgorithm(alg)) return 'uses an algorithm that is not accepted'
  const expected = Buffer.from(statementBytes(statement))
  if (!Buffer.from(payloadB64, 'base64url').equals(expected))
    return 'signs another statement than this version of the set (setId, version, previousHash, contentHash)'
  const input = Buffer.from(`${headerB64}.${payloadB64}`, 'ascii')
  if (!verifySignature(alg, credential.key, input, Buffer.from(signatureB64, 'base64url')))
    return 'has a signature that does not verify with the credential'
  return undefined
}

/**
 * The verifiers the evaluator knows itself, always used: JWS over the entities' JWKs, and WebAuthn assertions of
 * their passkeys. A set therefore verifies the same wherever it is loaded; a caller's verifiers add other types only.
 */
export const DEFAULT_APPROVAL_VERIFIERS: Readonly<Record<string, ApprovalVerifier>> = Object.freeze({
  jws: verifyJwsApproval,
  webauthn: verifyWebAuthnApproval,
})
