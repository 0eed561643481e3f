import { type PolicySetContent, statementChallenge, statementOf } from '@rampart/evaluator'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import { proposedSet } from './approveProposal'
import { openProposal } from './openProposal'

/** How long a browser is given to make the assertion (WebAuthn's `timeout`, milliseconds). */
const ASSERTION_TIMEOUT_MS = 120_000

type PasskeyCredential = {
  id: string
  userId: string
  webauthn: { credentialId: string; transports?: string[] }
}

const passkeysIn = (entities: Record<string, unknown>): PasskeyCredential[] =>
  (Array.isArray(entities.credentials) ? entities.credentials : []).filter(
    (credential): credential is PasskeyCredential =>
      typeof credential?.webauthn?.credentialId === 'string' && typeof credential.id === 'string',
  )

/**
 * The WebAuthn request options for approving an open proposal by passkey: its challenge is the statement's (so
 * there is no server state: the evaluator checks the assertion against the statement alone), the RP id is the one
 * the approving set names (the live version's governance, the proposal's own for a bootstrap), and the allowed
 * credentials are that set's passkeys; `passkeys` says which entities credential each one is, for the approval.
 */
export async function passkeyApprovalOptions(db: Database, clientId: string, proposalId: string, now: Date) {
  const { proposal, live } = await db.transaction((tx) => openProposal(tx, clientId, proposalId, now))
  const authority = (live?.content ?? proposal.content) as unknown as PolicySetContent
  const relyingParty = authority.governance.webauthn
  if (!relyingParty)
    throw new GatewayError(
      'PASSKEY_APPROVALS_UNAVAILABLE',
      'The set that approves this proposal names no WebAuthn relying party (governance.webauthn)',
      { proposalId },
    )
  const statement = statementOf(proposedSet(proposal, []))
  const passkeys = passkeysIn(authority.entities as Record<string, unknown>)
  return {
    statement,
    options: {
      challenge: statementChallenge(statement),
      rpId: relyingParty.rpId,
      allowCredentials: passkeys.map(({ webauthn }) => ({
        id: webauthn.credentialId,
        type: 'public-key' as const,
        ...(webauthn.transports?.length ? { transports: webauthn.transports } : {}),
      })),
      userVerification: 'required' as const,
      timeout: ASSERTION_TIMEOUT_MS,
    },
    origins: relyingParty.origins,
    passkeys: passkeys.map(({ id, userId, webauthn }) => ({
      credentialId: id,
      userId,
      webauthnId: webauthn.credentialId,
    })),
  }
}
