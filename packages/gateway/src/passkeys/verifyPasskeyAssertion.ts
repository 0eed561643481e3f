import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server'
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import { type ChallengeBinding, type ChallengePurpose, takeChallenge } from './passkeyChallenges'
import { jwkToCose } from './passkeyKeys'
import type { RelyingParty } from './passkeyOrigin'
import { passkeyCounters } from './passkeysSchema'

/** A passkey credential of the entities: a credential with its `webauthn` member. */
export type PasskeyCredential = {
  id: string
  userId: string
  key: Record<string, unknown>
  webauthn: { credentialId: string; counter: number; transports?: string[] }
}

/** The passkeys among an organization's credentials (of one user, when given). */
export function passkeysOf(credentials: unknown, userId?: string): PasskeyCredential[] {
  if (!Array.isArray(credentials)) return []
  return credentials.filter(
    (credential): credential is PasskeyCredential =>
      typeof credential?.webauthn?.credentialId === 'string' &&
      (userId === undefined || credential.userId === userId),
  )
}

const refuse = (message: string, path = '/assertion'): never => {
  throw new GatewayError('PASSKEY_INVALID', 'The passkey assertion is invalid', {
    issues: [{ path, message }],
  })
}

export type AssertionCheck = {
  clientId: string
  /** The organization's credentials (the client's entities). */
  credentials: unknown
  /** Only a passkey of this user is accepted (a signed-in approver approves as themself). */
  userId?: string
  purpose: ChallengePurpose
  binding: ChallengeBinding
  relyingParty: RelyingParty
  now: Date
}

/**
 * Verifies a WebAuthn assertion and returns whose passkey made it. Refused, with PASSKEY_INVALID: a credential
 * that is no passkey of the organization (or of the user expected); a challenge that is not one this gateway
 * issued for this client, purpose and binding, or that is used or expired (it is consumed here, before the
 * signature is checked, so it serves once whatever the outcome); another origin or RP id; no user presence or
 * verification; a bad signature; a signature counter that does not move past the last one seen (a cloned
 * authenticator). Verification is @simplewebauthn/server's.
 */
export async function verifyPasskeyAssertion(
  db: Database,
  response: AuthenticationResponseJSON,
  check: AssertionCheck,
): Promise<{ credentialId: string; userId: string }> {
  if (typeof response?.id !== 'string' || typeof response.response?.clientDataJSON !== 'string')
    refuse('is not a WebAuthn assertion')
  const passkey = passkeysOf(check.credentials, check.userId).find(
    (candidate) => candidate.webauthn.credentialId === response.id,
  )
  if (!passkey)
    refuse(
      `is made with a passkey that is not ${check.userId ? `one of ${check.userId}'s` : "the organization's"}`,
    )
  let challenge: string
  try {
    challenge = decodeClientDataJSON(response.response.clientDataJSON).challenge
  } catch {
    return refuse('has client data that cannot be read', '/assertion/response/clientDataJSON')
  }
  const taken = await takeChallenge(db, challenge, {
    clientId: check.clientId,
    purpose: check.purpose,
    binding: check.binding,
    now: check.now,
  })
  if (!taken) refuse('answers a challenge that is unknown, used, expired or made for something else')
  const { credentialId, counter: enrolledCounter } = passkey!.webauthn
  const publicKey = jwkToCose(passkey!.key) ?? refuse('is made with a passkey whose key cannot be read')
  const [stored] = await db
    .select({ counter: passkeyCounters.counter })
    .from(passkeyCounters)
    .where(and(eq(passkeyCounters.clientId, check.clientId), eq(passkeyCounters.webauthnId, credentialId)))
  const counter = Math.max(stored?.counter ?? 0, enrolledCounter)
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: check.relyingParty.origin,
      expectedRPID: check.relyingParty.rpId,
      credential: { id: credentialId, publicKey: publicKey as Uint8Array<ArrayBuffer>, counter },
      requireUserVerification: true,
    })
  } catch (error) {
    // The library's messages say which check failed (origin, RP id, flags, counter); they hold no secret.
    return refuse(error instanceof Error ? error.message : 'does not verify')
  }
  if (!verified.verified || !verified.authenticationInfo.userVerified) refuse('does not verify')
  await recordCounter(db, check.clientId, credentialId, verified.authenticationInfo.newCounter)
  return { credentialId: passkey!.id, userId: passkey!.userId }
}

/**
 * Keeps the counter just verified, only if it moved past the stored one (or both are 0: an authenticator that
 * keeps no counter): of two assertions carrying the same counter, verified at the same time, the second is refused.
 */
async function recordCounter(db: Database, clientId: string, webauthnId: string, counter: number) {
  const [kept] = await db
    .insert(passkeyCounters)
    .values({ clientId, webauthnId, counter })
    .onConflictDoUpdate({
      target: [passkeyCounters.clientId, passkeyCounters.webauthnId],
      set: { counter },
      setWhere: sql`${passkeyCounters.counter} < ${counter} or ${counter} = 0`,
    })
    .returning()
  if (!kept) refuse('carries a signature counter already seen')
}
