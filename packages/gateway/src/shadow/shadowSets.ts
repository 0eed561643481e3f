import { loadEntities } from '@rampart/entities'
import {
  BUILTIN_PRESETS,
  createEvaluator,
  type Evaluator,
  historyReach,
  type Policy,
} from '@rampart/evaluator'
import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { policyProposals } from '../governance/governanceSchema'

/** A client's shadow set: the proposal approved for shadow, loaded in an evaluator of its own. */
export type ShadowSet = {
  proposalId: string
  evaluator: Evaluator
  /** The proposal's policies and its presets': the windows its limits count. */
  limitedPolicies: Policy[]
  usesHistory: boolean
}

type Entry = { version: string; checkedAt: number; set: Promise<ShadowSet | null> }

/** How long a client's shadow set is used before the proposals are read again, as the live policies are. */
const REVALIDATE_AFTER_MS = 1000

/**
 * Each client's shadow set, the newest of its proposals with status APPROVED_FOR_SHADOW, built once per proposal
 * and status change, and looked up at most once a second per client. A proposal whose content cannot be loaded has
 * no shadow set (the reason is logged): shadow mode only observes, so nothing live depends on it.
 */
export class ShadowSets {
  private readonly cache = new Map<string, Entry>()

  constructor(
    private readonly db: Database,
    private readonly onUnloadable: (proposalId: string, reason: string) => void,
  ) {}

  async forClient(clientId: string, now = Date.now()): Promise<ShadowSet | null> {
    const cached = this.cache.get(clientId)
    if (cached && now - cached.checkedAt < REVALIDATE_AFTER_MS) return cached.set
    const [row] = await this.db
      .select({ proposalId: policyProposals.proposalId, updatedAt: policyProposals.updatedAt })
      .from(policyProposals)
      .where(and(eq(policyProposals.clientId, clientId), eq(policyProposals.status, 'APPROVED_FOR_SHADOW')))
      .orderBy(desc(policyProposals.updatedAt))
      .limit(1)
    const version = row ? `${row.proposalId}@${row.updatedAt.getTime()}` : ''
    if (cached && cached.version === version) {
      cached.checkedAt = now
      return cached.set
    }
    const set = row ? this.load(row.proposalId) : Promise.resolve(null)
    this.cache.set(clientId, { version, checkedAt: now, set })
    return set
  }

  private async load(proposalId: string): Promise<ShadowSet | null> {
    const [row] = await this.db
      .select({ content: policyProposals.content })
      .from(policyProposals)
      .where(eq(policyProposals.proposalId, proposalId))
    if (!row) return null
    try {
      const loaded = loadEntities(row.content.entities, { kind: 'full' })
      if (!loaded.valid) throw new Error('its entities are invalid')
      const enabled = new Set(row.content.presets ?? [])
      const presets = BUILTIN_PRESETS.filter((preset) => enabled.has(preset.id))
      const policies = row.content.policies as unknown as Policy[]
      const evaluator = await createEvaluator({ entities: loaded.index, policies, presets })
      const limitedPolicies = [...policies, ...presets.flatMap((preset) => preset.policies as Policy[])]
      return {
        proposalId,
        evaluator,
        limitedPolicies,
        usesHistory: historyReach(limitedPolicies, 0) !== undefined,
      }
    } catch (error) {
      this.onUnloadable(proposalId, error instanceof Error ? error.message : String(error))
      return null
    }
  }
}
