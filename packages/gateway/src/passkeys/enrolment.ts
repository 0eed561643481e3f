import { createHash, randomBytes } from 'node:crypto'
import type { Entities } from '@rampart/entities'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { updateClient } from '../clients/registerClient'
import type { Database } from '../core/database/openDatabase'
import { readClient } from '../core/database/organizationStore'
import { GatewayError } from '../core/errors/gatewayError'
import { createProposal } from '../governance/createProposal'
import { isGoverned, liveContent } from '../governance/liveSet'
import { coseToJwk } from './passkeyKeys'
import type { RelyingParty } from './passkeyOrigin'
import { passkeyEnrolments } from './passkeysSchema'
import { passkeysOf } from './verifyPasskeyAssertion'

/** An enrolment link serves for fifteen minutes: the admin hands it to the user, who registers at once. */
export const enrolmentSeconds = 900

/**
 * A client's organization as the gateway decides with it (signing's ClientPolicies.organizationOf), where a link
 * looks its user up: not the client row, 35 MiB at 100,000 accounts.
 */
type OrganizationOf = (clientId: string) => Promise<Entities>

const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

const invalid = (message: string): never => {
  throw new GatewayError('ENROLMENT_INVALID', 'The enrolment link is not valid', {
    issues: [{ path: '/token', message }],
  })
}

async function entitiesOf(db: Database, clientId: string): Promise<Record<string, unknown>> {
  const stored = await readClient(db, clientId)
  if (!stored) throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
  return stored.organization
}

/**
 * Makes a one-time enrolment link for a user of the client's entities: a random token, of which only the SHA-256
 * is kept. The token travels in the link's fragment, which browsers never send to a server or in a Referer.
 */
export async function createEnrolment(
  db: Database,
  organizationOf: OrganizationOf,
  clientId: string,
  userId: string,
  now: Date,
) {
  const entities = await organizationOf(clientId)
  const users = Array.isArray(entities.users) ? (entities.users as { id?: unknown }[]) : []
  if (!users.some((user) => user?.id === userId)) {
    throw new GatewayError('VALIDATION_FAILED', 'The user is not in the client entities', {
      issues: [
        {
          path: '/userId',
          message: `no user ${JSON.stringify(userId)} in the client's entities`,
          keyword: 'user',
        },
      ],
    })
  }
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + enrolmentSeconds * 1000)
  await db
    .insert(passkeyEnrolments)
    .values({ tokenHash: hash(token), clientId, userId, createdAt: now, expiresAt })
  return { token, expiresAt }
}

async function openEnrolment(db: Database, token: unknown, now: Date) {
  if (typeof token !== 'string' || token.length > 100) return invalid('is not an enrolment token')
  const [row] = await db
    .select()
    .from(passkeyEnrolments)
    .where(
      and(
        eq(passkeyEnrolments.tokenHash, hash(token)),
        isNull(passkeyEnrolments.usedAt),
        gt(passkeyEnrolments.expiresAt, now),
      ),
    )
  return row ?? invalid('is unknown, expired or already used')
}

/** Starts the registration ceremony of a link: WebAuthn creation options, whose challenge the link keeps. */
export async function registrationOptions(
  db: Database,
  organizationOf: OrganizationOf,
  token: unknown,
  relyingParty: RelyingParty,
  now: Date,
) {
  const enrolment = await openEnrolment(db, token, now)
  const entities = await organizationOf(enrolment.clientId)
  const options = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.rpId,
    userName: enrolment.userId,
    userID: new Uint8Array(
      createHash('sha256').update(`${enrolment.clientId}\n${enrolment.userId}`).digest(),
    ),
    attestationType: 'none',
    // ES256 and EdDSA only: the keys an Entities passkey credential may hold.
    supportedAlgorithmIDs: [-7, -8],
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    excludeCredentials: passkeysOf(entities.credentials, enrolment.userId).map((passkey) => ({
      id: passkey.webauthn.credentialId,
    })),
    timeout: 120_000,
  })
  await db
    .update(passkeyEnrolments)
    .set({ challenge: options.challenge })
    .where(eq(passkeyEnrolments.tokenHash, enrolment.tokenHash))
  return options
}

/** What an enrolment ended in: the passkey is a credential now, or (governed client) a proposal adds it. */
export type EnrolmentOutcome = {
  clientId: string
  userId: string
  credentialId: string
  /** Set when the client is governed: the proposal that adds the passkey, waiting for the quorum's approval. */
  proposalId?: string
}

/**
 * Adds the passkey credential to the client's entities. A client not governed yet changes through updateClient,
 * checked as any entities update is. A governed client's entities change only by a proposal its quorum approves:
 * the passkey is proposed (the live content with this one credential added, through governance's own
 * createProposal, checked and logged as any proposal) and counts once that proposal is applied.
 */
async function addPasskey(
  db: Database,
  clientId: string,
  credential: Record<string, unknown>,
  now: Date,
): Promise<{ proposalId?: string }> {
  if (await isGoverned(db, clientId)) {
    const { content } = await liveContent(db, clientId)
    const entities = (content.entities ?? {}) as Record<string, unknown>
    const credentials = Array.isArray(entities.credentials) ? entities.credentials : []
    const proposal = await createProposal(
      db,
      clientId,
      {
        description: `Add the passkey ${String(credential.id)} of user ${String(credential.userId)} (enrolment link)`,
        entities: { ...entities, credentials: [...credentials, credential] },
      },
      now,
    )
    return { proposalId: proposal.proposalId }
  }
  const entities = await entitiesOf(db, clientId)
  const credentials = Array.isArray(entities.credentials) ? entities.credentials : []
  await updateClient(db, clientId, { entities: { ...entities, credentials: [...credentials, credential] } })
  return {}
}

/**
 * Ends the ceremony: verifies the authenticator's answer (challenge, origin, RP id, user verification) with
 * @simplewebauthn/server, spends the link, and adds the passkey as a credential of the user (for a governed client,
 * proposes it). If the entities or the proposal refuse it, the link is left usable.
 */
export async function completeEnrolment(
  db: Database,
  token: unknown,
  response: RegistrationResponseJSON,
  relyingParty: RelyingParty,
  now: Date,
): Promise<EnrolmentOutcome> {
  const enrolment = await openEnrolment(db, token, now)
  if (!enrolment.challenge) return invalid('has no registration started: start again')
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: enrolment.challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: [-7, -8],
    })
  } catch (error) {
    throw new GatewayError('PASSKEY_INVALID', 'The passkey registration is invalid', {
      issues: [{ path: '/response', message: error instanceof Error ? error.message : 'does not verify' }],
    })
  }
  if (!verified.verified || !verified.registrationInfo) return invalid('the registration does not verify')
  const { credential } = verified.registrationInfo
  const jwk = coseToJwk(credential.publicKey)
  if (typeof jwk === 'string')
    throw new GatewayError('PASSKEY_INVALID', 'The passkey registration is invalid', {
      issues: [{ path: '/response', message: jwk }],
    })
  // Spent before the entities change, so two answers over one link cannot both add a passkey.
  const [spent] = await db
    .update(passkeyEnrolments)
    .set({ usedAt: now })
    .where(and(eq(passkeyEnrolments.tokenHash, enrolment.tokenHash), isNull(passkeyEnrolments.usedAt)))
    .returning()
  if (!spent) return invalid('is already used')
  const credentialId = `passkey-${randomBytes(12).toString('base64url')}`
  let added: { proposalId?: string }
  try {
    const webauthn = {
      credentialId: credential.id,
      counter: credential.counter,
      ...(credential.transports?.length ? { transports: credential.transports } : {}),
    }
    added = await addPasskey(
      db,
      enrolment.clientId,
      { id: credentialId, userId: enrolment.userId, key: jwk, webauthn },
      now,
    )
  } catch (error) {
    await db
      .update(passkeyEnrolments)
      .set({ usedAt: null })
      .where(eq(passkeyEnrolments.tokenHash, enrolment.tokenHash))
    throw error
  }
  await db
    .update(passkeyEnrolments)
    .set({ credentialId })
    .where(eq(passkeyEnrolments.tokenHash, enrolment.tokenHash))
  return { clientId: enrolment.clientId, userId: enrolment.userId, credentialId, ...added }
}
