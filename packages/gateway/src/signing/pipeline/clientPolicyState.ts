import { type Entities, type EntityIndex, loadEntities } from '@rampart/entities'
import {
  BUILTIN_PRESETS,
  createEvaluator,
  createGovernedEvaluator,
  currenciesIn,
  type Evaluator,
  EvaluatorError,
  type GovernedEvaluator,
  historyReach,
  type LoggedPolicyState,
  type Policy,
  type PolicySetReference,
  type Preset,
  type SignedPolicySet,
} from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import type { Database } from '../../core/database/openDatabase'
import { clients } from '../../core/database/schema'
import { GatewayError } from '../../core/errors/gatewayError'
import { policyStateHash } from '../../decisionLog/policyStateHash'
import { latestVersions, signedSetOf } from '../../governance/liveSet'

/** Everything a client's decisions need, built once per version of the client's entities, policies and presets. */
export type ClientPolicyState = {
  clientId: string
  entities: Entities
  /** The one index of the entities, shared by the decoder and the evaluator; undefined when they are invalid. */
  index: EntityIndex | undefined
  /**
   * Null when the evaluator could not be built: every decision is then a refusal. A governed client's (one with an
   * applied policy version) decides only with the verified signed set.
   */
  evaluator: Omit<Evaluator, 'update' | 'updateEntities'> | null
  /** The signed policy set decided under, which attestations name; undefined for a client not governed yet. */
  policySet?: PolicySetReference
  /** Why the evaluator could not be built. */
  unavailable?: string
  /** The presets the client enabled, by id. */
  presets: ReadonlyMap<string, Preset>
  /** Whether any policy counts past transfers (spending or rate limits), so history is worth loading. */
  usesHistory: boolean
  /** The policies decided with (the client's, and its presets'), to know how far back their limits count. */
  limitedPolicies: readonly Policy[]
  /** The currencies the policies value amounts in: a decision asks the price source for these (none: no prices). */
  currencies: string[]
  /** The entities' token decimals by lowercase asset id: what recorded history values transfers with. */
  decimals: Record<string, number>
  /** The hashes of the policies and entities decided under, which the decision log records with each decision. */
  logState: LoggedPolicyState
}

type CacheEntry = { version: number; checkedAt: number; state: Promise<ClientPolicyState> }

/** How long a client's policy state is used before its row is read again to see whether it changed. */
export const revalidateAfterMs = 1000

/**
 * Keeps one evaluator per client, rebuilt when the client's row changes (its `updatedAt`). Building one loads the
 * compiled policy library and indexes the entities, which is far too slow to do per request.
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
    if (cached && cached.version === version) {
      cached.checkedAt = now
      return cached.state
    }
    const state = this.load(clientId)
    this.cache.set(clientId, { version, checkedAt: now, state })
    return state
  }

  /** Makes the next decision for this client read its row again (after an update through this instance). */
  forget(clientId: string): void {
    this.cache.delete(clientId)
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
      ...derived(state.clientId, set, governed.entities),
      policySet: governed.reference,
    })
    this.cache.set(clientId, { version: updatedAt.getTime(), checkedAt: Date.now(), state: next })
  }

  private async load(clientId: string): Promise<ClientPolicyState> {
    const [row] = await this.db.select().from(clients).where(eq(clients.clientId, clientId))
    if (!row) throw new GatewayError('CLIENT_UNKNOWN', 'The client is not registered')
    const { live, previous } = await latestVersions(this.db, clientId)
    if (live)
      return buildGoverned(
        signedSetOf(live),
        previous ? signedSetOf(previous) : 'bootstrap',
        this.options.priceMaxAge,
      )
    return build(row, this.options.priceMaxAge)
  }
}

/** What a client's state derives from its set's content, besides the evaluator. */
function derived(clientId: string, set: SignedPolicySet, indexed?: EntityIndex) {
  const entities = set.content.entities as unknown as Entities
  const enabled = new Set(set.content.presets ?? [])
  const presets = BUILTIN_PRESETS.filter((preset) => enabled.has(preset.id))
  const limitedPolicies = [
    ...(set.content.policies as Policy[]),
    ...presets.flatMap((preset) => preset.policies as Policy[]),
  ]
  const index = indexed ?? loadEntities(entities, { kind: 'full' }).index
  return {
    clientId,
    entities,
    index,
    presets: new Map(presets.map((preset) => [preset.id, preset])),
    usesHistory: historyReach(limitedPolicies, 0) !== undefined,
    limitedPolicies,
    currencies: currenciesIn(limitedPolicies),
    logState: policyStateHash({
      policies: set.content.policies,
      presets: set.content.presets ?? [],
      entities: set.content.entities,
    }),
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
  const base = derived(set.setId, set)
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

function build(
  row: typeof clients.$inferSelect,
  priceMaxAge: number | undefined,
): Promise<ClientPolicyState> {
  return buildClientPolicyState(
    {
      clientId: row.clientId,
      entities: row.entities,
      policies: row.policies,
      presetIds: row.presets as string[],
    },
    priceMaxAge,
  )
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
  const entities = documents.entities as Entities
  const policies = documents.policies as Policy[]
  const enabled = new Set(documents.presetIds)
  const presets = BUILTIN_PRESETS.filter((preset) => enabled.has(preset.id))
  // Presets decide with the same history as the client's own policies.
  const limitedPolicies = [...policies, ...presets.flatMap((preset) => preset.policies as Policy[])]
  const usesHistory = historyReach(limitedPolicies, 0) !== undefined
  // Validated and indexed once, where the stored document comes in; the evaluator and the decoder share the index.
  const { index } = loadEntities(entities, { kind: 'full' })
  const base = {
    clientId: documents.clientId,
    entities,
    index,
    presets: new Map(presets.map((preset) => [preset.id, preset])),
    usesHistory,
    limitedPolicies,
    currencies: currenciesIn(limitedPolicies),
    logState: policyStateHash({
      policies,
      presets: [...documents.presetIds],
      entities: entities as unknown as Record<string, unknown>,
    }),
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
      presets,
      ...(priceMaxAge === undefined ? {} : { priceMaxAge }),
    })
    return { ...base, evaluator }
  } catch (error) {
    // Fail closed: a client whose policies cannot be loaded gets refusals, never permits.
    return { ...base, evaluator: null, unavailable: error instanceof Error ? error.message : 'unknown error' }
  }
}
