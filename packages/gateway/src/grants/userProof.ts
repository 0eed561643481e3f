import type { JWK } from 'jose'
import {
  CredentialJwsError,
  type EntityCredential,
  signCredentialJws,
  verifyCredentialJws,
} from '../auth/credentialJws'
import type { GrantRow, OrganizationOf } from './interaction'

/** The `typ` of the proof a grant's user gives on the approval page. */
export const USER_PROOF_TYPE = 'rampart-grant-approval+jws'

/** What the user signs: that they approve this grant (its id is shown on the page). */
export type UserProofPayload = { grant: string; iat: number }

/** Signs the proof for the approval page with one of the user's credential keys, as a user's tool does. */
export function signUserProof(privateJwk: JWK, proof: { grant: string; iat?: number }): Promise<string> {
  const payload: UserProofPayload = { grant: proof.grant, iat: proof.iat ?? Math.floor(Date.now() / 1000) }
  return signCredentialJws(privateJwk, USER_PROOF_TYPE, payload)
}

async function credentialsOf(
  organizationOf: OrganizationOf,
  clientId: string,
  userId: string,
): Promise<EntityCredential[]> {
  const { credentials } = await organizationOf(clientId)
  return (Array.isArray(credentials) ? (credentials as EntityCredential[]) : []).filter(
    (credential) => credential?.userId === userId,
  )
}

/**
 * Why the proof does not show that the grant's user approves this grant, or undefined when it does: a compact JWS
 * of typ {@link USER_PROOF_TYPE} made with a credential of that user in the client's entities, over
 * `{grant, iat}` naming this grant, made while it was open (`iat` from its creation to now, give or take
 * `skewSeconds`). A proof names one grant, which is answered once, so it cannot serve twice.
 */
export async function userProofProblem(
  organizationOf: OrganizationOf,
  grant: GrantRow,
  proof: string,
  now: Date,
  skewSeconds: number,
): Promise<string | undefined> {
  if (!grant.userId) return undefined
  if (proof === '') return `the proof, a JWS made with a credential of ${grant.userId}, is missing`
  try {
    const credentials = await credentialsOf(organizationOf, grant.clientId, grant.userId)
    const { payload } = await verifyCredentialJws(proof, credentials, USER_PROOF_TYPE, grant.userId)
    if (payload.grant !== grant.grantId) return 'the proof is for another grant'
    const { iat } = payload
    const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
    if (
      typeof iat !== 'number' ||
      !Number.isInteger(iat) ||
      iat < seconds(grant.createdAt) - skewSeconds ||
      iat > seconds(now) + skewSeconds
    ) {
      return 'the proof was not made while this request was open (iat)'
    }
    return undefined
  } catch (error) {
    if (error instanceof CredentialJwsError) return `the proof ${error.message}`
    throw error
  }
}
