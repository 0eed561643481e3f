import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { passkeySessions } from './passkeysSchema'

/** An approver's session lasts ten minutes: long enough to review a few requests, short if a device is left. */
export const sessionSeconds = 600
export const sessionCookie = 'rampart_approver'

const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

export type ApproverSession = { clientId: string; userId: string; credentialId: string; csrfToken: string }

/** Opens a session for an approver who just signed in with a passkey; the token goes in the cookie only. */
export async function openSession(
  db: Database,
  session: Omit<ApproverSession, 'csrfToken'>,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + sessionSeconds * 1000)
  await db.delete(passkeySessions).where(lt(passkeySessions.expiresAt, now))
  await db.insert(passkeySessions).values({
    tokenHash: hash(token),
    ...session,
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: now,
    expiresAt,
  })
  return { token, expiresAt }
}

/** The live session of this cookie for this client, or undefined. */
export async function findSession(
  db: Database,
  clientId: string,
  token: string | undefined,
  now: Date,
): Promise<ApproverSession | undefined> {
  if (!token) return undefined
  const [row] = await db
    .select()
    .from(passkeySessions)
    .where(
      and(
        eq(passkeySessions.tokenHash, hash(token)),
        eq(passkeySessions.clientId, clientId),
        gt(passkeySessions.expiresAt, now),
      ),
    )
  return row
    ? { clientId: row.clientId, userId: row.userId, credentialId: row.credentialId, csrfToken: row.csrfToken }
    : undefined
}

/** Ends a session (sign out). */
export async function closeSession(db: Database, token: string): Promise<void> {
  await db.delete(passkeySessions).where(eq(passkeySessions.tokenHash, hash(token)))
}
