import type { EntityChange } from '@rampart/entities'
import type { LoggedPolicyState } from '@rampart/evaluator'
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '../../core/database/openDatabase'
import { clientChanges } from './clientChangesSchema'

/** The versions kept per client: a gateway further behind than this builds its state anew. */
export const KEPT_VERSIONS = 32
/**
 * More entity changes than this in one update are not recorded (the state is built anew): past a thousand or so,
 * applying them one by one costs about what loading the organization whole does, and the record would be as large.
 */
export const MAX_RECORDED_CHANGES = 2000

export type ClientChange = typeof clientChanges.$inferSelect

type ClientContent = { updatedAt: Date; policies: unknown[]; presets: unknown[] }

/**
 * Records, inside the transaction that updates the client's row, what the update changed from `before` to
 * `after`: the entity changes (the route compared both documents, so no gateway compares them when it reads the
 * change; null when they differ by more than entity changes, false when the entities did not change), the policies
 * and presets when they changed, and the hashes the decision log records after it (`state`, undefined when neither
 * changed). Then forgets the versions past the last KEPT_VERSIONS.
 */
export async function recordClientChange(
  tx: Database,
  clientId: string,
  before: ClientContent,
  after: ClientContent,
  state: LoggedPolicyState | undefined,
  changed: { entities: readonly EntityChange[] | null | false; policies: boolean },
): Promise<void> {
  const entityChanges =
    changed.entities === false
      ? []
      : changed.entities && changed.entities.length <= MAX_RECORDED_CHANGES
        ? [...changed.entities]
        : null
  await tx.insert(clientChanges).values({
    clientId,
    version: after.updatedAt,
    previousVersion: before.updatedAt,
    entityChanges,
    policies: changed.policies ? (after.policies as Record<string, unknown>[]) : null,
    presets: changed.policies ? (after.presets as string[]) : null,
    policiesHash: state?.policiesHash ?? null,
    entitiesHash: state?.entitiesHash ?? null,
  })
  const [oldestKept] = await tx
    .select({ version: clientChanges.version })
    .from(clientChanges)
    .where(eq(clientChanges.clientId, clientId))
    .orderBy(desc(clientChanges.version))
    .offset(KEPT_VERSIONS - 1)
    .limit(1)
  if (oldestKept)
    await tx
      .delete(clientChanges)
      .where(and(eq(clientChanges.clientId, clientId), lt(clientChanges.version, oldestKept.version)))
}

/**
 * The changes that lead from version `from` to version `to` of a client, in order, each starting where the one
 * before it ended; undefined when they do not (a version was pruned, or an update did not record what it changed,
 * as applying a governance proposal does not): the state is then built anew.
 */
export async function changesBetween(
  db: Database,
  clientId: string,
  from: Date,
  to: Date,
): Promise<ClientChange[] | undefined> {
  const rows = await db
    .select()
    .from(clientChanges)
    .where(and(eq(clientChanges.clientId, clientId), gt(clientChanges.version, from)))
    .orderBy(asc(clientChanges.version))
    .limit(KEPT_VERSIONS)
  let at = from.getTime()
  for (const row of rows) {
    if (row.previousVersion.getTime() !== at) return undefined
    at = row.version.getTime()
    if (at === to.getTime()) return rows.slice(0, rows.indexOf(row) + 1)
  }
  return undefined
}
