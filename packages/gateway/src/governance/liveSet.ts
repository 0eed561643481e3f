import type { PolicySetContent, SignedPolicySet } from '@rampart/evaluator'
import { desc, eq } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { readClient } from '../core/database/organizationStore'
import { clients } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { type PolicyVersionRow, policyVersions } from './governanceSchema'

/** A stored version as the signed set the evaluator verifies (its setId is the client id). */
export const signedSetOf = (row: PolicyVersionRow): SignedPolicySet => ({
  setId: row.clientId,
  version: row.version,
  previousHash: row.previousHash,
  contentHash: row.contentHash,
  content: row.content as unknown as PolicySetContent,
  approvals: row.approvals as SignedPolicySet['approvals'],
})

/** A client's last applied version and the one before it (undefined: not governed yet, or version 1). */
export async function latestVersions(
  db: Pick<Database, 'select'>,
  clientId: string,
): Promise<{ live?: PolicyVersionRow; previous?: PolicyVersionRow }> {
  const rows = await db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.clientId, clientId))
    .orderBy(desc(policyVersions.version))
    .limit(2)
  return { ...(rows[0] ? { live: rows[0] } : {}), ...(rows[1] ? { previous: rows[1] } : {}) }
}

/** The client row, or CLIENT_NOT_FOUND. */
export async function clientRow(db: Pick<Database, 'select'>, clientId: string) {
  const [row] = await db.select().from(clients).where(eq(clients.clientId, clientId))
  if (!row) throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
  return row
}

/**
 * What a client decides with now, as a set's content: its live version's, or for a client not governed yet the
 * policies, entities and presets of its row (with no governance: a bootstrap proposal must declare one).
 */
export async function liveContent(
  db: Database,
  clientId: string,
): Promise<{ live?: PolicyVersionRow; content: Partial<PolicySetContent> }> {
  const { live } = await latestVersions(db, clientId)
  if (live) {
    await clientRow(db, clientId)
    return { live, content: live.content as unknown as PolicySetContent }
  }
  const stored = await readClient(db, clientId)
  if (!stored) throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
  return {
    content: {
      policies: stored.client.policies as PolicySetContent['policies'],
      entities: stored.organization as unknown as PolicySetContent['entities'],
      presets: stored.client.presets as string[],
    },
  }
}

/** Whether a client's policies and entities change only through proposals: it has an applied version. */
export async function isGoverned(db: Pick<Database, 'select'>, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ version: policyVersions.version })
    .from(policyVersions)
    .where(eq(policyVersions.clientId, clientId))
    .limit(1)
  return row !== undefined
}
