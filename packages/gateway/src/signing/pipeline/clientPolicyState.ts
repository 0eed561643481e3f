import { type Entities, type EntityIndex, loadEntitiesInSteps, MutableEntityIndex } from '@rampart/entities'
import {
  createEvaluator,
  createGovernedEvaluator,
  type Evaluator,
  EvaluatorError,
  type GovernedEvaluator,
  type Policy,
  runInSlices,
  type SignedPolicySet,
} from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import type { Database } from '../../core/database/openDatabase'
import { readClient } from '../../core/database/organizationStore'
import { clients } from '../../core/database/schema'
import { GatewayError } from '../../core/errors/gatewayError'
import { policyStateHashInSteps } from '../../decisionLog/policyStateHash'
import { latestVersions, signedSetOf } from '../../governance/liveSet'
import { applyClientChanges, changesNothingDecided, type IncrementalBasis } from './applyClientChanges'
import { checkEntityChanges, type EntityChangesCheck } from './checkEntityChanges'
import { changesBetween } from './clientChangeLog'
import { indexForChanges } from './indexForChanges'
import { LiveEvaluator } from './liveEvaluator'
import { policyFields } from './policyFields'
import type { ClientPolicyState } from './policyState'

export type { ClientPolicyState } from './policyState'

type CacheEntry = {
  version: number
  checkedAt: number
  state: Promise<ClientPolicyState>
  /** The state once built: what is read without waiting (checkEntityChanges runs inside a transaction). */
  built?: ClientPolicyState
}

/** Keeps the entry's state, once built, where it is read without waiting. */
function noteBuilt(entry: CacheEntry): void {
  entry.state.then(
    (state) => {
      entry.built = state
    },
    () => {},
  )
}

/** How long a client's policy state is used before its row is read again to see whether it changed. */
export const revalidateAfterMs = 1000

/**
 * What each state built by ClientPolicies was built from, for the next version to start from: a state missing here
 * (a governed client's, or one whose evaluator could not be built) is built anew when the client changes.
 */
const bases = new WeakMap<ClientPolicyState, IncrementalBasis>()

/**
 * Keeps one evaluator per client. When the client's row changes (its `updatedAt`), the changes recorded with each
 * version since (client_changes: the entities put and removed, the new policies) are applied to the evaluator in
 * place, at a cost in proportion to them; only when they do not lead to the row's version (this gateway was too far
 * behind, or a governance proposal was applied) is the state built anew, which at 100,000 accounts takes a second or
 * two. Requests for the client wait for the new state meanwhile: none is decided under the entities it replaces.
 */
export class ClientPolicies {
  private readonly cache = new Map<string, CacheEntry>()

  constructor(
    private readonly db: Database,
    /** How old a price may be when a decision uses it, in seconds (the evaluator's default when left out). */
    private readonly options: { priceMaxAge?: number | undefined } = {},
  ) {}

  async forClient(clientId: string, now = Date.now()): Promise<ClientPolicyState> {
    const cached = this.cache.get(clientId)
    // A decision may use a state checked within the last second: one read of the client row per second, not per
    // request, and a change of entities or policies applies within that second.
    if (cached && now - cached.checkedAt < revalidateAfterMs) return cached.state
    const [row] = await this.db
      .select({ updatedAt: clients.updatedAt })
      .from(clients)
      .where(eq(clients.clientId, clientId))
    if (!row) throw new GatewayError('CLIENT_UNKNOWN', 'The client is not registered')
    const version = row.updatedAt.getTime()
    // Read again: another request may have started bringing the state to this version meanwhile. Only the same
    // version is taken for it: versions are times, and a gateway whose clock is behind may write an earlier one.
    const current = this.cache.get(clientId)
    if (current && current.version === version) {
      current.checkedAt = now
      return current.state
    }
    const entry: CacheEntry = { version, checkedAt: now, state: Promise.resolve(undefined as never) }
    entry.state = current ? this.catchUp(clientId, current, row.updatedAt, entry) : this.load(clientId, entry)
    noteBuilt(entry)
    this.cache.set(clientId, entry)
    return entry.state
  }

  /**
   * The client's organization as the gateway decides with it: the cached state, checked against the client row at
   * most a second ago and brought forward by the changes recorded since. A route that looks up a user or a
   * credential (a page, a grant, an enrolment) costs a lookup, not a read of the row: at 100,000 accounts the
   * organization is 35 MiB of JSON, whose read held the event loop for 0.2-0.7 s each time. Throws
   * CLIENT_NOT_FOUND for a client that is not registered.
   */
  async organizationOf(clientId: string): Promise<Entities> {
    try {
      return (await this.forClient(clientId)).entities
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'CLIENT_UNKNOWN')
        throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
      throw error
    }
  }

  /**
   * Validates entity changes against the client's cached state at `version` (the client row's `updatedAt`), whose
   * index is applied the changes and undone at once: a lookup per change where validating them against the stored
   * organization meant reading and indexing it whole (at 100,000 accounts, half a second). Undefined when the cache
   * does not hold that version's state, built, with an index changes apply to: the caller validates them itself.
   * It never waits for a state being built, which may need the database the caller's transaction holds.
   */
  checkEntityChanges(
    clientId: string,
    version: Date,
    changes: readonly unknown[],
  ): EntityChangesCheck | undefined {
    const cached = this.cache.get(clientId)
    const state = cached?.version === version.getTime() ? cached.built : undefined
    if (!(state?.index instanceof MutableEntityIndex) || state.superseded?.()) return undefined
    return checkEntityChanges(state.index, changes)
  }

  /** Makes the next decision for this client build its state anew (as when the stored set may have been altered). */
  forget(clientId: string): void {
    this.cache.delete(clientId)
  }

  /**
   * Makes the next decision for this client read its row again (after an update through this instance), and bring
   * its state forward by the changes the update recorded.
   */
  revalidate(clientId: string): void {
    const cached = this.cache.get(clientId)
    if (cached) cached.checkedAt = Number.NEGATIVE_INFINITY
  }

  /**
   * After a version was applied through this gateway (the client row's updatedAt now `updatedAt`): a cached
   * governed evaluator at the version before applies the new set incrementally (verifying it again), instead of
   * being built anew; anything else is forgotten and built at the next decision.
   */
  async applied(clientId: string, set: SignedPolicySet, updatedAt: Date): Promise<void> {
    const cached = this.cache.get(clientId)
    this.cache.delete(clientId)
    const state = await cached?.state.catch(() => undefined)
    const governed = state?.evaluator as GovernedEvaluator | null | undefined
    if (!state || !governed || !('apply' in governed) || governed.policySet.version !== set.version - 1)
      return
    try {
      await governed.apply(set)
    } catch {
      return // built anew, and verified, at the next decision
    }
    // The evaluator's own index, which the incremental apply changed: the entities are not indexed again.
    const next = Promise.resolve({
      ...state,
      ...(await derived(state.clientId, set, governed.entities)),
      policySet: governed.reference,
    })
    const entry: CacheEntry = { version: updatedAt.getTime(), checkedAt: Date.now(), state: next }
    noteBuilt(entry)
    this.cache.set(clientId, entry)
  }

  /**
   * The state at version `to`, from the cached one: the same state when the versions between changed nothing it
   * decides with (a key or a name), the changes applied in place when they are all recorded, else built anew.
   */
  private async catchUp(
    clientId: string,
    cached: CacheEntry,
    to: Date,
    entry: CacheEntry,
  ): Promise<ClientPolicyState> {
    const previous = await cached.state.catch(() => undefined)
    // Built anew meanwhile from a row that was already at this version.
    if (previous && cached.version === to.getTime()) return previous
    const changes = previous && (await changesBetween(this.db, clientId, new Date(cached.version), to))
    if (!previous || !changes) return this.load(clientId, entry)
    // A governed client decides only with its verified set, which nothing recorded here changes.
    if (changes.every(changesNothingDecided)) return previous
    const basis = bases.get(previous)
    // Whatever comes of it, the evaluator no longer holds the previous version: nothing starts from it again.
    bases.delete(previous)
    const next = basis && applyClientChanges(previous, basis, changes)
    if (!next) return this.load(clientId, entry)
    bases.set(next.state, next.basis)
    return next.state
  }

  private async load(clientId: string, entry: CacheEntry): Promise<ClientPolicyState> {
    const [row] = await this.db
      .select({ updatedAt: clients.updatedAt })
      .from(clients)
      .where(eq(clients.clientId, clientId))
    if (!row) throw new GatewayError('CLIENT_UNKNOWN', 'The client is not registered')
    // The version built is the row read here, which may not be the one that asked for it.
    entry.version = row.updatedAt.getTime()
    const { live, previous } = await latestVersions(this.db, clientId)
    if (live)
      return buildGoverned(
        signedSetOf(live),
        previous ? signedSetOf(previous) : 'bootstrap',
        this.options.priceMaxAge,
      )
    // The row and its organization read in one snapshot, in slices: the version is the one they were read at.
    const stored = await readClient(this.db, clientId)
    if (!stored) throw new GatewayError('CLIENT_UNKNOWN', 'The client is not registered')
    entry.version = stored.client.updatedAt.getTime()
    const documents = {
      clientId,
      entities: stored.organization,
      policies: stored.client.policies,
      presetIds: stored.client.presets as string[],
    }
    const { state, evaluator } = await buildState(documents, this.options.priceMaxAge, { forChanges: true })
    if (!evaluator) return state
    const liveEvaluator = new LiveEvaluator(evaluator)
    const view = liveEvaluator.view()
    const built = { ...state, evaluator: view, superseded: view.superseded }
    bases.set(built, {
      live: liveEvaluator,
      policies: documents.policies as Policy[],
      presetIds: documents.presetIds,
    })
    return built
  }
}

/** What a client's state derives from its set's content, besides the evaluator (in slices: see buildState). */
async function derived(clientId: string, set: SignedPolicySet, indexed?: EntityIndex) {
  const entities = set.content.entities as unknown as Entities
  const index = indexed ?? (await runInSlices(loadEntitiesInSteps(entities, { kind: 'full' }))).index
  return {
    clientId,
    entities,
    index,
    ...policyFields(set.content.policies as Policy[], set.content.presets ?? []),
    logState: await runInSlices(
      policyStateHashInSteps({
        policies: set.content.policies,
        presets: set.content.presets ?? [],
        entities: set.content.entities,
      }),
    ),
    decimals: decimalsOf(entities),
  }
}

const decimalsOf = (entities: Entities) =>
  Object.fromEntries(
    (Array.isArray(entities?.tokens) ? entities.tokens : []).map((token) => [
      String(token.id).toLowerCase(),
      token.decimals,
    ]),
  )

/**
 * A governed client's state: the evaluator verifies the live signed set against the version before it (the
 * bootstrap against itself) before deciding with it. A set that does not verify refuses every request.
 */
async function buildGoverned(
  set: SignedPolicySet,
  after: SignedPolicySet | 'bootstrap',
  priceMaxAge: number | undefined,
): Promise<ClientPolicyState> {
  const base = await derived(set.setId, set)
  try {
    const evaluator = await createGovernedEvaluator({
      policySet: set,
      after,
      ...(priceMaxAge === undefined ? {} : { priceMaxAge }),
    })
    return { ...base, index: evaluator.entities, evaluator, policySet: evaluator.reference }
  } catch (error) {
    return { ...base, evaluator: null, unavailable: error instanceof Error ? error.message : 'unknown error' }
  }
}

/**
 * The policy state of a client's entities, policies and enabled presets: what the client's row holds, or documents
 * a policy author tries out on the try-it page, after validating them, before storing them. When the evaluator cannot
 * be built from them the state has none, and every decision with it is a refusal.
 */
export async function buildClientPolicyState(
  documents: { clientId: string; entities: unknown; policies: unknown; presetIds: readonly string[] },
  priceMaxAge: number | undefined,
): Promise<ClientPolicyState> {
  return (await buildState(documents, priceMaxAge)).state
}

/**
 * Builds a state whole, with the evaluator it decides with. At 100,000 accounts each step (validating and indexing
 * the entities, hashing them for the log, loading the policy library) takes hundreds of milliseconds: each works in
 * slices with turns of the event loop between them, so that other clients' requests are not held for them. `forChanges`: the
 * state will take the entity changes its client records (ClientPolicies), so its index is the one they apply to.
 */
async function buildState(
  documents: { clientId: string; entities: unknown; policies: unknown; presetIds: readonly string[] },
  priceMaxAge: number | undefined,
  { forChanges = false } = {},
): Promise<{ state: ClientPolicyState; evaluator?: Evaluator }> {
  const entities = documents.entities as Entities
  const policies = documents.policies as Policy[]
  const fields = policyFields(policies, documents.presetIds)
  // Validated and indexed once, where the stored document comes in; the evaluator and the decoder share the index.
  const loaded = (await runInSlices(loadEntitiesInSteps(entities, { kind: 'full' }))).index
  const index = forChanges && loaded ? await indexForChanges(loaded) : loaded
  const logState = await runInSlices(
    policyStateHashInSteps({
      policies,
      presets: [...documents.presetIds],
      entities: entities as unknown as Record<string, unknown>,
    }),
  )
  const base = {
    clientId: documents.clientId,
    entities,
    index,
    ...fields,
    logState,
    decimals: decimalsOf(entities),
  }
  try {
    if (!index)
      throw new EvaluatorError('INVALID_ENTITIES', 'the stored entities are invalid', {
        issues: [],
      })
    const evaluator = await createEvaluator({
      entities: index,
      policies,
      presets: [...fields.presets.values()],
      ...(priceMaxAge === undefined ? {} : { priceMaxAge }),
    })
    return { state: { ...base, evaluator }, evaluator }
  } catch (error) {
    // Fail closed: a client whose policies cannot be loaded gets refusals, never permits.
    return {
      state: {
        ...base,
        evaluator: null,
        unavailable: error instanceof Error ? error.message : 'unknown error',
      },
    }
  }
}
