import type { PolicySetApproval } from '../generated/signedPolicySet'
import { type ApprovalStatement, POLICY_APPROVAL_TYPE, statementBytes } from './approvalStatement'
import { isApprovalAlgorithm, signWithJwk } from './credentialSignature'

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')

/**
 * Signs the statement of a policy set version with a credential's private JWK (its `alg`, and its `kid` or the
 * credential id naming it): the approval to add to the set, or to hand the gateway's approve endpoint. What an
 * approver's own tooling does; the gateway never holds these keys.
 */
export function signPolicySetApproval(
  statement: ApprovalStatement,
  privateJwk: Record<string, unknown>,
  credentialId: string,
): PolicySetApproval {
  const alg = privateJwk.alg
  if (!isApprovalAlgorithm(alg))
    throw new Error('the credential key needs an alg: EdDSA, ES256, ES256K or RS256')
  const kid = typeof privateJwk.kid === 'string' ? privateJwk.kid : credentialId
  const signingInput = `${b64(JSON.stringify({ alg, kid, typ: POLICY_APPROVAL_TYPE }))}.${b64(statementBytes(statement))}`
  const signature = signWithJwk(alg, privateJwk, Buffer.from(signingInput, 'ascii'))
  return { type: 'jws', credentialId, signature: `${signingInput}.${b64(signature)}` }
}
