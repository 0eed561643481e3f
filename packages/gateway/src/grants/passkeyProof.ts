import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import { issueChallenge } from '../passkeys/passkeyChallenges'
import type { RelyingParty } from '../passkeys/passkeyOrigin'
import { passkeysOf, verifyPasskeyAssertion } from '../passkeys/verifyPasskeyAssertion'
import type { GrantRow, OrganizationOf } from './interaction'

const credentialsOf = async (organizationOf: OrganizationOf, clientId: string): Promise<unknown> =>
  (await organizationOf(clientId)).credentials

/** What an assertion proving the grant's user approves binds: this grant and this user. */
const bindingOf = (grant: GrantRow) => ({ grantId: grant.grantId, userId: grant.userId ?? '' })

/**
 * WebAuthn options for the grant's user to approve this grant: a fresh single-use challenge bound to the grant
 * and user, and the user's passkeys to choose from. A grant that names no user, or a user without a passkey, has
 * none to give.
 */
export async function grantPasskeyOptions(
  db: Database,
  organizationOf: OrganizationOf,
  grant: GrantRow,
  relyingParty: RelyingParty,
  now: Date,
) {
  if (!grant.userId) throw new GatewayError('VALIDATION_FAILED', 'This grant needs no user proof')
  const passkeys = passkeysOf(await credentialsOf(organizationOf, grant.clientId), grant.userId)
  if (passkeys.length === 0) {
    throw new GatewayError('PASSKEY_INVALID', `${grant.userId} has no passkey`, {
      issues: [
        { path: '/passkey', message: `no passkey of ${grant.userId} is in the organization's entities` },
      ],
    })
  }
  const challenge = await issueChallenge(db, {
    clientId: grant.clientId,
    purpose: 'grant',
    binding: bindingOf(grant),
    now,
  })
  return generateAuthenticationOptions({
    rpID: relyingParty.rpId,
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    userVerification: 'required',
    timeout: 120_000,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.webauthn.credentialId })),
  })
}

/**
 * Why the passkey assertion posted with the form does not show that the grant's user approves this grant, or
 * undefined when it does (see verifyPasskeyAssertion for every check; its challenge binds this grant and user).
 */
export async function passkeyProofProblem(
  db: Database,
  organizationOf: OrganizationOf,
  grant: GrantRow,
  posted: string,
  relyingParty: RelyingParty,
  now: Date,
): Promise<string | undefined> {
  let response: AuthenticationResponseJSON
  try {
    response = JSON.parse(posted)
  } catch {
    return 'the passkey answer cannot be read'
  }
  try {
    await verifyPasskeyAssertion(db, response, {
      clientId: grant.clientId,
      credentials: await credentialsOf(organizationOf, grant.clientId),
      userId: grant.userId ?? '',
      purpose: 'grant',
      binding: bindingOf(grant),
      relyingParty,
      now,
    })
    return undefined
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'PASSKEY_INVALID') {
      const issue = (error.details as { issues?: { message: string }[] } | undefined)?.issues?.[0]
      return `the passkey ${issue?.message ?? 'does not verify'}`
    }
    throw error
  }
}
