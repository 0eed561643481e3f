import {
  applyEntityChangesToDocumentInSteps,
  checkPublicJwk,
  type Entities,
  type EntityChange,
  type EntityChangesWithOrder,
  emptyEntities,
  entityChangesWithOrderInSteps,
  loadEntitiesInSteps,
} from '@rampart/entities'
import { BUILTIN_PRESETS, runInSlices, validatePolicies } from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import type { JWK } from 'jose'
import { refreshAddressBook } from '../connections/syncConnection'
import { type JwsAlgorithm, keyFitsAlgorithm } from '../core/crypto/jwsAlgorithms'
import type { Database } from '../core/database/openDatabase'
import {
  readClientForUpdate,
  storeChangedOrganization,
  writeOrganization,
} from '../core/database/organizationStore'
import { clients } from '../core/database/schema'
import { GatewayError, type ValidationIssue } from '../core/errors/gatewayError'
import { appendLogEntry } from '../decisionLog/appendLogEntry'
import { changeEntries } from '../decisionLog/logEntryContents'
import { isGoverned } from '../governance/liveSet'
import { checkEntityChanges, type EntityChangesCheck } from '../signing/pipeline/checkEntityChanges'
import { recordClientChange } from '../signing/pipeline/clientChangeLog'
import { changeIndexInSlices } from '../signing/pipeline/indexForChanges'

export type ClientRegistration = {
  clientId: string
  name: string
  publicKeys: JWK[]
  entities?: Record<string, unknown>
  policies?: Record<string, unknown>[]
  presets?: string[]
}

/** A client that has not described its organization yet (a copy: the interface has no index signature). */
const noEntities = (): Record<string, unknown> => ({ ...emptyEntities() })

/**
 * Checks what the schema cannot: that each key is a usable public key for its alg (on the curve, strong
 * enough, no private members), kids are unique, the entities validate with @rampart/entities, the policies with
 * @rampart/evaluator, and the presets name built-in protocol presets. Every problem is reported with its JSON Pointer in the request body.
 * The entities are validated in slices, with turns of the event loop between them: at 100,000 accounts they take a
 * fifth of a second.
 */
export async function checkClientRegistration(
  registration: ClientRegistration,
  checksumsCheckedBefore: ReadonlySet<string> = new Set(),
): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = []
  const kids = new Set<string>()
  registration.publicKeys.forEach((jwk, index) => {
    for (const problem of checkPublicJwk(jwk as Record<string, unknown>)) {
      issues.push({
        path: `/publicKeys/${index}${problem.member ? `/${problem.member}` : ''}`,
        message: problem.message,
        keyword: problem.code,
      })
    }
    if (!keyFitsAlgorithm(jwk, jwk.alg as JwsAlgorithm)) {
      issues.push({
        path: `/publicKeys/${index}/alg`,
        message: 'does not fit the key type and curve',
        keyword: 'alg-mismatch',
      })
    }
    if (jwk.kid !== undefined && kids.has(jwk.kid)) {
      issues.push({
        path: `/publicKeys/${index}/kid`,
        message: 'duplicates another key id',
        keyword: 'duplicate-kid',
      })
    }
    if (jwk.kid !== undefined) kids.add(jwk.kid)
  })
  if (registration.entities !== undefined) {
    const result = await runInSlices(
      loadEntitiesInSteps(registration.entities, {
        kind: 'full',
        checksums: { except: checksumsCheckedBefore },
      }),
    )
    for (const issue of result.issues) {
      if (issue.severity === 'error')
        issues.push({ path: `/entities${issue.path}`, message: issue.message, keyword: issue.code })
    }
  }
  for (const issue of validatePolicies(registration.policies ?? []).issues) {
    issues.push({ path: `/policies${issue.path}`, message: issue.message, keyword: issue.code })
  }
  const knownPresets = new Set(BUILTIN_PRESETS.map((preset) => preset.id))
  registration.presets?.forEach((presetId, index) => {
    if (!knownPresets.has(presetId)) {
      issues.push({
        path: `/presets/${index}`,
        message: `is not a known protocol preset`,
        keyword: 'unknown-preset',
      })
    }
  })
  return issues
}

export async function registerClient(db: Database, registration: ClientRegistration) {
  const issues = await checkClientRegistration(registration)
  if (issues.length > 0)
    throw new GatewayError('CLIENT_INVALID', 'The client registration is invalid', { issues: issues })
  const now = new Date()
  const entities = registration.entities ?? noEntities()
  // The client's decision log starts with what it was registered with, in the same transaction.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(clients)
      .values({
        clientId: registration.clientId,
        name: registration.name,
        publicKeys: registration.publicKeys as Record<string, unknown>[],
        entitiesHead: {},
        policies: registration.policies ?? [],
        presets: registration.presets ?? [],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!inserted) return undefined
    await writeOrganization(tx as unknown as Database, registration.clientId, entities)
    const registered = { ...inserted, entities }
    await logChanges(tx as unknown as Database, undefined, registered, now)
    return registered
  })
  if (!row) throw new GatewayError('CLIENT_EXISTS', 'A client with this id already exists')
  return row
}

/** A client's row with its organization (which the row does not hold: see organizationStore). */
export type ClientRecord = typeof clients.$inferSelect & { entities: Record<string, unknown> }

/**
 * Appends to the client's decision log what changed of its policies, presets and entities (by the admin API);
 * returns the entries, whose `state` is the hashes decisions are logged under from now on.
 */
async function logChanges(
  tx: Database,
  before: ClientRecord | undefined,
  after: ClientRecord,
  time: Date,
  diff?: EntityChangesWithOrder | null,
  entitiesChanged?: boolean,
) {
  const entries = await changeEntries(before, after, 'admin-api', diff, entitiesChanged)
  for (const entry of entries) {
    await appendLogEntry(tx, after.clientId, entry, time)
  }
  return entries
}

export function clientToApi(row: ClientRecord) {
  return {
    clientId: row.clientId,
    name: row.name,
    publicKeys: row.publicKeys,
    entities: row.entities,
    policies: row.policies,
    presets: row.presets,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Every address an organization writes (accounts, tokens, address book), spelled as written. */
function addressesOf(entities: unknown): Set<string> {
  const addresses = new Set<string>()
  if (typeof entities !== 'object' || entities === null) return addresses
  for (const collection of ['accounts', 'tokens', 'addressBook']) {
    const items = (entities as Record<string, unknown>)[collection]
    if (!Array.isArray(items)) continue
    for (const item of items) {
      const address = (item as { address?: unknown } | null)?.address
      if (typeof address === 'string') addresses.add(address)
    }
  }
  return addresses
}

export type ClientUpdate = Partial<Omit<ClientRegistration, 'clientId'>> & {
  /** Entity changes to make to the stored organization, instead of replacing it whole with `entities`. */
  entityChanges?: EntityChange[]
}

/** What only a proposal approved by the client's quorum changes, once the client is governed. */
const GOVERNED_FIELDS = ['policies', 'entities', 'entityChanges', 'presets'] as const

/**
 * Replaces the given fields of a client, checked like a registration. Changed entities refresh the address-book
 * destinations of the client's connections; the evaluator picks up new policies on its next read. The organization
 * is replaced whole (`entities`), or changed by entity changes (`entityChanges`), which are validated one after the
 * other against the stored organization as applyEntityChanges validates them, with JSON Pointers into the list.
 *
 * Policies, entities and presets change here only while the client is not governed yet (it has no applied
 * policy version: its setup, before the bootstrap). After that they change only through proposals, and asking
 * for it here is POLICIES_GOVERNED: the admin API key alone can no longer widen a limit.
 */
export async function updateClient(
  db: Database,
  clientId: string,
  update: ClientUpdate,
): Promise<ClientRecord> {
  return (await applyClientUpdate(db, clientId, update)).client
}

/**
 * Makes entity changes to a client's organization (updateClient with `entityChanges`): what is read, validated,
 * stored and logged is in proportion to the changes, except the organization's hash for the log, made in slices.
 * Returns the client's new version, and the hash the log records for the organization after the changes (absent
 * when they left it as it was).
 */
export async function changeClientEntities(
  db: Database,
  clientId: string,
  changes: EntityChange[],
  checkCached?: CachedCheck,
) {
  const { client, logged } = await applyClientUpdate(db, clientId, { entityChanges: changes }, checkCached)
  return {
    clientId: client.clientId,
    changes: changes.length,
    ...(logged ? { entitiesHash: logged.entitiesHash } : {}),
    updatedAt: client.updatedAt.toISOString(),
  }
}

/**
 * Validates entity changes against the organization a gateway holds for the client at a version (its row's
 * `updatedAt`): ClientPolicies.checkEntityChanges. Undefined when it holds no such version.
 */
type CachedCheck = (version: Date, changes: readonly EntityChange[]) => EntityChangesCheck | undefined

/** updateClient, with the state the log's entities.changed entry records (none when the entities did not change). */
async function applyClientUpdate(
  db: Database,
  clientId: string,
  update: ClientUpdate,
  checkCached?: CachedCheck,
) {
  const governed = GOVERNED_FIELDS.filter((field) => update[field] !== undefined)
  const result = await db.transaction(async (tx) => {
    // The row and organization as this update replaces them, read once, in slices, and locked as the update locks
    // them (no key update: a log append's foreign-key check, which holds the client's log lock, never waits on it): a
    // concurrent update waits, and each logs what it changed.
    const stored = await readClientForUpdate(tx as unknown as Database, clientId)
    if (!stored) throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
    const before: ClientRecord = { ...stored.client, entities: stored.organization }
    if (governed.length > 0 && (await isGoverned(tx as unknown as Database, clientId)))
      throw new GatewayError(
        'POLICIES_GOVERNED',
        `The client's ${governed.join(', ')} change only through a proposal approved by its quorum: POST /v1/admin/clients/${clientId}/proposals`,
        { fields: governed, proposals: `/v1/admin/clients/${clientId}/proposals` },
      )
    const changed =
      update.entityChanges === undefined
        ? undefined
        : await changedOrganization(
            before.entities,
            update.entityChanges,
            checkCached?.(before.updatedAt, update.entityChanges),
          )
    const merged = {
      name: update.name ?? before.name,
      publicKeys: update.publicKeys ?? (before.publicKeys as JWK[]),
      entities: changed?.entities ?? update.entities ?? before.entities,
      policies: update.policies ?? (before.policies as Record<string, unknown>[]),
      presets: update.presets ?? (before.presets as string[]),
    }
    // The stored organization was validated when it came in: it is validated again only when the update replaces
    // it (a key rotation at 100,000 accounts need not), and then the stored addresses' checksums are not. Entity
    // changes were validated one by one.
    const { entities: newEntities, ...others } = merged
    const issues = await checkClientRegistration(
      { clientId, ...others, ...(update.entities === undefined ? {} : { entities: newEntities }) },
      update.entities === undefined ? new Set() : addressesOf(before.entities),
    )
    if (issues.length > 0)
      throw new GatewayError('CLIENT_INVALID', 'The client update is invalid', { issues: issues })
    // Each update a version of its own, later than the one it replaces: gateways tell versions apart by it.
    const now = new Date(Math.max(Date.now(), before.updatedAt.getTime() + 1))
    const [written] = await tx
      .update(clients)
      .set({ ...others, publicKeys: merged.publicKeys as Record<string, unknown>[], updatedAt: now })
      .where(eq(clients.clientId, clientId))
      .returning()
    const updated: ClientRecord = { ...written!, entities: merged.entities }
    // Compared once, in slices (at 100,000 accounts it takes tens of milliseconds, which other clients need not wait
    // for), for the log entry, the storage and the change every gateway's cached evaluator follows.
    const diff: EntityChangesWithOrder | null | undefined =
      changed?.diff ??
      (update.entities === undefined
        ? undefined
        : ((await runInSlices(entityChangesWithOrderInSteps(before.entities, merged.entities))) ?? null))
    // Only policies, presets and entities are logged: a new name or key leaves the hashes as they were.
    const entries =
      governed.length > 0
        ? await logChanges(tx as unknown as Database, before, updated, now, diff, changed?.changed)
        : []
    const entitiesChanged = entries.some((entry) => entry.kind === 'entities.changed')
    if (entitiesChanged)
      await storeChangedOrganization(tx as unknown as Database, clientId, merged.entities, diff)
    // What changed, exactly, for every gateway's cached evaluator to follow without loading the organization again.
    await recordClientChange(tx as unknown as Database, clientId, before, updated, entries[0]?.state, {
      entities: entitiesChanged && (diff?.changes ?? null),
      policies: entries.some((entry) => entry.kind === 'policies.changed'),
    })
    return { client: updated, logged: entries.find((entry) => entry.kind === 'entities.changed')?.state }
  })
  if (update.entities !== undefined || update.entityChanges !== undefined)
    await refreshAddressBook(db, clientId)
  return result
}

/**
 * The organization after entity changes, each validated against the organization as the ones before it left it, or
 * CLIENT_INVALID with the issues under /changes. `cached`: the check a gateway made against the state it holds at
 * this version; without it the organization is indexed here, in slices (at 100,000 accounts, half a second).
 */
async function changedOrganization(
  organization: Record<string, unknown>,
  changes: EntityChange[],
  cached: EntityChangesCheck | undefined,
): Promise<{ entities: Record<string, unknown>; diff: EntityChangesWithOrder; changed: boolean }> {
  const check =
    cached ?? checkEntityChanges(await changeIndexInSlices(organization as unknown as Entities), changes)
  if (!check.valid)
    throw new GatewayError('CLIENT_INVALID', 'The client update is invalid', {
      issues: check.issues.map((issue) => ({
        path: `/changes${issue.path}`,
        message: issue.message,
        keyword: issue.code,
      })),
    })
  const entities = await runInSlices(applyEntityChangesToDocumentInSteps(organization, changes))
  return { entities, diff: { changes, exact: true }, changed: check.changed }
}
