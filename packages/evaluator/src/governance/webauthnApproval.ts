import { createHash } from 'node:crypto'
import type { PolicySetApproval } from '../generated/signedPolicySet'
import { statementChallenge } from './approvalStatement'
import type { ApprovalVerifier } from './approvalTypes'
import { verifyWebAuthnSignature } from './credentialSignature'

// authenticatorData: rpIdHash (32 bytes), flags (1), signCount (4), then optional extensions.
const AUTHENTICATOR_DATA_MIN = 37
const USER_PRESENT = 0x01
const USER_VERIFIED = 0x04
const BASE64URL = /^[A-Za-z0-9_-]+$/

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()
const base64url = (value: unknown) =>
  typeof value === 'string' && BASE64URL.test(value) ? Buffer.from(value, 'base64url') : undefined

function clientDataOf(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * A passkey approval: a WebAuthn assertion by a passkey credential of the entities, whose challenge is the
 * statement's (base64url SHA-256 of its canonical JSON). Checked here with node:crypto alone, with no state, so a
 * set verifies the same wherever it is loaded: the client data says `webauthn.get`, this challenge and one of the
 * origins the governing set names; the authenticator data names its RP id and says the user was present and
 * verified; the signature over authenticatorData ‖ SHA-256(clientDataJSON) verifies with the passkey's key. (The
 * signature counter is a gateway's business: an approval replayed is the same approval of the same statement.)
 */
export const verifyWebAuthnApproval: ApprovalVerifier = (approval, credential, statement, context) => {
  const relyingParty = context?.governance.webauthn
  if (!relyingParty)
    return 'is a passkey approval, but the approving set names no WebAuthn relying party (governance.webauthn)'
  if (typeof credential.webauthn?.credentialId !== 'string')
    return 'is a passkey approval by a credential that is no passkey (it has no webauthn)'
  const authenticatorData = base64url(approval.data?.authenticatorData)
  const clientDataJSON = base64url(approval.data?.clientDataJSON)
  const signature = base64url(approval.signature)
  if (!authenticatorData || authenticatorData.length < AUTHENTICATOR_DATA_MIN)
    return `has no data.authenticatorData of ${AUTHENTICATOR_DATA_MIN} bytes or more (base64url)`
  if (!clientDataJSON) return 'has no data.clientDataJSON (base64url)'
  if (!signature) return 'has no signature (base64url)'
  const clientData = clientDataOf(clientDataJSON)
  if (!clientData) return 'has a clientDataJSON that is not a JSON object'
  if (clientData.type !== 'webauthn.get')
    return 'is not an assertion (clientDataJSON type must be webauthn.get)'
  if (clientData.challenge !== statementChallenge(statement))
    return 'answers another challenge than this version of the set (setId, version, previousHash, contentHash)'
  if (typeof clientData.origin !== 'string' || !relyingParty.origins.includes(clientData.origin))
    return 'was made on an origin that governance.webauthn.origins does not name'
  if (clientData.crossOrigin === true) return 'was made in a cross-origin frame'
  if (!authenticatorData.subarray(0, 32).equals(sha256(relyingParty.rpId)))
    return 'is made for another RP id than governance.webauthn.rpId'
  const flags = authenticatorData[32] as number
  if ((flags & USER_PRESENT) === 0) return 'was made without the user present (flag UP)'
  if ((flags & USER_VERIFIED) === 0) return 'was made without user verification (flag UV)'
  const signed = Buffer.concat([authenticatorData, sha256(clientDataJSON)])
  if (!verifyWebAuthnSignature(credential.key, signed, signature))
    return 'has a signature that does not verify with the passkey'
  return undefined
}

/** The response members of a WebAuthn assertion, as a browser's navigator.credentials.get gives them (base64url). */
export interface WebAuthnAssertionResponse {
  authenticatorData: string
  clientDataJSON: string
  signature: string
}

/**
 * The approval a passkey assertion makes (as @simplewebauthn/browser's startAuthentication returns it): the
 * credential named by its entities id, the signature and the data the verifier reads.
 */
export const webauthnApprovalOf = (
  credentialId: string,
  response: WebAuthnAssertionResponse,
): PolicySetApproval => ({
  type: 'webauthn',
  credentialId,
  signature: response.signature,
  data: { authenticatorData: response.authenticatorData, clientDataJSON: response.clientDataJSON },
})
