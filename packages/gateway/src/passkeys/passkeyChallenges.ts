import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { passkeyChallenges } from './passkeysSchema'

/** What an assertion is for: signing in to the approvals page, approving or rejecting a request, approving a grant. */
export type ChallengePurpose = 'sign-in' | 'approve' | 'reject' | 'grant'

/** What a challenge binds, beside the client and purpose: the request ({kind, requestId}) or grant, and the user. */
export type ChallengeBinding = Record<string, string>

/** How long a browser has to answer a challenge. */
export const challengeSeconds = 180

const canonical = (value: ChallengeBinding) =>
  JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))))

/**
 * A fresh challenge for one assertion: 32 random bytes (the server nonce) then the SHA-256 of what it binds
 * (`{clientId, purpose, ...binding}`), base64url. It is stored with its binding and consumed by the one assertion
 * that answers it; the hash in it lets anyone reading the assertion see what it was made for.
 */
export async function issueChallenge(
  db: Database,
  input: { clientId: string; purpose: ChallengePurpose; binding: ChallengeBinding; now: Date },
): Promise<string> {
  const bound = createHash('sha256')
    .update(canonical({ ...input.binding, clientId: input.clientId, purpose: input.purpose }))
    .digest()
  const challenge = Buffer.concat([randomBytes(32), bound]).toString('base64url')
  // Expired challenges go as new ones come, so the table holds only what a browser may still answer.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, input.now))
  await db.insert(passkeyChallenges).values({
    challenge,
    clientId: input.clientId,
    purpose: input.purpose,
    binding: input.binding,
    expiresAt: new Date(input.now.getTime() + challengeSeconds * 1000),
  })
  return challenge
}

/**
 * Consumes a challenge: true only when it was issued for this client, purpose and binding, is unexpired and had
 * not been used. Taken with one conditional update, so of two assertions over one challenge at most one passes,
 * and a challenge issued for another request (or user, or purpose) is refused and spent.
 */
export async function takeChallenge(
  db: Database,
  challenge: string,
  expected: { clientId: string; purpose: ChallengePurpose; binding: ChallengeBinding; now: Date },
): Promise<boolean> {
  const [taken] = await db
    .update(passkeyChallenges)
    .set({ usedAt: expected.now })
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, expected.now),
      ),
    )
    .returning()
  if (!taken) return false
  return (
    taken.clientId === expected.clientId &&
    taken.purpose === expected.purpose &&
    canonical(taken.binding) === canonical(expected.binding)
  )
}
