import { ID_COLLECTIONS, type IdCollection, LINK_SIDES, type LinkCollection } from '@rampart/entities'
import { canonicalJson } from '../canonicalJson'
import type { PolicySetContent } from '../generated/signedPolicySet'

/** What changed in one collection, by id (a link by its two ids, `left:right`). */
export interface CollectionDiff {
  added: string[]
  removed: string[]
  changed: string[]
}

/** What a proposed content changes against the live one: policies and entities by id, presets, governance. */
export interface PolicySetDiff {
  policies: CollectionDiff
  entities: Partial<Record<IdCollection | LinkCollection, CollectionDiff>>
  presets: { added: string[]; removed: string[] }
  /** Whether the quorum that approves the next change is another. */
  governanceChanged: boolean
  /** Whether the policies are the same but in another order (order decides which policy is reported as deciding). */
  policiesReordered: boolean
}

type Entity = Record<string, unknown>
const LINK_COLLECTIONS = Object.keys(LINK_SIDES) as LinkCollection[]

const keyOf = (collection: IdCollection | LinkCollection, entity: Entity): string => {
  if (collection in LINK_SIDES) {
    const [left, right] = LINK_SIDES[collection as LinkCollection]
    return `${String(entity[left])}:${String(entity[right])}`
  }
  return String(entity.id)
}

function diffById(before: readonly Entity[], after: readonly Entity[], key: (entity: Entity) => string) {
  const old = new Map(before.map((entity) => [key(entity), entity]))
  const diff: CollectionDiff = { added: [], removed: [], changed: [] }
  const kept = new Set<string>()
  for (const entity of after) {
    const id = key(entity)
    kept.add(id)
    const was = old.get(id)
    if (was === undefined) diff.added.push(id)
    else if (canonicalJson(was) !== canonicalJson(entity)) diff.changed.push(id)
  }
  for (const id of old.keys()) if (!kept.has(id)) diff.removed.push(id)
  return diff
}

const isEmpty = (diff: CollectionDiff) => diff.added.length + diff.removed.length + diff.changed.length === 0
const collection = (content: PolicySetContent, name: string) =>
  ((content.entities as Record<string, unknown>)[name] as Entity[] | undefined) ?? []

/** The differences between the live content and a proposed one, by id: what a reviewer reads before approving. */
export function diffPolicySets(live: PolicySetContent, next: PolicySetContent): PolicySetDiff {
  const policyId = (policy: Entity) => String(policy.id)
  const policies = diffById(live.policies as Entity[], next.policies as Entity[], policyId)
  const entities: PolicySetDiff['entities'] = {}
  for (const name of [...ID_COLLECTIONS, ...LINK_COLLECTIONS]) {
    const diff = diffById(collection(live, name), collection(next, name), (entity) => keyOf(name, entity))
    if (!isEmpty(diff)) entities[name] = diff
  }
  const livePresets = new Set(live.presets ?? [])
  const nextPresets = new Set(next.presets ?? [])
  const order = (content: PolicySetContent) => (content.policies as Entity[]).map(policyId).join('\u0000')
  return {
    policies,
    entities,
    presets: {
      added: [...nextPresets].filter((id) => !livePresets.has(id)),
      removed: [...livePresets].filter((id) => !nextPresets.has(id)),
    },
    governanceChanged: canonicalJson(live.governance) !== canonicalJson(next.governance),
    policiesReordered: isEmpty(policies) && order(live) !== order(next),
  }
}
